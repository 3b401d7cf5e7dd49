import { defaultCampRules, type CampRules } from "./camp-edition.ts";
import { isCupGrade, isHomeClub, isMaster } from "./grades.ts";

export interface Athlete {
  age: number;
  clubId: number;
  gradeId: number;
}

/** Child price up to and including this age (12); 13 pays the adult price. */
export function isChild(age: number, rules: CampRules = defaultCampRules): boolean {
  return age <= rules.settings.price.childMaxAge;
}

/** Cup grading at the camp (Sunday, paid with the registration): home-club children under 13 with a cup grade. */
export function mayCupGrade(athlete: Athlete, rules: CampRules = defaultCampRules): boolean {
  return isHomeClub(athlete.clubId, rules) && isCupGrade(athlete.gradeId, rules) && athlete.age < rules.settings.cupGradingBelowAge;
}

/** A dan candidate's next grading is a dan grading: 1. cup (id 14) and every dan grade. */
export function isDanCandidate(gradeId: number, rules: CampRules = defaultCampRules): boolean {
  return !isCupGrade(gradeId, rules);
}

/**
 * Whether the "Ønsker gradering" box may be ticked. Our reading of spec §5 and rule-cases "mayGrade":
 * the home-club restriction and the age limit belong to cup grading, which the camp holds and charges for.
 * Dan grading (Friday) is the federation's, paid to it directly, so any dan candidate — from any club and
 * of any age — may tick it to tell the organisers; it costs nothing here. Youth and adults with a cup
 * grade have no grading at the camp, and other clubs' cup grades grade at home.
 */
export function mayTickGrading(athlete: Athlete, rules: CampRules = defaultCampRules): boolean {
  return mayCupGrade(athlete, rules) || isDanCandidate(athlete.gradeId, rules);
}

/**
 * The club's rule (spec §5): home-club children under 12 may not sleep in the hall; everyone else may,
 * free. The threshold is "under 12", not the child price's "12 or younger".
 */
export function maySleepOver(athlete: Pick<Athlete, "age" | "clubId">, rules: CampRules = defaultCampRules): boolean {
  return !(isHomeClub(athlete.clubId, rules) && athlete.age < rules.settings.homeClubSleepoverMinAge);
}

/** Only masters see the offer to instruct. */
export function mayOfferToInstruct(gradeId: number, rules: CampRules = defaultCampRules): boolean {
  return isMaster(gradeId, rules);
}
