import { TZDate } from "@date-fns/tz";
import { addWeeks, differenceInCalendarDays } from "date-fns";
import { onFirstUse } from "../on-first-use.ts";
import {
  CLUB_TIME_ZONE,
  addDays,
  compareCalendarDates,
  formatCalendarDate,
  osloCalendarDate,
  parseCalendarDate,
  startOfOsloDay,
  type CalendarDate,
} from "../time.ts";
import type { CampEditionData } from "./camp-edition-schema.ts";
import { campSettings, type CampEdition, type CampSettings } from "./camp-edition.ts";
import { programTemplate } from "./camp-program.ts";

/**
 * One edition of the winter camp as the club edits it (its shape and rules: camp-edition-schema.ts), and what
 * the site does with it: the usual edition of a year, the next year's copy, what changed, and the edition the
 * rule functions work with. Kept apart from the schema, so a page that only shows the edition does not build
 * the schema while it becomes interactive.
 */

// Where they were first defined; their homes are time.ts and camp-edition.ts (the schema needs them too).
export { formatCalendarDate, parseCalendarDate } from "../time.ts";
export { programAudiences } from "./camp-edition.ts";

const dayBefore = (date: CalendarDate) => addDays(date, -1);

/**
 * The edition of `year` with the club's usual settings: what a fresh install starts from. Registration
 * opens the day after the previous year's camp and closes when the camp is over, so the camp it seeds is open.
 */
export function standardEditionData(year: number): CampEditionData {
  const s = campSettings;
  const on = (md: { month: number; day: number }): CalendarDate => ({ year, ...md });
  const first = on(s.start);
  const last = on(s.end);
  const previousCampOver = startOfOsloDay(addDays({ ...last, year: year - 1 }, 1));
  return {
    year,
    firstDay: formatCalendarDate(first),
    lastDay: formatCalendarDate(last),
    venue: s.venue,
    prices: { ...s.price },
    earlyBird: { percent: s.earlyBird.percent, lastDay: formatCalendarDate(dayBefore(on(s.earlyBird.before))) },
    lateFee: { amount: s.lateFee.amount, firstDay: formatCalendarDate(addDays(on(s.lateFee.after), 1)), enabled: s.lateFee.enabled },
    gradingFee: s.gradingFee,
    companionFee: s.companionFee,
    refund: { fullUntil: formatCalendarDate(on(s.refund.fullUntil)), laterPercent: Math.round(s.refund.laterShare * 100) },
    homeClubId: s.homeClubId,
    rules: {
      cupGradingBelowAge: s.cupGradingBelowAge,
      homeClubSleepoverMinAge: s.homeClubSleepoverMinAge,
      minAge: s.minAge,
      masterFromGradeId: s.masterFromGradeId,
      cupGradeIdsBelow: s.cupGradeIdsBelow,
      companionMinAge: s.companionMinAge,
      companionDefaultAge: s.companionDefaultAge,
    },
    registrationOpensAt: previousCampOver.toISOString(),
    registrationClosesAt: startOfOsloDay(addDays(last, 1)).toISOString(),
    registrationDuringCamp: false,
    capacity: null,
    sleepoverCapacity: null,
    program: programTemplate.map((day) => day.map((item) => ({ ...item }))),
    flyerTexts: {
      children:
        "Bli med på tre dager med taekwondo sammen med barn og voksne fra klubber i hele TTU! Vi trener i grupper etter grad og alder, har sparring, oppvisning og middag med aktiviteter – og du kan sove i hallen sammen med de andre.",
      adults:
        "Tre dager med trening delt etter grad og alder, egne sparringsøkter, mestertrening, oppvisning og felles middag – sammen med utøvere, instruktører og mestere fra hele TTU.",
      clubs:
        "Vi inviterer utøvere, instruktører og mestere fra alle TTU-klubber til vinterleir. Leiren har trening delt etter grad og alder, sparring, dan-gradering, oppvisning og felles middag, og deltakerne kan overnatte i hallen. Vi håper dere vil dele invitasjonen i klubben deres.",
    },
  };
}

