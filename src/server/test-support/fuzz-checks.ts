/** The checks a fuzzed answer must pass: every user string escaped in HTML, no live formula in a CSV. */
import { parse as parseCsv } from "csv-parse/sync";
import { expect } from "vitest";

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
