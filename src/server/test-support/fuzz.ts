/**
 * Hostile input for the property-based endpoint tests: generators of random, oversized,
 * wrongly typed and malicious payloads, and the checks every answer must pass. `FUZZ_RUNS` sets the runs
 * per endpoint: 40 by default, a quick pass inside `npm test` that every endpoint still answers hostile
 * input; `npm run test:fuzz` and `npm run test:properties` (in `.ci/run`) use 10,000.
 */
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { parse as parseCsv } from "csv-parse/sync";
import { expect } from "vitest";
import type { Database } from "../db/database.ts";

export const fuzzRuns = Math.max(1, Number(process.env.FUZZ_RUNS) || 40);

/**
 * For a property that insists some of its generated requests are accepted (so the checks on stored data and
 * mails run on real rows): only a few generated bodies pass every field, and 40 runs leave that to chance (a
 * check run once stored none), so these keep 200 runs in the quick pass.
 */
export const acceptingRuns = Math.max(fuzzRuns, 200);

/**
 * The runs for a read whose only inputs are its token, a query string and headers it does not use. Those
 * inputs are few and quickly refused or ignored: past a thousand runs the big pass would mostly repeat the
 * same read (and build the same Excel file) instead of sending bodies and path parameters to code that
 * parses them.
 */
export function readRuns(runs: number = fuzzRuns): number {
  return Math.min(runs, 1000);
}
/**
 * PostgreSQL runs the same properties; in the reliability run (FUZZ_RUNS=10000) it takes a fifth of the runs
 * unless FUZZ_RUNS_POSTGRES says otherwise, so the whole run stays within minutes on two cores.
 */
function runsFor(kind: string, runs: number): number {
  if (kind !== "postgres" || !process.env.FUZZ_RUNS) return runs;
  const postgresRuns = Number(process.env.FUZZ_RUNS_POSTGRES);
  return postgresRuns > 0 ? Math.round((runs * postgresRuns) / fuzzRuns) : Math.max(200, Math.round(runs / 5));
}
/**
 * A limit against hangs, not a speed check: a property of 10,000 runs with database work takes a while, and
 * on a shared 2-core machine a 1,000-run property of reads took 95 s at a load average of 25.
 */
export const fuzzTimeoutMs = Math.max(120_000, fuzzRuns * 100);

// ---------- text ----------

/** Payloads an attacker or a confused client sends: markup, SQL, spreadsheet formulas, traversal, headers. */
export const hostileFragments = [
  "<script>alert(1)</script>",
  '"><script>alert(document.cookie)</script>',
  "<img src=x onerror=alert(1)>",
  "'\"><svg onload=alert(1)>",
  "</title><script>alert(1)</script>",
  "</textarea><iframe src=javascript:alert(1)>",
  '<a href="javascript:alert(1)">klikk</a>',
  "javascript:alert(1)",
  "' OR '1'='1",
  "'; DROP TABLE event_orders; --",
  "1; select pg_sleep(10) --",
  "\\'; delete from mail_outbox where '1'='1",
  "$1",
  '=HYPERLINK("http://example.invalid","Klikk")',
  "=cmd|' /C calc'!A0",
  "+1+1",
  "-2+3",
  "@SUM(A1:A9)",
  "\t=1+1",
  "\r=1+1",
  "=1+1",
  "../../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "%00",
  "\r\nSet-Cookie: stolen=1",
  "${7*7}",
  "{{7*7}}",
  "__proto__",
  "constructor",
  "Æøå ÆØÅ",
  "O'Brien",
  "Anne-Marie",
  "\u202Eevil\u202C",
  "a\u200Bb\u200Dc\uFEFF",
  "\u0000",
  "nul\u0000inside",
  "\uD800",
  "lone\uDC00surrogate",
  "🥋🇳🇴",
  "e\u0301\u0301\u0301",
  "\u2028\u2029",
  "\uFFFF\uFFFE",
  " ",
  "",
] as const;

