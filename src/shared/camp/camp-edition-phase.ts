import { addDays, startOfOsloDay } from "../time.ts";
import { campEditionFromData, parseCalendarDate, registrationClosesAt } from "./camp-edition-data.ts";
import type { CampEditionData } from "./camp-edition-schema.ts";
import { isEarlyBird } from "./camp-edition.ts";

/**
 * Where an edition stands on the club's calendar: before its first day, during it, or after its last day
 * (Oslo midnights). The camp admin sorts its list of editions by this (kommende, pågår, tidligere).
 */
export const editionPhases = ["upcoming", "running", "past"] as const;
export type EditionPhase = (typeof editionPhases)[number];

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

/**
 * Everything about time that changes what the camp's pages, the wizard and its confirmation say about an
 * edition at an instant: where the camp stands (before, under way, over), whether a registration now gets
 * the early-bird price, whether a cancellation now gets everything back, and whether the registration window
 * (by time alone, places not counted) has opened and not closed. A text states a deadline as one to come
 * only while this says it has not passed.
 */
export interface CampMoment {
  phase: EditionPhase;
  earlyBird: boolean;
  fullRefund: boolean;
  registration: "notyet" | "open" | "closed";
  /** ISO 8601: when registration opens (a page says it while it has not). */
  opensAt: string;
}

export function campMoment(data: CampEditionData, at: Date): CampMoment {
  const edition = campEditionFromData(data);
  const now = at.getTime();
  return {
    phase: editionPhase(data, at),
    earlyBird: isEarlyBird(edition, at),
    fullRefund: now < edition.fullRefundEndsAt.getTime(),
    registration: now < Date.parse(data.registrationOpensAt) ? "notyet" : now < registrationClosesAt(data).getTime() ? "open" : "closed",
    opensAt: data.registrationOpensAt,
  };
}

/** Registering now means registering for a camp under way: paid at the door, never with Vipps. */
export function registersDuringCamp(moment: Pick<CampMoment, "phase">): boolean {
  return moment.phase === "running";
}

/**
 * The moment as one word per state a page can be in, for the rendered pages' cache key: «early» (early-bird
 * price), «regular» (full refund still), «late» (after the full-refund deadline), each with «-notyet» or
 * «-closed» while registration is not open; «running» or «running-open» (late registration taken) while the
 * camp is under way; «over» after its last day. A page rendered in one state is never served in another.
 */
export function campMomentKey(moment: CampMoment): string {
  if (moment.phase === "past") return "over";
  if (moment.phase === "running") return moment.registration === "open" ? "running-open" : "running";
  const price = moment.earlyBird ? "early" : moment.fullRefund ? "regular" : "late";
  return moment.registration === "open" ? price : `${price}-${moment.registration}`;
}
