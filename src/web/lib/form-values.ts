import { TZDate } from "@date-fns/tz";
import { parseCalendarDate } from "../../shared/camp/camp-edition-data.ts";
import { CLUB_TIME_ZONE } from "../../shared/time.ts";

/**
 * What an admin form's text fields turn into before the shared schema checks them: numbers as a person
 * types them and instants as the Oslo day and clock time the leader sees.
 */

const pad = (value: number) => String(value).padStart(2, "0");

/** An instant as the Oslo day and clock time the volunteer sees. */
export function osloDateTime(iso: string): { date: string; time: string } {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return { date: "", time: "" };
  const oslo = new TZDate(ms, CLUB_TIME_ZONE);
  return {
    date: `${oslo.getFullYear()}-${pad(oslo.getMonth() + 1)}-${pad(oslo.getDate())}`,
    time: `${pad(oslo.getHours())}:${pad(oslo.getMinutes())}`,
  };
}

/** The Oslo day and clock time as an instant; "" when either is missing or malformed (the schema says so). */
export function instantFromOslo({ date, time }: { date: string; time: string }): string {
  const day = parseCalendarDate(date.trim());
  const clock = /^([01]?\d|2[0-3])[:.]([0-5]\d)$/.exec(time.trim());
  if (!day || !clock) return "";
  return new Date(new TZDate(day.year, day.month - 1, day.day, Number(clock[1]), Number(clock[2]), CLUB_TIME_ZONE).getTime()).toISOString();
}

/** "1 200", "1200" and "12,0" read as numbers; anything else stays what it is, for the schema to name. */
export function readNumber(text: string): number | string | undefined {
  const compact = text.replace(/[\s\u00a0]/g, "").replace(",", ".");
  if (compact === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : text;
}
