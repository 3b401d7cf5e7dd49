import { stringify } from "csv-stringify/sync";

/** One CSV column: its Norwegian header and how to read the cell from a row. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

/**
 * A text cell that a spreadsheet would read as a formula (=, +, -, @, their full-width forms, or a leading
 * tab/CR/LF) gets a leading apostrophe, the OWASP advice; Excel shows the text as typed. Numbers are
 * written as numbers. Applied to every text cell of every CSV the site makes.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r\n＝＋－＠]/.test(value) ? `'${value}` : value;
}

/**
 * Cells quoted whenever they hold any separator a spreadsheet might split on (semicolon, comma, tab), a
 * quote or a line break: a program that splits on commas still sees one cell, never a formula after a comma.
 */
const mustQuote = /[;,\t\r\n"]/;

/** CSV for Norwegian Excel (D9): UTF-8 with BOM, semicolons, CRLF, Norwegian headers, Ja/Nei, no formulas. */
export function norwegianCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return stringify(
    rows.map((row) => columns.map((column) => column.value(row) ?? "")),
    {
      bom: true,
      delimiter: ";",
      record_delimiter: "\r\n",
      header: true,
      columns: columns.map((column) => column.header),
      quoted_match: mustQuote,
      cast: {
        boolean: (value) => (value ? "Ja" : "Nei"),
        string: (value) => neutraliseFormula(value),
        number: (value) => String(value),
      },
    },
  );
}

/** `attachment; filename="…"` for an ASCII file name (ours always are). */
export function attachment(fileName: string): string {
  return `attachment; filename="${fileName}"`;
}
