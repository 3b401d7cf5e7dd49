/**
 * When a test database's seeded facts were written: a fixed instant before any season a test lives in, so no
 * test depends on the day the suite runs.
 */
export const testSeedTime = new Date("2025-01-01T12:00:00+01:00");
