import type { ImportError } from "../../shared/invoices/invoice-groups.ts";

/** "2026-03-01" → "01.03.2026" */
export function norwegianDate(iso: string): string {
  const [year, month, day] = iso.split("-");
  return `${day}.${month}.${year}`;
}

const osloDateTime = new Intl.DateTimeFormat("nb-NO", {
  timeZone: "Europe/Oslo",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "14.03.2026 kl. 10:00" on the club's clock. */
export function osloDateTimeLabel(instant: string): string {
  const parts = Object.fromEntries(osloDateTime.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return `${parts.day}.${parts.month}.${parts.year} kl. ${parts.hour}:${parts.minute}`;
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
