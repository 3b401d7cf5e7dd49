import { randomBytes } from "node:crypto";
import ical, { ICalCalendarMethod } from "ical-generator";
import { club } from "../../shared/club/club-facts.ts";
import type { CampEdition } from "../../shared/camp/camp-edition.ts";
import { campProgram } from "../../shared/camp/camp-program.ts";
import { addDays, type CalendarDate } from "../../shared/time.ts";
import type { MailAttachment } from "../mail/outbox.ts";

const timeZone = "Europe/Oslo";

/** "2026-11-28T18:00:00": an Oslo wall-clock time on a camp day, written with the calendar's TZID as it is. */
function osloWallTime(date: CalendarDate, time: string | undefined): string | undefined {
  const match = time ? /^(\d{1,2})[:.](\d{2})/.exec(time) : null;
  if (!match) return undefined;
  const pad = (value: number | string) => String(value).padStart(2, "0");
  return `${date.year}-${pad(date.month)}-${pad(date.day)}T${pad(match[1]!)}:${match[2]}:00`;
}

/** Europe/Oslo's rules (CET/CEST, EU daylight saving since 1996), so every calendar program reads the times alike. */
const osloTimezoneComponent = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Oslo",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

/**
 * The camp as an iCalendar file (RFC 5545, Europe/Oslo): one event per camp day, from the day's first program item
 * to its last (an all-day event when the program has no times). `uidBase` keeps the events' ids stable
 * for one registration, so importing the file again updates them instead of doubling them.
 */
/** The calendar file's name, as the mail that carries it names it. */
export function campCalendarFileName(year: number): string {
  return `vinterleir-${year}.ics`;
}

// The calendar itself has no time zone name: ical-generator would then write the non-standard TIMEZONE-ID line and
// DTSTAMP in local time without the Z that RFC 5545 requires. The events carry Europe/Oslo, and the generator
// writes its VTIMEZONE once for them.
export function buildCampCalendar(edition: CampEdition, venue: string, uidBase: string, stamp: Date): MailAttachment {
  // METHOD matches the attachment's content type (RFC 5546: a mail's method= and the file's METHOD agree).
  const calendar = ical({
    method: ICalCalendarMethod.PUBLISH,
    name: `Vinterleir ${edition.year}`,
    prodId: { company: club.name, product: "vinterleir", language: "NB" },
    timezone: { name: null, generator: (name) => (name === timeZone ? osloTimezoneComponent : null) },
  });
  const days = campProgram(edition);
  days.forEach((day, index) => {
    const times = day.items
      .flatMap((item) => [item.from, item.to])
      .filter((time): time is string => Boolean(time))
      .sort();
    const start = osloWallTime(day.date, times[0]);
    // A day whose last item has no end (e.g. "19:00 Middag") lasts an hour past its start.
    const last = times[times.length - 1];
    const lastHasEnd = day.items.some((item) => item.to === last);
    const end =
      last && !lastHasEnd
        ? osloWallTime(day.date, `${String(Number(last.slice(0, 2)) + 1).padStart(2, "0")}${last.slice(2)}`)
        : osloWallTime(day.date, last);
    const common = {
      id: `${uidBase}-dag${index + 1}@skitaekwondo.no`,
      summary: `Vinterleir ${edition.year} – dag ${index + 1} av ${days.length}`,
      location: venue,
      description: day.items
        .map((item) => `${item.from}${item.to ? `–${item.to}` : ""} ${item.what}${item.where ? ` (${item.where})` : ""}`)
        .join("\n"),
      timezone: timeZone,
      stamp,
    };
    if (start && end && end > start) calendar.createEvent({ ...common, start, end });
    else
      calendar.createEvent({ ...common, start: osloWallTime(day.date, "00:00")!, end: osloWallTime(addDays(day.date, 1), "00:00")!, allDay: true });
  });
  return {
    filename: campCalendarFileName(edition.year),
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: withFinalLineEnd(calendar.toString()),
  };
}

/** RFC 5545 ends every content line with CRLF, the last one too (the generator leaves it off). */
function withFinalLineEnd(content: string): string {
  return content.endsWith("\r\n") ? content : `${content}\r\n`;
}

/**
 * The generator spends about 4 ms writing one camp's file (it measures every character's UTF-8 length to fold
 * lines), and every camp confirmation carries one: the file is written once per camp and venue, and each mail's
 * gets its own event ids and stamp put in. Both sit on lines of their own, far shorter than a folded line (75
 * octets), so putting them in changes nothing else; a test holds the result to the generator's own, byte for byte.
 */
const uidToken = randomBytes(8).toString("hex");
const templateStamp = new Date(0);
const templates = new Map<string, MailAttachment>();
/** Room for the id on its line: «UID:» + id + «-dag99@skitaekwondo.no» within 75 octets. */
const longestCachedUid = 40;

export function campCalendar(edition: CampEdition, venue: string, uidBase: string, stamp: Date): MailAttachment {
  if (!/^[A-Za-z0-9-]+$/.test(uidBase) || uidBase.length > longestCachedUid) return buildCampCalendar(edition, venue, uidBase, stamp);
  const key = JSON.stringify([edition.year, venue, campProgram(edition)]);
  let template = templates.get(key);
  if (!template) {
    template = buildCampCalendar(edition, venue, uidToken, templateStamp);
    // A camp's program edited many times in one process leaves old files behind: a handful is plenty.
    if (templates.size >= 20) templates.clear();
    templates.set(key, template);
  }
  const content = template.content
    .replaceAll(`\r\nUID:${uidToken}-`, `\r\nUID:${uidBase}-`)
    .replaceAll(`\r\nDTSTAMP:${icalUtc(templateStamp)}\r\n`, `\r\nDTSTAMP:${icalUtc(stamp)}\r\n`);
  return { ...template, content };
}

/** 20261015T100000Z: a UTC time as DTSTAMP writes it (whole seconds). */
function icalUtc(time: Date): string {
  return time
    .toISOString()
    .replace(/\.\d{3}/, "")
    .replace(/[-:]/g, "");
}
