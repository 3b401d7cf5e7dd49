import type { Club, Grade } from "../../../shared/camp/grades.ts";
import { useLoad, type Loadable } from "../../lib/use-load.ts";
import { getClubs, getGrades } from "./registration-api.ts";

export interface CampData {
  clubs: Loadable<Club[]>;
  grades: Loadable<Grade[]>;
  retryClubs: () => void;
  retryGrades: () => void;
}

/**
 * Clubs and grades for the pickers and the price; loaded once per visit, each with its own retry. Not while
 * `wanted` is false (the Welcome step shows neither): the page becomes interactive without re-rendering for them.
 */
export function useCampData(wanted: boolean): CampData {
  const [clubs, retryClubs] = useLoad(getClubs, undefined, wanted);
  const [grades, retryGrades] = useLoad(getGrades, undefined, wanted);
  return { clubs, grades, retryClubs, retryGrades };
}
