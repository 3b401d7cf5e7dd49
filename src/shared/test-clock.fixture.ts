/**
 * For tests: the instant a test takes as «now» when it is not about a day of its own, so that no test reads
 * the real date as today and a run gives the same outcome on any day of the year.
 *
 * 15 October 2026, 10:00 in Oslo: the 2026 camp (28–30 November) takes registrations at early-bird prices
 * (until 31 October); the coming season's year is 2026.
 */
export const TEST_NOW = "2026-10-15T10:00:00+02:00";

/** The year of the camp a test at TEST_NOW is about (`comingSeasonYear` at TEST_NOW). */
export const TEST_CAMP_YEAR = 2026;

/** A frozen clock at TEST_NOW: a fresh Date on every call, so a caller cannot move the next one. */
export const testNow = (): Date => new Date(TEST_NOW);