/** Single characters that break naive code: NUL, lone surrogates, bidi overrides, zero-width, BOM, newlines. */
const oddCharacter = fc.constantFrom(
  "\u0000",
  "\u0001",
  "\u001f",
  "\u007f",
  "\uD800",
  "\uDBFF",
  "\uDC00",
  "\uDFFF",
  "\u202E",
  "\u202D",
  "\u2066",
  "\u200B",
  "\u200D",
  "\uFEFF",
  "\u2028",
  "\u00A0",
  "\r",
  "\n",
  "\t",
  "\\",
  '"',
  "'",
  "<",
  ">",
  "&",
  "=",
  "%",
  "İ",
  "ß",
  "Ø",
  "😀",
  "\u0301",
  "\uFFFD",
);

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileFragments) },
  {
    weight: 4,
    arbitrary: fc
      .array(
        fc.oneof(
          fc.constantFrom(...hostileFragments),
          fc.string({ unit: oddCharacter, maxLength: 6 }),
          fc.string({ unit: "binary", maxLength: 12 }),
          fc.string({ maxLength: 12 }),
        ),
        { minLength: 1, maxLength: 4 },
      )
      .map((parts) => parts.join("")),
  },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  // Oversized: past every field limit, sometimes past the body limit.
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom("A", "é", "<", "🥋"), fc.constantFrom(101, 255, 2001, 5000, 40_000)).map(([c, n]) => c.repeat(n)),
  },
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, -7, -30, -0, 0, 0.5, 7.5, 1e308, -1e308, 2 ** 53 + 2, -(2 ** 31), 2 ** 31, 2 ** 63, 1e-300, 126, 999_999_999_999),
  fc.integer(),
  fc.integer({ min: -5, max: 130 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Nested arrays or objects, deep enough to trip recursive code. */
const deepNesting: fc.Arbitrary<unknown> = fc.tuple(fc.integer({ min: 50, max: 3000 }), fc.boolean()).map(([depth, objects]) => {
  let value: unknown = "bunn";
  for (let i = 0; i < depth; i++) value = objects ? { a: value } : [value];
  return value;
});

/** Any JSON value of a type a field does not expect, or of the right type with a hostile value. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("__proto__", "constructor", "prototype", "toString", "a"), hostileText, { maxKeys: 3 }) },
  { weight: 1, arbitrary: deepNesting },
);

/** Replaces a random subset of an object's fields (and adds a few unknown ones). */
export function mutated<T extends Record<string, unknown>>(base: fc.Arbitrary<T>, keys: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      base,
      fc.array(fc.tuple(fc.constantFrom(...keys), hostileValue), { minLength: 1, maxLength: 4 }),
      fc.array(fc.tuple(fc.constantFrom(...keys), fc.boolean()), { maxLength: 2 }),
      fc.option(
        fc.tuple(
          hostileText.filter((key) => key.length < 50),
          hostileValue,
        ),
        { freq: 5 },
      ),
    )
    .map(([value, replacements, deletions, extra]) => {
      const copy: Record<string, unknown> = { ...value };
      for (const [key, replacement] of replacements) copy[key] = replacement;
      for (const [key, remove] of deletions) if (remove) delete copy[key];
      if (extra) Object.defineProperty(copy, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
      return copy;
    });
}

// ---------- bodies ----------

const contentTypes = fc.constantFrom<string | undefined>(
  "application/json",
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=----x",
  "application/xml",
  "application/octet-stream",
  undefined,
);

/** Raw bodies that are not a JSON object: broken JSON, prototype pollution, deep nesting, binary junk. */
export const rawBodies: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.constantFrom(
    '{"__proto__":{"polluted":"ja"}}',
    '{"constructor":{"prototype":{"polluted":"ja"}}}',
    '{"a":1,"__proto__":{"isAdmin":true}}',
    "{",
    "}",
    "[]",
    "null",
    "true",
    "0",
    '""',
    "-1e400",
    '{"a":1}{"b":2}',
    "\uFEFF{}",
    "\u0000",
    "[".repeat(100_000) + "]".repeat(100_000),
    '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000),
  ),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? "null"),
);

/** A JSON text with prototype-pollution keys spliced into an otherwise plausible object. */
function withPollutionKeys(json: string): fc.Arbitrary<string> {
  return fc
    .constantFrom('"__proto__":{"polluted":"ja"},', '"constructor":{"prototype":{"polluted":"ja"}},', '"__proto__":null,')
    .map((keys) => (json.startsWith("{") ? `{${keys}${json.slice(1)}` : json));
}

export interface BodyRequest {
  payload?: string;
  contentType?: string;
}

/** A JSON body of the given value (most often), or a raw hostile body, under some content type. */
export function jsonBodies(values: fc.Arbitrary<unknown>): fc.Arbitrary<BodyRequest> {
  return fc.oneof(
    { weight: 6, arbitrary: values.map((value) => ({ payload: JSON.stringify(value), contentType: "application/json" })) },
    {
      weight: 1,
      arbitrary: values.chain((value) => withPollutionKeys(JSON.stringify(value))).map((payload) => ({ payload, contentType: "application/json" })),
    },
    { weight: 1, arbitrary: fc.record({ payload: fc.option(rawBodies, { nil: undefined }), contentType: contentTypes }) },
    { weight: 1, arbitrary: fc.record({ payload: values.map((value) => JSON.stringify(value)), contentType: contentTypes }) },
  );
}

