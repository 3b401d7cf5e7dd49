import { z } from "zod";
import { campSettings, defaultCampRules, type CampRules } from "./camp-edition.ts";

export const ClubSchema = z.object({
  clubId: z.number().int().positive(),
  name: z.string().min(1),
});
export type Club = z.infer<typeof ClubSchema>;

export const GradeSchema = z.object({
  gradeId: z.number().int().positive(),
  name: z.string().min(1),
  /** The number on the belt: 10 … 1 for cup grades (striped belts 8.1 etc.), 1 … 9 for dan. */
  grade: z.number().positive(),
  isDan: z.boolean(),
});
export type Grade = z.infer<typeof GradeSchema>;

export const HOME_CLUB_ID = campSettings.homeClubId;

/** The home club is known by id everywhere (the old site mixed id and name, and disagreed with itself). */
export function isHomeClub(clubId: number, rules: CampRules = defaultCampRules): boolean {
  return clubId === rules.settings.homeClubId;
}

/** Masters (4. dan and up) pay like everyone and may offer to instruct. */
export function isMaster(gradeId: number, rules: CampRules = defaultCampRules): boolean {
  return gradeId >= rules.settings.masterFromGradeId;
}

/**
 * A cup grade whose next step is another cup grade, so a cup grading applies. Grade id 14
 * (1. cup, "Rødt med tre sorte striper") is shown as a cup grade but is not one here: its next step is 1. dan.
 */
export function isCupGrade(gradeId: number, rules: CampRules = defaultCampRules): boolean {
  return gradeId < rules.settings.cupGradeIdsBelow;
}

/** "7.1. Cup (Gult med grønn stripe)" or "2. Dan": what the grade field and the lists show. */
export function gradeLabel(grade: Grade): string {
  return grade.isDan ? `${grade.grade}. Dan` : `${grade.grade}. Cup (${grade.name})`;
}

/** The label plus the name, so "2. dan", "cup", "gult", "7.1" and the displayed label all find a grade. */
export function gradeSearchText(grade: Grade): string {
  return `${gradeLabel(grade)} ${grade.name}`;
}

/** Case-insensitive substring match for suggestion lists; an empty query matches everything. */
export function matchesSearch(text: string, query: string): boolean {
  return text.toLocaleLowerCase("nb-NO").includes(query.trim().toLocaleLowerCase("nb-NO"));
}
