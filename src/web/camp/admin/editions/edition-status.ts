import { parseCalendarDate, registrationClosesAt, registrationStateAt, type RegistrationState } from "../../../../shared/camp/camp-edition-data.ts";
import type { CampEditionData } from "../../../../shared/camp/camp-edition-schema.ts";
import { chooseTheCamp, editionHasEnded, type EditionPhase } from "../../../../shared/camp/camp-edition-phase.ts";
import { formatDateRange, formatOsloDateTime } from "../../../../shared/format.ts";

/** Words for the editions list: where an edition stands and what its registration does. */

export type EditionBadge = "current" | "coming" | "draft" | "earlier";

export function editionBadge(edition: { current: boolean; publishedAt: string | null; phase?: EditionPhase }): EditionBadge {
  if (edition.current) return "current";
  if (!edition.publishedAt) return "draft";
  return edition.phase === "past" ? "earlier" : "coming";
}

export const editionBadgeLabels: Record<EditionBadge, string> = {
  current: "Publisert – vises nå",
  coming: "Publisert – neste leir",
  draft: "Utkast",
  earlier: "Tidligere publisert",
};

type PublishFacts = Pick<CampEditionData, "year" | "firstDay" | "lastDay" | "registrationOpensAt"> & { current: boolean; publishedAt: string | null };

/**
 * What «Publiser» will do, in words, from the dates alone: publishing never hides a camp that has not ended,
 * so a later camp appears beside «the» camp and takes over when it is over.
 */
export function publishOutcomeText(edition: PublishFacts, editions: readonly PublishFacts[], now: Date): string {
  const reading = { now, year: edition.year };
  const opens = formatOsloDateTime(new Date(edition.registrationOpensAt), reading);
  if (editionHasEnded(edition, now)) return `Leiren er allerede over, så den vises bare som en tidligere leir.`;
  const published = editions.filter((other) => other.publishedAt && other.year !== edition.year).map((other) => ({ data: other }));
  const theCampNow = chooseTheCamp(published, now)?.data;
  const theCampAfter = chooseTheCamp([...published, { data: edition }], now)?.data;
  if (theCampAfter?.year !== edition.year && theCampNow) {
    return (
      `Vinterleiren ${theCampNow.year} er fortsatt leiren alle ser nå, og den blir ikke skjult. ` +
      `Vinterleiren ${edition.year} vises ved siden av, tar imot påmeldinger fra ${opens} og blir hovedleiren når ${theCampNow.year} er over.`
    );
  }
  const before =
    theCampNow && editionHasEnded(theCampNow, now) ? ` Vinterleiren ${theCampNow.year} er over og vises ikke lenger som årets leir.` : "";
  return `Den blir leiren alle ser på nettsiden, med påmelding fra ${opens}.${before}`;
}

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
  data: Pick<CampEditionData, "year" | "firstDay" | "registrationOpensAt" | "registrationClosesAt" | "capacity"> &
    Partial<Pick<CampEditionData, "registrationDuringCamp">>,
  now: Date,
  server?: { state: RegistrationState; placesLeft: number | null },
): string {
  const { state, placesLeft } = server ?? registrationStateAt(data, now, 0);
  const reading = { now, year: data.year };
  const opens = formatOsloDateTime(new Date(data.registrationOpensAt), reading);
  // When it really closes: when the camp starts, unless the edition keeps registration open during the camp.
  const closes = formatOsloDateTime(registrationClosesAt(data), reading);
  switch (state) {
    case "notyet":
      return `Påmeldingen åpner ${opens}`;
    case "open":
      return server && placesLeft !== null
        ? `Påmeldingen er åpen til ${closes} (${placesLeft} ${placesLeft === 1 ? "plass" : "plasser"} igjen)`
        : `Påmeldingen er åpen til ${closes}`;
    case "full":
      return `Fullt: nye påmeldinger går på ventelisten til ${closes}`;
    case "closed":
      return `Påmeldingen stengte ${closes}`;
  }
}
