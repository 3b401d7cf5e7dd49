import type { ImportError } from "../../shared/invoices/invoice-groups.ts";

/** "2026-03-01" → "01.03.2026" */
export function norwegianDate(iso: string): string {
  const [year, month, day] = iso.split("-");
  return `${day}.${month}.${year}`;
}

export function daysLabel(days: number): string {
  return days === 1 ? "1 dag" : `${days} dager`;
}

export function invoicesLabel(count: number): string {
  return count === 1 ? "1 faktura" : `${count} fakturaer`;
}

/** "Rad 3: …", or the message alone for a problem with the whole file. */
export function importErrorLabel(error: ImportError): string {
  return error.line > 0 ? `Rad ${error.line}: ${error.message}` : error.message;
}
