import { onFirstUse } from "./on-first-use.ts";
import { CLUB_TIME_ZONE, type CalendarDate } from "./time.ts";

const norwegianCollator = onFirstUse(() => new Intl.Collator("nb-NO", { numeric: true, sensitivity: "base" }));

/** Sorts text as a Norwegian reads it: æ, ø, å last, "Gruppe 2" before "Gruppe 10", case ignored. */
export function compareNorwegian(a: string, b: string): number {
  return norwegianCollator().compare(a, b);
}

const kronerFormat = onFirstUse(() => new Intl.NumberFormat("nb-NO", { maximumFractionDigits: 0 }));

const nameList = onFirstUse(() => new Intl.ListFormat("nb", { type: "conjunction" }));

/** Names as a Norwegian lists them: «Ola», «Ola og Kari», «Ola, Kari og Per». */
export function formatNameList(names: readonly string[]): string {
  return nameList().format(names);
}

/** "1 025 kr" — Norwegian grouping with a (non-breaking) space, whole kroner. */
export function formatKroner(amount: number): string {
  return `${kronerFormat().format(amount)}\u00a0kr`;
}

/**
 * The Norwegian names of the months and weekdays. A table rather than Intl: the camp pages name dates while
 * they become interactive, and the first nb-NO Intl formatter loads the locale's data first (see
 * on-first-use.ts). A test holds the table to Intl's own names.
 */
export const monthNames = [
  "januar",
  "februar",
  "mars",
  "april",
  "mai",
  "juni",
  "juli",
  "august",
  "september",
  "oktober",
  "november",
  "desember",
] as const;
/** Sunday first, as `Date.prototype.getUTCDay` counts. */
export const weekdayNames = ["søndag", "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag"] as const;

/** "fredag" — always computed from the date, never typed. */
export function weekdayName(date: CalendarDate): string {
  return weekdayNames[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()]!;
}

export function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase("nb-NO") + text.slice(1);
}

/** "28. november" */
export function formatDayMonth(date: CalendarDate): string {
  return `${date.day}. ${monthNames[date.month - 1]}`;
}

/** "28. november 2026" */
export function formatLongDate(date: CalendarDate): string {
  return `${formatDayMonth(date)} ${date.year}`;
}

/** "28.–30. november 2026", or "30. november – 2. desember 2026" across a month end. */
export function formatDateRange(from: CalendarDate, to: CalendarDate): string {
  if (from.year === to.year && from.month === to.month) {
    return `${from.day}.–${to.day}. ${monthNames[to.month - 1]} ${to.year}`;
  }
  return `${formatDayMonth(from)} – ${formatLongDate(to)}`;
}

/**
 * "28.–30. november" when the days are in the year of what they are about (`reading.year`) and in today's
 * year, not more than half a year away; otherwise with the year ("28.–30. november 2026"), as `formatDateRange`.
 */
export function formatDateRangeAsRead(from: CalendarDate, to: CalendarDate, reading: DateReading): string {
  const instant = new Date(Date.UTC(from.year, from.month - 1, from.day, 12));
  if (from.year !== to.year || reading.year === undefined || reading.now === undefined || needsYear(from, instant, reading)) {
    return formatDateRange(from, to);
  }
  return from.month === to.month ? `${from.day}.–${to.day}. ${monthNames[to.month - 1]}` : `${formatDayMonth(from)} – ${formatDayMonth(to)}`;
}

/** "28. november", or "28. november 2026" when `reading` says the year is needed (`needsYear`). */
export function formatDateAsRead(date: CalendarDate, reading: DateReading): string {
  const instant = new Date(Date.UTC(date.year, date.month - 1, date.day, 12));
  return needsYear(date, instant, reading) ? formatLongDate(date) : formatDayMonth(date);
}

const oreFormat = onFirstUse(() => new Intl.NumberFormat("nb-NO", { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** "1 234,50 kr" for an amount with øre, "1 234 kr" for whole kroner (invoice amounts). */
export function formatKronerOre(amount: number): string {
  return Number.isInteger(amount) ? formatKroner(amount) : `${oreFormat().format(amount)}\u00a0kr`;
}

const osloNumericFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat("nb-NO", {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: CLUB_TIME_ZONE,
    }),
);

interface OsloDateTimeParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

/** The Oslo wall-clock fields of an instant, two digits each (the stored times are UTC instants). */
function osloDateTimeParts(date: Date): OsloDateTimeParts {
  const part = Object.fromEntries(
    osloNumericFormat()
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return { year: part.year!, month: part.month!, day: part.day!, hour: part.hour!, minute: part.minute! };
}

/** What a date is read against: "today", and the year of what the sentence is about (a camp's year). */
export interface DateReading {
  now?: Date;
  year?: number;
}

/** Half a year: a date further from today than this says its year. */
const nearMs = 183 * 24 * 60 * 60 * 1000;

/**
 * Whether a date needs its year to be read right: when it falls in another year than today's or than the
 * year of what it is about (next year's camp opening this November), or is more than half a year away.
 */
export function needsYear(date: CalendarDate, instant: Date, { now, year }: DateReading): boolean {
  if (year !== undefined && date.year !== year) return true;
  if (now === undefined) return false;
  return date.year !== osloCalendarDateOf(now).year || Math.abs(instant.getTime() - now.getTime()) > nearMs;
}

function osloCalendarDateOf(instant: Date): CalendarDate {
  const p = osloDateTimeParts(instant);
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day) };
}

/**
 * "fredag 1. mai kl. 12.00" — an instant as the club says it, in Oslo time whatever the browser's zone; with
 * its year ("mandag 30. november 2026 kl. 00.00") when `reading` says it is far off or of another year.
 */
export function formatOsloDateTime(instant: Date, reading: DateReading = {}): string {
  const p = osloDateTimeParts(instant);
  const day = osloCalendarDateOf(instant);
  const date = needsYear(day, instant, reading) ? formatLongDate(day) : formatDayMonth(day);
  return `${weekdayName(day)} ${date} kl. ${p.hour}.${p.minute}`;
}

/** "14.32": the Oslo clock time of an instant (with the date too when it is not the same Oslo day as `now`). */
export function formatOsloClock(instant: Date, now: Date = instant): string {
  const p = osloDateTimeParts(instant);
  const today = osloDateTimeParts(now);
  const sameDay = p.year === today.year && p.month === today.month && p.day === today.day;
  return sameDay ? `kl. ${p.hour}.${p.minute}` : formatOsloDateTime(instant, { now });
}

function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/**
 * "25.11.2026 06:27" in Oslo time — the one way the site writes a moment in admin lists, CSV files and the
 * money log (a spreadsheet reads it as a time); the text itself when it is no date, nothing when it is empty.
 */
export function osloDateTimeLabel(value: string | Date | null | undefined): string {
  if (!value) return "";
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const p = osloDateTimeParts(date);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

/** "2026-10-15 12:00" in Oslo time: the same moment written to sort as text (the new-member CSV). */
export function osloSortableDateTimeLabel(value: string | Date): string {
  const p = osloDateTimeParts(toDate(value));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** The Oslo wall-clock time of an instant, as a Date whose UTC fields carry it (how Excel cells hold times). */
export function osloWallClock(value: string | Date): Date {
  const date = toDate(value);
  const p = osloDateTimeParts(date);
  return new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), date.getUTCSeconds()));
}
