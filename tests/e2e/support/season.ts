/**
 * The days of the season the browser tests live on. Every server under test starts its clock at one of these
 * (CLOCK_START) and every page gets the server's clock (fixtures.ts): no test reads the real date.
 *
 * The 2026 camp is Friday 28 – Sunday 30 November; its early-bird price ends at midnight before 1 November,
 * its full refund at midnight after 21 November, and its data is anonymised 30 days after its last day.
 */
export const season = {
  /** The suite's own server: registration open, 10 % early-bird discount, full refund. */
  beforeEarlyBird: "2026-10-15T10:00:00+02:00",
  /** Full price, still full refund. */
  afterEarlyBird: "2026-11-10T10:00:00+01:00",
  /** Next year's camp copied and published while this year's is still to come. */
  nextYearPublished: "2026-11-20T10:00:00+01:00",
  /** Half back on cancelling. */
  afterRefundDeadline: "2026-11-24T10:00:00+01:00",
  /** Day 2 of the camp. */
  campUnderWay: "2026-11-29T10:00:00+01:00",
  /** The camp is over. */
  afterCamp: "2026-12-05T10:00:00+01:00",
  /** The day before the camp's data is anonymised, and the day it is (midnight after 30 December). */
  beforeAnonymised: "2026-12-30T10:00:00+01:00",
  anonymised: "2026-12-31T10:00:00+01:00",
} as const;

export type SeasonDay = keyof typeof season;

/** The year of the camp the suite's own server registers for. */
export const suiteCampYear = 2026;

/** An instant `days` after one of the season's days (for dates a test writes into an event or a window). */
export function daysAfter(instant: string, days: number): Date {
  return new Date(Date.parse(instant) + days * 24 * 3600_000);
}