/** The edition the site starts with: this year's until its last day is over, then next year's. */
export function comingSeasonYear(now: Date): number {
  const today = osloCalendarDate(now);
  const thisYear = standardEditionData(today.year);
  return compareCalendarDates(today, parseCalendarDate(thisYear.lastDay)!) > 0 ? today.year + 1 : today.year;
}

/**
 * The whole weeks that move `firstDay` nearest to the same date in `toYear`: 52 for the next year, 104 for
 * the year after, so every day keeps its weekday (a Friday–Sunday camp stays Friday–Sunday).
 */
export function weeksToYear(firstDay: string, toYear: number): number {
  const from = parseCalendarDate(firstDay)!;
  const sameDate = new Date(Date.UTC(toYear, from.month - 1, from.day));
  return Math.round(differenceInCalendarDays(sameDate, new Date(Date.UTC(from.year, from.month - 1, from.day))) / 7);
}

/**
 * «Kopier fra forrige gang»: a copy of `from` with every date moved by the same whole number of weeks
 * (`weeksToYear`), everything else kept; the registration window keeps its Oslo wall-clock times (date-fns
 * in the club's zone handles summer time). The copy's year is the year its first day falls in.
 */
export function copyEditionData(from: CampEditionData, toYear: number): CampEditionData {
  const weeks = weeksToYear(from.firstDay, toYear);
  const shiftDate = (value: string) => formatCalendarDate(addDays(parseCalendarDate(value)!, weeks * 7));
  const shiftInstant = (value: string) => new Date(addWeeks(new TZDate(Date.parse(value), CLUB_TIME_ZONE), weeks).getTime()).toISOString();
  const firstDay = shiftDate(from.firstDay);
  return {
    ...structuredClone(from),
    year: parseCalendarDate(firstDay)!.year,
    firstDay,
    lastDay: shiftDate(from.lastDay),
    earlyBird: { ...from.earlyBird, lastDay: shiftDate(from.earlyBird.lastDay) },
    lateFee: { ...from.lateFee, firstDay: shiftDate(from.lateFee.firstDay) },
    refund: { ...from.refund, fullUntil: shiftDate(from.refund.fullUntil) },
    registrationOpensAt: shiftInstant(from.registrationOpensAt),
    registrationClosesAt: shiftInstant(from.registrationClosesAt),
  };
}

/** "Ny leir": the latest edition copied to the next year, 52 weeks on. */
export function nextEditionData(latest: CampEditionData): CampEditionData {
  return copyEditionData(latest, latest.year + 1);
}

/**
 * The edition the rule functions work with (pricing, eligibility, texts), built from the stored data. Dates
 * become instants at Oslo midnight: early-bird ends after its last day, the late fee starts on its first
 * day, full refund ends at midnight after its last day.
 */
export function campEditionFromData(data: CampEditionData): CampEdition {
  // The server keeps the published editions' data for a moment and prices every registration under it.
  let edition = editionsOfData.get(data);
  if (!edition) editionsOfData.set(data, (edition = editionFromData(data)));
  return edition;
}

/** Editions already made, by their data object (read, never changed, once made). */
const editionsOfData = new WeakMap<CampEditionData, CampEdition>();

