import { comingSeasonYear } from "./camp-edition-data.ts";
import { campEditionForYear, type CampEdition } from "./camp-edition.ts";

/**
 * For tests: the edition with the club's own settings that a fresh database starts with at `now`
 * (`comingSeasonYear`; `pinnedYear` as CAMP_YEAR). The server reads the current edition from the database.
 */
export function resolveCampEdition(now: Date, pinnedYear?: number): CampEdition {
  return campEditionForYear(pinnedYear ?? comingSeasonYear(now));
}
