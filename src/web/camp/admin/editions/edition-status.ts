import { parseCalendarDate, registrationStateAt, type RegistrationState } from "../../../../shared/camp/camp-edition-data.ts";
import type { CampEditionData } from "../../../../shared/camp/camp-edition-schema.ts";
import { formatDateRange, formatOsloDateTime } from "../../../../shared/format.ts";

/** Words for the editions list: where an edition stands and what its registration does. */

export type EditionBadge = "current" | "draft" | "earlier";

export function editionBadge(edition: { current: boolean; publishedAt: string | null }): EditionBadge {
  return edition.current ? "current" : edition.publishedAt ? "earlier" : "draft";
}

export const editionBadgeLabels: Record<EditionBadge, string> = {
  current: "Publisert – vises nå",
  draft: "Utkast",
  earlier: "Tidligere publisert",
};

export function editionDates(data: Pick<CampEditionData, "firstDay" | "lastDay">): string {
  const first = parseCalendarDate(data.firstDay);
  const last = parseCalendarDate(data.lastDay);
  return first && last ? formatDateRange(first, last) : `${data.firstDay} – ${data.lastDay}`;
}

/**
 * The registration window in words. The current edition's state comes from the server (which counts the
 * places taken); another edition's is judged by the clock alone.
 */
export function registrationStateText(
  data: Pick<CampEditionData, "year" | "registrationOpensAt" | "registrationClosesAt" | "capacity">,
  now: Date,
  server?: { state: RegistrationState; placesLeft: number | null },
): string {
  const { state, placesLeft } = server ?? registrationStateAt(data, now, 0);
  const reading = { now, year: data.year };
  const opens = formatOsloDateTime(new Date(data.registrationOpensAt), reading);
  const closes = formatOsloDateTime(new Date(data.registrationClosesAt), reading);
  switch (state) {
    case "notyet":
      return `Påmeldingen åpner ${opens}`;
    case "open":
      return server && placesLeft !== null ? `Påmeldingen er åpen til ${closes} (${placesLeft} ${placesLeft === 1 ? "plass" : "plasser"} igjen)` : `Påmeldingen er åpen til ${closes}`;
    case "full":
      return `Fullt: nye påmeldinger går på ventelisten til ${closes}`;
    case "closed":
      return `Påmeldingen stengte ${closes}`;
  }
}
