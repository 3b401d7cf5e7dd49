import { CLUB_TIME_ZONE, osloCalendarDate, type CalendarDate } from "./time.ts";

const kronerFormat = new Intl.NumberFormat("nb-NO", { maximumFractionDigits: 0 });

/** "1 025 kr" — Norwegian grouping with a (non-breaking) space, whole kroner. */
export function formatKroner(amount: number): string {
  return `${kronerFormat.format(amount)}\u00a0kr`;
}

function asUtcNoon(date: CalendarDate): Date {
  // Noon UTC is the same calendar day in every European zone, so formatting never slips a day.
  return new Date(Date.UTC(date.year, date.month - 1, date.day, 12));
}

const weekdayFormat = new Intl.DateTimeFormat("nb-NO", { weekday: "long", timeZone: "UTC" });
const dayMonthFormat = new Intl.DateTimeFormat("nb-NO", { day: "numeric", month: "long", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat("nb-NO", { month: "long", timeZone: "UTC" });

/** "fredag" — always computed from the date, never typed. */
export function weekdayName(date: CalendarDate): string {
  return weekdayFormat.format(asUtcNoon(date));
}

export function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase("nb-NO") + text.slice(1);
}

/** "28. november" */
export function formatDayMonth(date: CalendarDate): string {
  return dayMonthFormat.format(asUtcNoon(date));
}

/** "28. november 2026" */
export function formatLongDate(date: CalendarDate): string {
  return `${formatDayMonth(date)} ${date.year}`;
}

/** "28.–30. november 2026", or "30. november – 2. desember 2026" across a month end. */
export function formatDateRange(from: CalendarDate, to: CalendarDate): string {
  if (from.year === to.year && from.month === to.month) {
    return `${from.day}.–${to.day}. ${monthFormat.format(asUtcNoon(to))} ${to.year}`;
  }
  return `${formatDayMonth(from)} – ${formatLongDate(to)}`;
}

const oreFormat = new Intl.NumberFormat("nb-NO", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1 234,50 kr" for an amount with øre, "1 234 kr" for whole kroner (invoice amounts). */
export function formatKronerOre(amount: number): string {
  return Number.isInteger(amount) ? formatKroner(amount) : `${oreFormat.format(amount)}\u00a0kr`;
}

const osloClockFormat = new Intl.DateTimeFormat("nb-NO", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: CLUB_TIME_ZONE });

/** "fredag 1. mai kl. 12.00" — an instant as the club says it, in Oslo time whatever the browser's zone. */
export function formatOsloDateTime(instant: Date): string {
  const day = osloCalendarDate(instant);
  const clock = osloClockFormat.format(instant).replace(":", ".");
  return `${weekdayName(day)} ${formatDayMonth(day)} kl. ${clock}`;
}

const shortDateTimeFormat = new Intl.DateTimeFormat("nb-NO", { dateStyle: "short", timeStyle: "short", timeZone: CLUB_TIME_ZONE });

/** "01.05.2026, 12:00" — an ISO instant in Oslo time, short, for admin lists; the text itself when it is no date. */
export function dateTimeLabel(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : shortDateTimeFormat.format(date);
}
