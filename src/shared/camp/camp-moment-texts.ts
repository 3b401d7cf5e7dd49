import { formatDateRangeAsRead, formatOsloDateTime } from "../format.ts";
import type { CampEdition } from "./camp-edition.ts";
import type { CampMoment, EditionPhase } from "./camp-edition-phase.ts";

/**
 * What the camp's pages, the wizard and its done screen say about where the camp stands at a moment
 * (camp-edition-phase.ts `campMoment`), in the same words everywhere: before it, while it is under way
 * («pågår»), after it. No sentence states a deadline that has passed as one to come.
 */

/** A registration taken while the camp is under way: paid at the door, never with Vipps. */
export const payAtDoorSentence = "Melder du deg på nå, betaler du med kort eller kontant når du kommer til leiren – ikke med Vipps.";

/** «Vinterleiren 2026 er / pågår nå / var 28.–30. november på Follo Stil Arena.» (the year on the days when needed). */
export function campWhenSentence(edition: CampEdition, phase: EditionPhase, now: Date): string {
  const days = formatDateRangeAsRead(edition.start, edition.end, { now, year: edition.year });
  const where = edition.settings.venue;
  switch (phase) {
    case "upcoming":
      return `Vinterleiren ${edition.year} er ${days} på ${where}.`;
    case "running":
      return `Vinterleiren ${edition.year} pågår nå: ${days} på ${where}.`;
    case "past":
      return `Vinterleiren ${edition.year} var ${days} på ${where}.`;
  }
}

/**
 * Where registration stands, when there is something to say beyond «meld deg på»: not open yet (when it
 * opens), closed, closed because the camp has started, or open while the camp is under way (paid at the door).
 * Undefined while registration is simply open before the camp, and after the camp.
 */
export function registrationNowSentence(edition: CampEdition, moment: CampMoment, now: Date): string | undefined {
  if (moment.phase === "past") return undefined;
  if (moment.phase === "running") {
    return moment.registration === "open" ? `Påmeldingen er åpen mens leiren pågår. ${payAtDoorSentence}` : "Påmeldingen stengte da leiren startet.";
  }
  if (moment.registration === "notyet") return `Påmeldingen åpner ${formatOsloDateTime(new Date(moment.opensAt), { now, year: edition.year })}.`;
  if (moment.registration === "closed") return "Påmeldingen er stengt.";
  return undefined;
}
