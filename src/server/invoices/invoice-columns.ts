import { z } from "zod";

/** The fields an export must (or may) provide, and the column headers they have by default (D8). */
export const invoiceFields = ["name", "email", "amount", "dueDate", "avtalegiro", "invoiceNumber", "kid"] as const;
export type InvoiceField = (typeof invoiceFields)[number];

export const requiredFields: readonly InvoiceField[] = ["name", "email", "amount", "dueDate", "avtalegiro"];

export const defaultColumns: Record<InvoiceField, string> = {
  name: "Navn",
  email: "Epost",
  amount: "Beløp",
  dueDate: "Forfallsdato",
  avtalegiro: "AvtaleGiro",
  invoiceNumber: "Fakturanummer",
  kid: "KID",
};

export type ColumnMapping = Record<InvoiceField, string>;

const MappingSchema = z.strictObject(
  Object.fromEntries(invoiceFields.map((field) => [field, z.string().trim().min(1).max(200).optional()])) as Record<
    InvoiceField,
    z.ZodOptional<z.ZodString>
  >,
);

/**
 * INVOICE_COLUMNS: a JSON object from our field names to the export's headers, e.g.
 *   {"name":"Medlem","email":"E-post","amount":"Utestående","dueDate":"Forfall"}
 * Fields left out keep their default header. A bad value stops the start-up with a clear message.
 */
export function parseColumnMapping(json: string | undefined): ColumnMapping {
  if (json === undefined || json.trim() === "") return { ...defaultColumns };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error('INVOICE_COLUMNS is not valid JSON (expected an object such as {"name":"Medlem"})');
  }
  const parsed = MappingSchema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`).join("; ");
    throw new Error(`INVOICE_COLUMNS: ${problems}. Known fields: ${invoiceFields.join(", ")}`);
  }
  const mapping = { ...defaultColumns };
  for (const field of invoiceFields) {
    const header = parsed.data[field];
    if (header) mapping[field] = header;
  }
  const seen = new Map<string, InvoiceField>();
  for (const field of invoiceFields) {
    const key = normaliseHeader(mapping[field]);
    const other = seen.get(key);
    if (other) throw new Error(`INVOICE_COLUMNS: ${other} and ${field} point at the same column`);
    seen.set(key, field);
  }
  return mapping;
}

/**
 * Headers are compared without case, accents, spaces or punctuation, so "Beløp", "BELOP", "E-post" and
 * "Epost" match. ø, æ and å are not accents to Unicode and are folded by hand.
 */
export function normaliseHeader(header: string): string {
  return header
    .replace(/^\ufeff/, "")
    .toLowerCase()
    .replace(/ø/g, "o")
    .replace(/æ/g, "ae")
    .replace(/å/g, "a")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]/g, "");
}
