/**
 * The runner of the property-based endpoint tests: each endpoint is sent hostile requests (fuzz-requests.ts,
 * fuzz-values.ts) and must never answer with a 5xx nor store what it refused; its own checks (fuzz-checks.ts)
 * run on every answer. The runs per endpoint are in fuzz-runs.ts.
 */
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Database } from "../db/database.ts";
import { runsFor, fuzzRuns } from "./fuzz-runs.ts";

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
  /** Waits for work the request left to run after its answer (a queued mail), before the tables are counted. */
  settle?: () => Promise<void>;
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
      await spec.settle?.();
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
