/** An uploaded invoice export (CSV or XLSX) read into the rows to store, or every problem with its line. */
import type { ImportError } from "../../shared/invoices/invoice-groups.ts";
import { invoiceFields, normaliseHeader, requiredFields, type ColumnMapping, type InvoiceField } from "./invoice-columns.ts";
import { isXlsx, readXlsx, readCsv, type TableRecord } from "./invoice-file-tables.ts";
import { type Cell, text, parseAmountOre, parseDueDate, parseYesNo } from "./invoice-cells.ts";

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

export async function parseInvoiceFile(content: Uint8Array, mapping: ColumnMapping): Promise<ParsedInvoiceFile> {
  if (content.length === 0) return fileError("Filen er tom.");
  const table = isXlsx(content) ? await readXlsx(content) : readCsv(content);
  if ("error" in table) return { rows: [], errors: [table.error] };
  return readRows(table.records, mapping);
}

function fileError(message: string, line = 0): ParsedInvoiceFile {
  return { rows: [], errors: [{ line, message }] };
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

function capitalise(message: string): string {
  return message.charAt(0).toLocaleUpperCase("nb-NO") + message.slice(1);
}