// ---------- URLs ----------

/** Percent-encodes any string as UTF-8, lone surrogates included (encodeURIComponent throws on those). */
export function encodeSegment(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.~-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** A path segment: encoded hostile text, or raw junk that is not valid percent-encoding. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: hostileText.map((text) => encodeSegment(text.slice(0, 300))) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "%",
      "%zz",
      "%E0%A4%A",
      "%C0%AF",
      "..",
      "%2e%2e",
      "%2F",
      "a%00b",
      "%uD800",
      "-1",
      "0",
      "1e3",
      "0x10",
      "NaN",
      "Infinity",
    ),
  },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.constantFrom(1, 2, 3, 2 ** 31, 999_999_999, 1_000_000_000)).map(String) },
);

export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constant(""),
  hostileSegment.map((value) => `?year=${value}`),
  fc.constantFrom(
    "?year=2026",
    "?year=1999",
    "?year=2101",
    "?year=2026&year=2025",
    "?year[]=1",
    "?__proto__[x]=1&constructor[prototype][y]=2",
    "?year=%",
    "?" + "a=1&".repeat(2000),
  ),
  fc.array(fc.tuple(hostileSegment, hostileSegment), { maxLength: 3 }).map((pairs) => "?" + pairs.map(([k, v]) => `${k}=${v}`).join("&")),
);

/** Header values light-my-request accepts (visible ASCII), hostile otherwise. */
export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  hostileText.map((text) => encodeSegment(text.slice(0, 200))),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 100 }),
);

// ---------- checks ----------

/** Every user string collected from a request value (keys too), for the reflection checks. */
export function stringsIn(value: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 20) return out;
  if (typeof value === "string") out.push(value, value.trim());
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out, depth + 1);
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      stringsIn(item, out, depth + 1);
    }
  }
  return out;
}

// The one image a template has: the check-in QR code, attached to the mail and named by its content id.
const activeMarkup =
  /<(script|img(?!\s+src="cid:qr-[A-Z0-9]+@qr\.skitaekwondo\.no")|svg|iframe(?!\s+sandbox)|object|embed|math|form(?!\s+method="post"\s+action="\/vipps-sim\/landing\/)|textarea)\b/i;

/**
 * HTML that carries user text (a mail's HTML part, the development mail page, the simulator's landing
 * page) never holds it unescaped: no user string with markup characters appears verbatim, and no active
 * element the template does not have.
 */
export function expectEscaped(html: string, userStrings: readonly string[], where: string) {
  const match = activeMarkup.exec(html);
  expect(match, `${where}: active markup ${match?.[0]} in ${html.slice(Math.max(0, (match?.index ?? 0) - 80), (match?.index ?? 0) + 80)}`).toBeNull();
  for (const text of userStrings) {
    if (text.length >= 4 && /[<>"]/.test(text)) {
      expect(html.includes(text), `${where}: unescaped user text ${JSON.stringify(text)}`).toBe(false);
    }
  }
}

/** A CSV download: every text cell that a spreadsheet could run as a formula carries the leading apostrophe. */
export function expectFormulaNeutral(csv: string, where: string) {
  const rows = parseCsv(csv, { delimiter: ";", bom: true, relax_column_count: false }) as string[][];
  for (const row of rows) {
    for (const cell of row) {
      if (/^-?\d+(?:[.,]\d+)?$/.test(cell)) continue; // a number, written as one
      expect(/^[=+\-@\t\r]/.test(cell), `${where}: formula cell ${JSON.stringify(cell.slice(0, 80))}`).toBe(false);
    }
  }
  return rows;
}

// ---------- database ----------

/** Row counts of the given tables in one round trip. */
async function rowCounts(database: Database, tables: readonly string[]): Promise<Record<string, number>> {
  if (tables.length === 0) return {};
  const columns = tables.map((table) => `(select count(*) from ${table})::int as "${table}"`).join(", ");
  const result = await database.db.execute<Record<string, number>>(sql.raw(`select ${columns}`));
  return Object.fromEntries(tables.map((table) => [table, Number(result.rows[0]![table])]));
}

/**
 * The tables a request could write personal data, money or access to (login attempts are a throttle
 * record). Companions and price lines are only ever written with their registration, in one transaction.
 * Counting costs a query per run, so each endpoint counts the tables it could write to.
 */
const dataTables = [
  "event_orders",
  "event_positions",
  "event_ledger_entries",
  "event_payments",
  "event_payment_actions",
  "mail_outbox",
  "event_waitlist_offers",
  "order_changes",
  "family_links",
  "new_member_registrations",
  "invoices",
  "invoice_files",
  "admin_tokens",
] as const;

// ---------- the runner ----------

/** Error log lines of the app under test, so a 5xx counterexample says what broke. */
export function errorLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      if (lines.length > 50) lines.shift();
      done();
    },
  });
  return { lines, logger: { level: "error", stream } };
}

