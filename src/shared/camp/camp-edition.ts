import { addDays, compareCalendarDates, startOfOsloDay, type CalendarDate } from "../time.ts";
import { emailMaxLength, telephoneDigits } from "../contact/contact-rules.ts";

/**
 * The winter camp's rules as data (decisions D3). Month/day pairs are resolved against the edition's
 * year, so the same settings serve every season; pin `year` (or the dates) only for a special edition.
 */
export const campSettings = {
  /** First and last camp day (Friday–Sunday in the usual year). */
  start: { month: 11, day: 28 },
  end: { month: 11, day: 30 },
  venue: "Follo Stil Arena",
  homeClubId: 29,
  price: { child: 1025, adult: 1200, childMaxAge: 12 },
  /** 10 % off the athlete price, rounded up, for registrations before this day. */
  earlyBird: { percent: 10, before: { month: 11, day: 1 } },
  /** Late registration surcharge after this day; off in the standard edition (an edition can switch it on). */
  lateFee: { amount: 100, after: { month: 11, day: 20 }, enabled: false },
  gradingFee: 350,
  companionFee: 550,
  /** Full refund until midnight after `fullUntil`, then this share. */
  refund: { fullUntil: { month: 11, day: 21 }, laterShare: 0.5 },
  /** Cup grading is for home-club children under this age. */
  cupGradingBelowAge: 13,
  /** Home-club children under this age may not sleep in the hall. */
  homeClubSleepoverMinAge: 12,
  minAge: 7,
  masterFromGradeId: 18,
  cupGradeIdsBelow: 14,
  companionDefaultAge: 18,
  /** A companion takes responsibility for a child, so must be of age. */
  companionMinAge: 18,
  /** Telephone numbers: an optional plus, then this many digits. */
  telephoneDigits,
  /** Input limits that keep a registration sane; not rules the club has chosen. */
  limits: { maxAge: 125, maxCompanions: 10, nameLength: 100, emailLength: emailMaxLength, textLength: 2000 },
} as const;

/** Literal types widened (false → boolean, 1200 → number), so a test or special edition can override a value. */
type Widen<T> = T extends boolean ? boolean : T extends number ? number : T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };

export type CampSettings = Widen<typeof campSettings>;

export const programAudiences = ["alle", "barn", "voksne", "mestere"] as const;
/** Who an item concerns; the flyers for children and adults pick from this. */
export type Audience = (typeof programAudiences)[number];

export interface ProgramItem {
  from: string;
  to?: string;
  what: string;
  where?: string;
  audience: Audience;
}

export interface CampEdition {
  year: number;
  start: CalendarDate;
  end: CalendarDate;
  /** Instants (not calendar days) for rules judged by the clock. */
  earlyBirdEndsAt: Date;
  lateFeeFrom: Date;
  fullRefundEndsAt: Date;
  settings: CampSettings;
  /** The program per camp day, when the edition has its own (an edition from the database); else the usual one. */
  program?: readonly (readonly ProgramItem[])[];
}

/** What the rule functions need from an edition; a CampEdition fits, so callers pass their edition. */
export type CampRules = Pick<CampEdition, "settings">;
export const defaultCampRules: CampRules = { settings: campSettings };

/** Editions with the club's own settings, by year: computing one takes several time-zone conversions. */
const standardEditions = new Map<number, CampEdition>();

/** The edition of `year`; with the club's own settings the same (frozen) object every time. */
export function campEditionForYear(year: number, settings: CampSettings = campSettings): CampEdition {
  if (settings !== campSettings) return buildEdition(year, settings);
  let edition = standardEditions.get(year);
  if (!edition) {
    edition = Object.freeze(buildEdition(year, settings));
    standardEditions.set(year, edition);
  }
  return edition;
}

function buildEdition(year: number, settings: CampSettings): CampEdition {
  const on = (md: { month: number; day: number }): CalendarDate => ({ year, ...md });
  return {
    year,
    start: on(settings.start),
    end: on(settings.end),
    earlyBirdEndsAt: startOfOsloDay(on(settings.earlyBird.before)),
    lateFeeFrom: startOfOsloDay(addDays(on(settings.lateFee.after), 1)),
    fullRefundEndsAt: startOfOsloDay(addDays(on(settings.refund.fullUntil), 1)),
    settings,
  };
}

/** The camp days in order, each a calendar date (usually Friday, Saturday, Sunday). */
export function campDays(edition: CampEdition): CalendarDate[] {
  const days: CalendarDate[] = [];
  for (let d = edition.start; compareCalendarDates(d, edition.end) <= 0; d = addDays(d, 1)) days.push(d);
  return days;
}

export function isEarlyBird(edition: CampEdition, at: Date): boolean {
  return at.getTime() < edition.earlyBirdEndsAt.getTime();
}

/** The early-bird athlete price, rounded up to whole kroner as the club has always done. */
export function earlyBirdPrice(edition: CampEdition, fullPrice: number): number {
  return Math.ceil((fullPrice * (100 - edition.settings.earlyBird.percent)) / 100);
}
