import { athletesOf, personName, type CampPriceQuote } from "../../shared/camp/camp-athletes.ts";
import { campEditionFromData } from "../../shared/camp/camp-edition-data.ts";
import { calculateCampPrice } from "../../shared/camp/camp-pricing.ts";
import type { CampRegistration } from "../../shared/camp/camp-registration.ts";
import { referenceData } from "../db/reference-data.ts";
import { HttpError } from "../errors.ts";
import { registrationEdition } from "./camp-edition-cache.ts";
import { CampInputError, campInputMessages } from "./camp-registrations.ts";
import type { AppServices } from "../services.ts";

/** What a price quote reads: the edition and reference data, at the clock's time. */
export type CampPriceQuoteDeps = Pick<AppServices, "db" | "now">;

export const noCampToPriceMessage = "Det er ingen vinterleir å melde seg på nå.";

/**
 * The price lines a submission of this draft would be charged now: the same schema, edition, grades, clock
 * and calculation as the submission itself, nothing stored. The wizard shows these before payment, so the
 * server, not the browser, says what things cost. The draft is the one the route's schema parsed.
 */
export async function quoteCampPrice(deps: CampPriceQuoteDeps, registration: CampRegistration): Promise<CampPriceQuote> {
  const now = deps.now();
  // A quote is never refused on a remembered read: without a camp, the database is asked again.
  const current = (
    (await registrationEdition(deps.db, registration.year, now)) ?? (await registrationEdition(deps.db, registration.year, now, { fresh: true }))
  )?.data;
  if (!current) throw new HttpError(409, noCampToPriceMessage);
  const edition = campEditionFromData(current);
  const { clubById, gradeById, grades } = await referenceData(deps.db);
  const athletes = athletesOf(registration);
  for (const [index, athlete] of athletes.entries()) {
    const path = index === 0 ? "" : `siblings.${index - 1}.`;
    if (!clubById.has(athlete.clubId)) throw new CampInputError(`${path}clubId`, campInputMessages.unknownClub);
    if (!gradeById.has(athlete.gradeId)) throw new CampInputError(`${path}gradeId`, campInputMessages.unknownGrade);
  }
  const at = deps.now();
  const priced = athletes.map((athlete) => {
    const { lines, total } = calculateCampPrice(athlete, { edition, at, grades });
    return { name: personName(athlete), lines: lines.map(({ label, amount }) => ({ label, amount })), total };
  });
  return { athletes: priced, total: priced.reduce((sum, athlete) => sum + athlete.total, 0) };
}