export interface FuzzContext {
  app: { inject: (options: InjectOptions) => Promise<LightMyRequestResponse> };
  database: Database;
  log: string[];
}

/** For endpoints that write nothing at all. */
export const readOnlyTables = ["event_orders", "new_member_registrations", "mail_outbox"] as const;

export interface EndpointFuzz<Req> {
  requests: fc.Arbitrary<Req>;
  toInject: (request: Req) => InjectOptions;
  /** The tables a rejected request must leave as they were (default: every data table). */
  unchangedWhenRejected?: readonly string[];
  /** Default: any 4xx. */
  rejected?: (res: LightMyRequestResponse) => boolean;
  /** Further checks of the answer (reflection, CSV cells …). */
  check?: (request: Req, res: LightMyRequestResponse) => Promise<void> | void;
  runs?: number;
  /**
   * For endpoints that never add or remove a row, whatever they are sent: the counts must never change,
   * checked every `readOnlyCheckEvery` runs and at the end instead of after each run (fewer queries).
   */
  readOnly?: boolean;
}

const readOnlyCheckEvery = 50;

/** Runs one endpoint's property: never a 5xx; a rejected request changes no data table; plus its checks. */
export async function fuzzEndpoint<Req>(context: FuzzContext & { kind: string }, spec: EndpointFuzz<Req>) {
  const tables = spec.unchangedWhenRejected ?? dataTables;
  const rejected = spec.rejected ?? ((res: LightMyRequestResponse) => res.statusCode >= 400);
  // One count per run: the counts after the previous request are the counts before this one.
  let before = await rowCounts(context.database, tables);
  const initial = before;
  let run = 0;
  await fc.assert(
    fc.asyncProperty(spec.requests, async (request) => {
      const options = spec.toInject(request);
      context.log.length = 0;
      const res = await context.app.inject(options);
      expect(
        res.statusCode,
        `${options.method ?? "GET"} ${String(options.url).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}\n${context.log.join("")}`,
      ).toBeLessThan(500);
      if (spec.readOnly) {
        if (++run % readOnlyCheckEvery === 0)
          expect(await rowCounts(context.database, tables), "a read-only endpoint changed the data").toEqual(initial);
      } else {
        const after = await rowCounts(context.database, tables);
        const unchanged = before;
        before = after;
        if (rejected(res)) expect(after, `rejected (${res.statusCode}) but stored`).toEqual(unchanged);
      }
      await spec.check?.(request, res);
    }),
    { numRuns: runsFor(context.kind, spec.runs ?? fuzzRuns), endOnFailure: false },
  );
  if (spec.readOnly) expect(await rowCounts(context.database, tables), "a read-only endpoint changed the data").toEqual(initial);
  // Prototype pollution anywhere in the process would show here.
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
}

// ---------- the app under test ----------

/** The camp season the fuzz apps live in: registration open, the Vipps simulator on, no timers. */
export const fuzzNow = new Date("2026-10-15T10:00:00Z");

export async function buildFuzzApp(database: Database, env: Record<string, string> = {}) {
  // Frozen in the camp season; `advance` lets time pass (old login attempts are pruned after 15 minutes).
  const clock = { now: fuzzNow, advance: (ms: number) => (clock.now = new Date(clock.now.getTime() + ms)) };
  const { buildTestApp } = await import("./app.ts");
  const { createTestTransport } = await import("./camp.ts");
  const log = errorLog();
  const transport = createTestTransport();
  const app = await buildTestApp(database, {
    clock: () => clock.now,
    logger: log.logger,
    env: { VIPPS_SIMULATOR: "true", CAMP_YEAR: "2026", PUBLIC_BASE_URL: "https://klubb.example", PUBLIC_POST_RATE_LIMIT: "0", ...env },
    vipps: { startReconciler: false, client: { sleep: async () => {}, timeoutMs: 2_000 } },
    // The login slow-down's wait would only make the runs slow; the path to it still runs.
    adminAuth: { sleep: async () => {} },
    mail: { transport, startWorker: false },
  });
  return { app, transport, log: log.lines, clock };
}
