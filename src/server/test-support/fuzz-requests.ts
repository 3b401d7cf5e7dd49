/** Hostile requests for the fuzz properties: raw and JSON bodies, path segments, query strings and header values. */
import fc from "fast-check";
import { hostileText } from "./fuzz-values.ts";

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
