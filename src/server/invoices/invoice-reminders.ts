import { asc, lt } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { invoices } from "../db/schema/invoices.ts";
import type { InvoiceGroup } from "../../shared/invoices/invoice-groups.ts";
import { osloCalendarDate, type CalendarDate } from "../../shared/time.ts";

/** Today on the club's clock as YYYY-MM-DD. */
function osloToday(now: Date): string {
  return isoDate(osloCalendarDate(now));
}

function isoDate(date: CalendarDate): string {
  return `${date.year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD); summer time cannot shift a day count. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Overdue unpaid invoices grouped per person (D8). An invoice is overdue the day after its due date in
 * Oslo. People are grouped by name and e-mail, compared without case and extra spaces, so "Kari  Nordmann"
 * and "kari nordmann" with the same address are one person; two people sharing an address stay apart.
 * Most overdue first.
 */
export async function loadOverdueGroups(db: Db, now: Date): Promise<InvoiceGroup[]> {
  const today = osloToday(now);
  const rows = await db.select().from(invoices).where(lt(invoices.dueDate, today)).orderBy(asc(invoices.dueDate), asc(invoices.line));
  const groups = new Map<string, InvoiceGroup & { totalOre: number }>();
  for (const row of rows) {
    const key = `${collapse(row.name).toLowerCase()}\u0000${row.email.trim().toLowerCase()}`;
    let group = groups.get(key);
    if (!group) {
      group = { name: collapse(row.name), email: row.email.trim(), invoices: [], total: 0, totalOre: 0, daysOverdue: 0 };
      groups.set(key, group);
    }
    const daysOverdue = daysBetween(row.dueDate, today);
    group.invoices.push({
      Amount: row.amountOre / 100,
      DueDate: row.dueDate,
      Avtalegiro: row.avtalegiro,
      ...(row.invoiceNumber ? { InvoiceNumber: row.invoiceNumber } : {}),
      ...(row.kid ? { Kid: row.kid } : {}),
      daysOverdue,
    });
    group.totalOre += row.amountOre;
    group.daysOverdue = Math.max(group.daysOverdue, daysOverdue);
  }
  return [...groups.values()]
    .map(({ totalOre, ...group }) => ({ ...group, total: totalOre / 100 }))
    .sort((a, b) => b.daysOverdue - a.daysOverdue || a.name.localeCompare(b.name, "nb"));
}

function collapse(text: string): string {
  return text.trim().replace(/\s+/g, " ");
}