function editionFromData(data: CampEditionData): CampEdition {
  const date = (value: string) => parseCalendarDate(value)!;
  const monthDay = (value: string) => ({ month: date(value).month, day: date(value).day });
  const settings: CampSettings = {
    ...campSettings,
    start: monthDay(data.firstDay),
    end: monthDay(data.lastDay),
    venue: data.venue,
    homeClubId: data.homeClubId,
    price: { ...data.prices },
    earlyBird: { percent: data.earlyBird.percent, before: monthDay(formatCalendarDate(addDays(date(data.earlyBird.lastDay), 1))) },
    lateFee: {
      amount: data.lateFee.amount,
      after: monthDay(formatCalendarDate(addDays(date(data.lateFee.firstDay), -1))),
      enabled: data.lateFee.enabled,
    },
    gradingFee: data.gradingFee,
    companionFee: data.companionFee,
    refund: { fullUntil: monthDay(data.refund.fullUntil), laterShare: data.refund.laterPercent / 100 },
    ...data.rules,
  };
  // The instants are made on first use: Oslo midnight needs the time-zone data, which a page that shows the
  // edition but judges no deadline (most pages, while they become interactive) should not load.
  const earlyBirdEndsAt = onFirstUse(() => startOfOsloDay(addDays(date(data.earlyBird.lastDay), 1)));
  const lateFeeFrom = onFirstUse(() => startOfOsloDay(date(data.lateFee.firstDay)));
  const fullRefundEndsAt = onFirstUse(() => startOfOsloDay(addDays(date(data.refund.fullUntil), 1)));
  return {
    year: data.year,
    start: date(data.firstDay),
    end: date(data.lastDay),
    get earlyBirdEndsAt() {
      return earlyBirdEndsAt();
    },
    get lateFeeFrom() {
      return lateFeeFrom();
    },
    get fullRefundEndsAt() {
      return fullRefundEndsAt();
    },
    settings,
    program: data.program,
  };
}

/**
 * The edition's data as stored, with the settings added since it was written filled with their defaults (a
 * stored edition is not parsed again when it is read).
 */
export function withEditionDefaults(data: CampEditionData): CampEditionData {
  return data.registrationDuringCamp === undefined ? { ...data, registrationDuringCamp: false } : data;
}

/** The instant the camp starts: the beginning of its first day (Oslo). */
export function campStartsAt(data: Pick<CampEditionData, "firstDay">): Date {
  return startOfOsloDay(parseCalendarDate(data.firstDay)!);
}

/** The instant the camp is over: midnight (Oslo) after its last day, when the edition has ended (camp-edition-phase.ts). */
export function campEndsAt(data: Pick<CampEditionData, "lastDay">): Date {
  return startOfOsloDay(addDays(parseCalendarDate(data.lastDay)!, 1));
}

/** What decides the registration window; `registrationDuringCamp` may be missing (an edition stored before it: off). */
type RegistrationWindow = Pick<CampEditionData, "firstDay" | "registrationOpensAt" | "registrationClosesAt"> &
  Partial<Pick<CampEditionData, "registrationDuringCamp">>;

/**
 * When registration really closes: the edition's closing time, or the moment the camp starts when that comes
 * first and the edition does not keep registration open while the camp is under way.
 */
export function registrationClosesAt(data: Omit<RegistrationWindow, "registrationOpensAt">): Date {
  const closes = Date.parse(data.registrationClosesAt);
  if (data.registrationDuringCamp === true) return new Date(closes);
  return new Date(Math.min(closes, campStartsAt(data).getTime()));
}

/** True from the camp's start when registration closed then (not kept open while the camp is under way). */
export function closedByCampStart(data: RegistrationWindow, now: Date): boolean {
  return (
    data.registrationDuringCamp !== true && now.getTime() >= campStartsAt(data).getTime() && now.getTime() < Date.parse(data.registrationClosesAt)
  );
}

export const registrationStates = ["notyet", "open", "full", "closed"] as const;
export type RegistrationState = (typeof registrationStates)[number];

/**
 * Whether the wizard takes registrations now: before the window, inside it (with or without places left),
 * or after it (unless the edition keeps registration open during the camp, at the latest when the camp starts).
 * `taken` counts the athletes who hold a place (not cancelled, not on the waiting list).
 */
export function registrationStateAt(
  data: RegistrationWindow & Pick<CampEditionData, "capacity">,
  now: Date,
  taken: number,
): { state: RegistrationState; placesLeft: number | null } {
  const placesLeft = data.capacity === null ? null : Math.max(0, data.capacity - taken);
  if (now.getTime() < Date.parse(data.registrationOpensAt)) return { state: "notyet", placesLeft };
  if (now.getTime() >= registrationClosesAt(data).getTime()) return { state: "closed", placesLeft };
  return { state: placesLeft === 0 ? "full" : "open", placesLeft };
}
