import { parse } from "csv-parse/sync";
import { CsvError } from "csv-parse";
import ExcelJS from "exceljs";
import type { ImportError } from "../../shared/invoices/invoice-groups.ts";
import { checkXlsxArchive, xlsxLimitMessages } from "./xlsx-archive-limits.ts";
import { invoiceFields, normaliseHeader, requiredFields, type ColumnMapping, type InvoiceField } from "./invoice-columns.ts";

/** One valid row of the export. */
interface InvoiceRow {
  line: number;
  name: string;
  email: string;
  amountOre: number;
  /** YYYY-MM-DD */
  dueDate: string;
  avtalegiro: boolean;
  invoiceNumber: string | null;
  kid: string | null;
}

export interface ParsedInvoiceFile {
  rows: InvoiceRow[];
  /** Empty when every row is valid; then (and only then) the rows may replace the stored ones. */
  errors: ImportError[];
}

/** A cell as it came out of the file: CSV gives text, XLSX also numbers, dates and booleans. */
type Cell = string | number | boolean | Date | null;

const maxInvoiceRows = 50_000;

const fieldLabels: Record<InvoiceField, string> = {
  name: "navn",
  email: "e-post",
  amount: "beløp",
  dueDate: "forfallsdato",
  avtalegiro: "AvtaleGiro",
  invoiceNumber: "fakturanummer",
  kid: "KID",
};

/** XLSX files are zip archives; everything else is read as CSV. */
function isXlsx(content: Uint8Array): boolean {
  return content.length >= 4 && content[0] === 0x50 && content[1] === 0x4b && content[2] === 0x03 && content[3] === 0x04;
}

export async function parseInvoiceFile(content: Uint8Array, mapping: ColumnMapping): Promise<ParsedInvoiceFile> {
  if (content.length === 0) return fileError("Filen er tom.");
  const table = isXlsx(content) ? await readXlsx(content) : readCsv(content);
  if ("error" in table) return { rows: [], errors: [table.error] };
  return readRows(table.records, mapping);
}

interface TableRecord {
  line: number;
  cells: Cell[];
}

function fileError(message: string, line = 0): ParsedInvoiceFile {
  return { rows: [], errors: [{ line, message }] };
}

// ---------- CSV ----------

/**
 * UTF-8 with or without BOM; a file that is not valid UTF-8 is read as Windows-1252, which is what older
 * Norwegian Excel saves as "CSV". The delimiter is whichever of ; and , the header line has more of.
 */
