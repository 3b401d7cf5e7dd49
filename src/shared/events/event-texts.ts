import { parseCalendarDate } from "../camp/camp-edition-data.ts";
import { formatDateRange, formatLongDate, formatOsloDateTime, weekdayName } from "../format.ts";
import type { EventKind, EventState } from "./event-definition.ts";

/** The words the event pages, the list and the admin share. */

/** "lørdag 12. desember 2026" or "12.–13. desember 2026". */
export function eventDaysText(firstDay: string, lastDay: string): string {
  const first = parseCalendarDate(firstDay);
  const last = parseCalendarDate(lastDay);
  if (!first || !last) return `${firstDay}–${lastDay}`;
  return firstDay === lastDay ? `${weekdayName(first)} ${formatLongDate(first)}` : formatDateRange(first, last);
}

/** "lørdag 12. desember 2026, Ski Taekwondo Klubb": the days, and the place when the event has one. */
export function eventWhenWhereText(event: { firstDay: string; lastDay: string; venue?: string }): string {
  const days = eventDaysText(event.firstDay, event.lastDay);
  return event.venue ? `${days}, ${event.venue}` : days;
}

/**
 * "mandag 30. november kl. 08.00", with the year when the moment is in another year than `now`, than the
 * event it is about (`year`: next year's camp opening this November), or more than half a year away
 * («mandag 30. november 2026 kl. 08.00»): the shared formatter's rule (format.ts `needsYear`).
 */
export function momentText(iso: string, now: Date, year?: number): string {
  return formatOsloDateTime(new Date(iso), year === undefined ? { now } : { now, year });
}

/** «fra 7 til 12 år», «fra 7 år», «til og med 12 år», or «i alle aldre» when a grading sets no age. */
export function ageRangeText(minAge: number | null, maxAge: number | null): string {
  if (minAge !== null && maxAge !== null) return minAge === maxAge ? `på ${minAge} år` : `fra ${minAge} til ${maxAge} år`;
  if (minAge !== null) return `fra ${minAge} år`;
  if (maxAge !== null) return `til og med ${maxAge} år`;
  return "i alle aldre";
}

/** The button on the list and the event page. */
export const eventActionLabels: Record<EventKind | "vinterleir", string> = {
  vinterleir: "Les mer og meld deg på",
  gradering: "Meld på",
  kurs: "Meld på",
  salg: "Bestill",
};

/** One line under an event on the list: what its state means for a family. */
export function eventStateText(
  // The fields of an event's summary (event-api.ts) it reads, spelled out: the summary's schema is built on the rules, which use these texts.
  event: { state: EventState; placesLeft: number | null; registrationOpensAt: string; kind: EventKind | "vinterleir"; firstDay?: string },
  now: Date,
): string {
  switch (event.state) {
    case "notyet":
      // The opening carries its year when it is not the year of the event's days.
      return `${event.kind === "salg" ? "Bestillingen" : "Påmeldingen"} åpner ${momentText(event.registrationOpensAt, now, event.firstDay ? parseCalendarDate(event.firstDay)?.year : undefined)}.`;
    case "open":
      return event.placesLeft === null
        ? event.kind === "salg"
          ? "Bestillingen er åpen."
          : "Påmeldingen er åpen."
        : `Påmeldingen er åpen – ${event.placesLeft} ${event.placesLeft === 1 ? "plass" : "plasser"} igjen.`;
    case "full":
      return event.kind === "salg" ? "Alt er utsolgt." : "Fullt – ventelisten er åpen. Blir det ledig plass, får du tilbud på e-post.";
    case "closed":
      return event.kind === "salg" ? "Bestillingen er stengt." : "Påmeldingen er stengt.";
  }
}
