import { TZDate } from "@date-fns/tz";

/** Every rule with a deadline is judged on the club's own clock. */
export const CLUB_TIME_ZONE = "Europe/Oslo";

export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

/** Oslo midnights already worked out, by day: every registration judges the same few deadlines. */
const osloMidnights = new Map<string, number>();

/** The instant a calendar day starts in Oslo (midnight, with summer time handled by the tz database). */
export function startOfOsloDay(date: CalendarDate): Date {
  const key = `${date.year}-${date.month}-${date.day}`;
  let instant = osloMidnights.get(key);
  if (instant === undefined) {
    instant = new TZDate(date.year, date.month - 1, date.day, CLUB_TIME_ZONE).getTime();
    // A bound, not a policy: a long-running server meets a few hundred days at most.
    if (osloMidnights.size >= 1000) osloMidnights.clear();
    osloMidnights.set(key, instant);
  }
  return new Date(instant);
}

/** The calendar day in Oslo that an instant falls on. */
export function osloCalendarDate(instant: Date): CalendarDate {
  const oslo = new TZDate(instant.getTime(), CLUB_TIME_ZONE);
  return { year: oslo.getFullYear(), month: oslo.getMonth() + 1, day: oslo.getDate() };
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const utc = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
}

/** Compares calendar days: negative when a is earlier. */
export function compareCalendarDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day from its text (YYYY-MM-DD); undefined for anything else, or a day that does not exist. */
export function parseCalendarDate(value: string): CalendarDate | undefined {
  if (!datePattern.test(value)) return undefined;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/** A calendar day as text (YYYY-MM-DD). */
export function formatCalendarDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, "0")}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
}