function readCsv(content: Uint8Array): { records: TableRecord[] } | { error: ImportError } {
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
async function readXlsx(content: Uint8Array): Promise<{ records: TableRecord[] } | { error: ImportError }> {
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

// ---------- rows ----------

function readRows(records: TableRecord[], mapping: ColumnMapping): ParsedInvoiceFile {
  const header = records[0];
  if (!header) return fileError("Filen er tom.");
  const columnOf = new Map<InvoiceField, number>();
  const normalisedHeaders = header.cells.map((cell) => normaliseHeader(cell === null ? "" : String(cell)));
  for (const field of invoiceFields) {
    const index = normalisedHeaders.indexOf(normaliseHeader(mapping[field]));
    if (index >= 0) columnOf.set(field, index);
  }
  const missing = requiredFields.filter((field) => !columnOf.has(field));
  if (missing.length > 0) {
    const names = missing.map((field) => `«${mapping[field]}»`).join(", ");
    return fileError(
      `Mangler ${missing.length === 1 ? "kolonnen" : "kolonnene"} ${names} i overskriftsraden. Fant: ${header.cells.filter((c) => c !== null && c !== "").join(", ") || "ingen overskrifter"}.`,
      header.line,
    );
  }
  const data = records.slice(1);
  if (data.length === 0) {
    // An export of nothing is far more likely a wrong file than a club where everyone has paid.
    return fileError("Filen har ingen fakturaer, bare overskriftsraden. Listen er ikke endret.", header.line);
  }
  if (data.length > maxInvoiceRows) return fileError(`Filen har mer enn ${maxInvoiceRows} rader.`, header.line);

  const rows: InvoiceRow[] = [];
  const errors: ImportError[] = [];
  const invoiceNumberLines = new Map<string, number>();
  for (const record of data) {
    const cell = (field: InvoiceField): Cell => {
      const index = columnOf.get(field);
      return index === undefined ? null : (record.cells[index] ?? null);
    };
    const problems: string[] = [];
    const name = text(cell("name"));
    if (name === "") problems.push("navn mangler");
    const email = text(cell("email"));
    if (email !== "" && !/^[^\s@,;]+@[^\s@,;]+$/.test(email)) problems.push(`e-postadressen «${email}» er ugyldig`);
    const amountOre = parseAmountOre(cell("amount"));
    if (typeof amountOre === "string") problems.push(amountOre);
    const dueDate = parseDueDate(cell("dueDate"));
    if (dueDate.startsWith("!")) problems.push(dueDate.slice(1));
    const avtalegiro = parseYesNo(cell("avtalegiro"));
    if (avtalegiro === undefined) problems.push(`${fieldLabels.avtalegiro} må være Ja eller Nei, ikke «${text(cell("avtalegiro"))}»`);
    const invoiceNumber = text(cell("invoiceNumber")) || null;
    if (invoiceNumber) {
      const earlier = invoiceNumberLines.get(invoiceNumber);
      if (earlier !== undefined) problems.push(`fakturanummer ${invoiceNumber} står også på rad ${earlier}`);
      else invoiceNumberLines.set(invoiceNumber, record.line);
    }
    const kid = text(cell("kid")).replace(/\s/g, "") || null;
    if (kid && !/^\d{2,25}-?$/.test(kid)) problems.push(`KID «${kid}» kan bare ha sifre`);

    if (problems.length > 0) {
      errors.push({ line: record.line, message: capitalise(problems.join("; ")) + "." });
    } else {
      rows.push({
        line: record.line,
        name,
        email,
        amountOre: amountOre as number,
        dueDate,
        avtalegiro: avtalegiro as boolean,
        invoiceNumber,
        kid,
      });
    }
  }
  return { rows: errors.length > 0 ? [] : rows, errors };
}

function text(cell: Cell): string {
  if (cell === null) return "";
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

function capitalise(message: string): string {
  return message.charAt(0).toLocaleUpperCase("nb-NO") + message.slice(1);
}

/**
 * Norwegian amounts: "1 234,50", "1.234,50", "1234,5", "kr 450" — and also "1234.50" as some systems
 * write it. Where both . and , occur the last one is the decimal mark; a lone . followed by exactly three
 * digits groups thousands ("1.234"). Returns øre, or a Norwegian reason.
 */
export function parseAmountOre(cell: Cell): number | string {
  if (typeof cell === "number") {
    if (!Number.isFinite(cell)) return "beløpet er ikke et tall";
    return positive(Math.round(cell * 100));
  }
  const raw = text(cell);
  if (raw === "") return "beløp mangler";
  const invalid = `beløpet «${raw}» er ikke et gyldig kronebeløp`;
  let value = raw.replace(/^kr\.?\s*|\s*(kr|nok)\.?$/i, "").replace(/,-$/, "");
  // Spaces may only group thousands: "1 234,5 6" is a typo, not 1234,56.
  if (/[\s\u00a0\u202f']/.test(value) && !/^-?\d{1,3}([\s\u00a0\u202f']\d{3})+([.,]\d{1,2})?$/.test(value)) return invalid;
  value = value.replace(/[\s\u00a0\u202f']/g, "");
  const lastComma = value.lastIndexOf(",");
  const lastDot = value.lastIndexOf(".");
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? "," : ".";
    const group = decimal === "," ? "." : ",";
    value = value.split(group).join("").replace(decimal, ".");
  } else if (lastComma >= 0) {
    value = value.replace(",", ".");
  } else if (lastDot >= 0 && /^-?\d{1,3}(\.\d{3})+$/.test(value)) {
    value = value.split(".").join("");
  }
  if (!/^-?\d+(\.\d{1,2})?$/.test(value)) return invalid;
  const [whole, fraction = ""] = value.replace("-", "").split(".");
  const ore = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return positive(value.startsWith("-") ? -ore : ore, raw);
}

function positive(ore: number, raw?: string): number | string {
  if (ore <= 0) return `beløpet${raw ? ` «${raw}»` : ""} må være større enn 0`;
  if (ore > 100_000_000_00) return `beløpet${raw ? ` «${raw}»` : ""} er urimelig stort`;
  return ore;
}

/** YYYY-MM-DD or DD.MM.YYYY (also D.M.YYYY); an Excel date cell is a calendar day. "!" marks a reason. */
export function parseDueDate(cell: Cell): string {
  let year: number, month: number, day: number;
  if (cell instanceof Date) {
    // exceljs gives a date cell as midnight UTC of the day shown in Excel.
    [year, month, day] = [cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate()];
  } else if (typeof cell === "number" && cell > 20000 && cell < 80000) {
    // A date cell without date formatting: Excel's day count from 1899-12-30.
    const date = new Date(Date.UTC(1899, 11, 30) + Math.round(cell) * 86_400_000);
    [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  } else {
    const raw = text(cell);
    if (raw === "") return "!forfallsdato mangler";
    const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(raw);
    const norwegian = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(raw);
    if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    else if (norwegian) [year, month, day] = [Number(norwegian[3]), Number(norwegian[2]), Number(norwegian[1])];
    else return `!forfallsdatoen «${raw}» må skrives som ÅÅÅÅ-MM-DD eller DD.MM.ÅÅÅÅ`;
    const check = new Date(Date.UTC(year, month - 1, day));
    if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || year < 1900) {
      return `!forfallsdatoen «${raw}» finnes ikke`;
    }
  }
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Ja/Nei, and the usual spellings of yes and no that exports use; an empty cell is Nei. */
export function parseYesNo(cell: Cell): boolean | undefined {
  if (typeof cell === "boolean") return cell;
  if (typeof cell === "number") return cell === 1 ? true : cell === 0 ? false : undefined;
  const value = text(cell).toLowerCase();
  if (["ja", "j", "yes", "y", "true", "1", "x", "sann"].includes(value)) return true;
  if (["nei", "n", "no", "false", "0", "", "usann"].includes(value)) return false;
  return undefined;
}
