import { athletesOf, personName } from "../../../shared/camp/camp-athletes.ts";
import { calculateCampPrice, type PriceContext } from "../../../shared/camp/camp-pricing.ts";
import type { CampRegistrationDraft } from "../../../shared/camp/camp-registration.ts";

export interface AthletePrice {
  name: string;
  lines: { label: string; amount: number }[];
  total: number;
}

export interface FamilyPrice {
  /** The first athlete, then each further one, each priced on its own as the server stores it. */
  athletes: AthletePrice[];
  total: number;
}

/**
 * Every athlete's price lines by the shared rules, with the edition and grades the server prices with (the
 * server recomputes them on submission, so this is what is charged). Undefined while a grade is unknown.
 */
export function familyPrice(draft: CampRegistrationDraft, context: PriceContext): FamilyPrice | undefined {
  try {
    const athletes = athletesOf(draft).map((athlete) => ({ name: personName(athlete), ...calculateCampPrice(athlete, context) }));
    return { athletes, total: athletes.reduce((sum, athlete) => sum + athlete.total, 0) };
  } catch {
    return undefined;
  }
}
