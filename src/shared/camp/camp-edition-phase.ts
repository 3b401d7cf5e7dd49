import { addDays, startOfOsloDay } from "../time.ts";
import { parseCalendarDate } from "./camp-edition-data.ts";
import type { CampEditionData } from "./camp-edition-schema.ts";

/**
 * Where an edition stands on the club's calendar: before its first day, during it, or after its last day
 * (Oslo midnights). The camp admin sorts its list of editions by this (kommende, pågår, tidligere).
 */
export type EditionPhase = "upcoming" | "running" | "past";

export const editionPhaseLabels: Record<EditionPhase, string> = {
  upcoming: "Kommende",
  running: "Pågår",
  past: "Tidligere",
};

type EditionDays = Pick<CampEditionData, "firstDay" | "lastDay">;

export function editionPhase(data: EditionDays, now: Date): EditionPhase {
  if (editionHasEnded(data, now)) return "past";
  const firstDay = parseCalendarDate(data.firstDay);
  return firstDay && now.getTime() >= startOfOsloDay(firstDay).getTime() ? "running" : "upcoming";
}

/** True once the edition's last day is over (midnight Oslo after it). */
export function editionHasEnded(data: Pick<CampEditionData, "lastDay">, now: Date): boolean {
  const lastDay = parseCalendarDate(data.lastDay);
  return lastDay !== undefined && now.getTime() >= startOfOsloDay(addDays(lastDay, 1)).getTime();
}

/**
 * «The» winter camp — the one the public camp pages, the wizard without a year, the door and the admin's
 * default follow: the earliest published edition that has not ended. When every published edition has
 * ended, the latest of them (its pages then say the next camp is not announced yet). Publishing next year's
 * camp therefore never hides this year's; when this year's ends, next year's takes over by itself.
 */
export function chooseTheCamp<T extends { data: EditionDays }>(published: readonly T[], now: Date): T | undefined {
  const byYear = [...published].sort((a, b) => a.data.firstDay.localeCompare(b.data.firstDay));
  return byYear.find((edition) => !editionHasEnded(edition.data, now)) ?? byYear.at(-1);
}

/** Published editions after «the» camp that have not ended: the camps visitors may already see and join. */
export function laterCamps<T extends { data: EditionDays }>(published: readonly T[], theCamp: T | undefined, now: Date): T[] {
  if (!theCamp) return [];
  return published
    .filter((edition) => edition !== theCamp && edition.data.firstDay > theCamp.data.firstDay && !editionHasEnded(edition.data, now))
    .sort((a, b) => a.data.firstDay.localeCompare(b.data.firstDay));
}
