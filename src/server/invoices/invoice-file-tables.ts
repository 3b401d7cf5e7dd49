/** An uploaded invoice file as a table: CSV or XLSX read into numbered records of cells. */
import { parse } from "csv-parse/sync";
import { CsvError } from "csv-parse";
import ExcelJS from "exceljs";
import type { ImportError } from "../../shared/invoices/invoice-groups.ts";
import { checkXlsxArchive, xlsxLimitMessages } from "./xlsx-archive-limits.ts";
import type { Cell } from "./invoice-cells.ts";

/** XLSX files are zip archives; everything else is read as CSV. */
export function isXlsx(content: Uint8Array): boolean {
  return content.length >= 4 && content[0] === 0x50 && content[1] === 0x4b && content[2] === 0x03 && content[3] === 0x04;
}

export interface TableRecord {
  line: number;
  cells: Cell[];
}

// ---------- CSV ----------

/**
 * UTF-8 with or without BOM; a file that is not valid UTF-8 is read as Windows-1252, which is what older
 * Norwegian Excel saves as "CSV". The delimiter is whichever of ; and , the header line has more of.
 */
export function readCsv(content: Uint8Array): { records: TableRecord[] } | { error: ImportError } {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(content);
  } catch {
    text = new TextDecoder("windows-1252").decode(content);
  }
  text = text.replace(/^\ufeff/, "");
  const headerLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = count(headerLine, ";") >= count(headerLine, ",") ? ";" : ",";
  try {
    const records = parse(text, {
      delimiter,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return { records: records.map(({ record, info }) => ({ line: info.lines, cells: record })) };
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 0;
      const why = error.code === "CSV_QUOTE_NOT_CLOSED" ? "et anførselstegn er ikke lukket" : "ugyldige anførselstegn";
      return { error: { line, message: `Filen kan ikke leses som CSV: ${why}.` } };
    }
    throw error;
  }
}

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n++;
  return n;
}

// ---------- XLSX ----------

/** The first worksheet; row numbers are Excel's own, so "rad 7" is row 7 in Excel. */
export async function readXlsx(content: Uint8Array): Promise<{ records: TableRecord[] } | { error: ImportError }> {
  // exceljs unpacks the whole archive into memory: a zip bomb must be stopped before it gets there.
  const refused = await checkXlsxArchive(content);
  if (refused) return { error: { line: 0, message: refused } };
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's Buffer type predates Node's generic Buffer; a Buffer view of the same bytes is what it wants.
    await workbook.xlsx.load(Buffer.from(content.buffer, content.byteOffset, content.byteLength) as never);
  } catch {
    return { error: { line: 0, message: xlsxLimitMessages.unreadable } };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { error: { line: 0, message: "Excel-filen har ingen ark." } };
  const records: TableRecord[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values = row.values as unknown[];
    const cells: Cell[] = [];
    for (let i = 1; i < values.length; i++) cells.push(cellValue(values[i]));
    if (cells.some((cell) => cell !== null && cell !== "")) records.push({ line: rowNumber, cells });
  });
  return { records };
}

function cellValue(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "boolean" || value instanceof Date) return value;
  if (typeof value === "object") {
    const object = value as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: unknown };
    if ("result" in object) return cellValue(object.result);
    if (object.richText)
      return object.richText
        .map((part) => part.text)
        .join("")
        .trim();
    if (typeof object.text === "string") return object.text.trim();
    if (object.error) return null;
  }
  return String(value);
}
