/** Hostile values for the fuzz properties: markup, SQL, formulas, odd characters, odd numbers and deep nesting. */
import fc from "fast-check";

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
