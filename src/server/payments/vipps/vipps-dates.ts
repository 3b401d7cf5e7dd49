/** Ledger dates of Vipps's reports as text (YYYY-MM-DD), on the club's clock (Oslo), as Vipps's ledger dates are. */
import { addDays, osloCalendarDate, type CalendarDate } from "../../../shared/time.ts";

const pad = (value: number) => String(value).padStart(2, "0");
const text = ({ year, month, day }: CalendarDate) => `${year}-${pad(month)}-${pad(day)}`;
const parse = (date: string): CalendarDate => {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return { year, month, day };
};

/** The Oslo day an instant falls on. */
export function osloDateText(instant: Date): string {
  return text(osloCalendarDate(instant));
}

export function addDateDays(date: string, days: number): string {
  return text(addDays(parse(date), days));
}

export function dateTextToCalendar(date: string): CalendarDate {
  return parse(date);
}

/**
 * The bank day a payout scheduled at the end of `ledgerDate` reaches the bank: the next weekday. Norwegian
 * public holidays are not counted (a payout over a holiday shows a day early); the Report API does not give
 * the bank date, and the delay is the club's agreement with Vipps (docs/decisions/0044-vipps-payouts-matched.md).
 */
export function payoutBankDate(ledgerDate: string): string {
  let date = addDateDays(ledgerDate, 1);
  for (;;) {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) return date;
    date = addDateDays(date, 1);
  }
}
