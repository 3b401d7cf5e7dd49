/**
 * Where the reliability tests find the server and PostgreSQL.
 *
 * - The server is the production build (`build/node/main.js`); RELIABILITY_SERVER=source runs the working
 *   tree through tsx instead (no rebuild needed while working on it).
 * - PostgreSQL: RELIABILITY_PG_URL (a server URL without a database), else TEST_DATABASE_URL without its
 *   database, else postgres://postgres@127.0.0.1:5432. Each test creates its own database and drops it.
 *   Without PostgreSQL the PostgreSQL cases are skipped loudly; REQUIRE_POSTGRES=1 (CI) makes that a failure.
 */
import { postgresReachable } from "../../../scripts/bench/camp.mjs";
import { TEST_NOW } from "../../../src/shared/test-clock.fixture.ts";

export const fromSource = process.env.RELIABILITY_SERVER === "source";

function serverUrlOf(databaseUrl: string | undefined): string | undefined {
  if (!databaseUrl) return undefined;
  const url = new URL(databaseUrl);
  url.pathname = "";
  return url.toString().replace(/\/+$/, "");
}

export const postgresServerUrl =
  process.env.RELIABILITY_PG_URL?.replace(/\/+$/, "") ?? serverUrlOf(process.env.TEST_DATABASE_URL) ?? "postgres://postgres@127.0.0.1:5432";

/** True when PostgreSQL answers; false (with a loud note) when it does not and it is not required. */
export async function postgresAvailable(): Promise<boolean> {
  const reachable = await postgresReachable(postgresServerUrl);
  if (reachable.ok) return true;
  const where = postgresServerUrl.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
  if (process.env.REQUIRE_POSTGRES === "1") throw new Error(`REQUIRE_POSTGRES=1, but PostgreSQL does not answer at ${where}: ${reachable.reason}`);
  console.warn(`\n*** PostgreSQL does not answer at ${where} (${reachable.reason}): the PostgreSQL reliability cases are SKIPPED. ***\n`);
  return false;
}

/**
 * The servers under test live on a fixed day, not on the real date (the camp's registration window and prices
 * follow the day): their clock is real time shifted so that it read TEST_NOW when the run began. Every server of
 * a run gets the same shift (CLOCK_START at its own start), so processes and restarts agree on the time and it
 * never runs backwards. CLOCK_START is refused in production, so these servers run with NODE_ENV=test; without
 * the simulator unless a test asks for it (VIPPS_SIMULATOR=false), as production would be.
 */
const clockShiftMs = Date.parse(TEST_NOW) - Date.now();

/** The servers' clock at a real instant (ms since the epoch, e.g. Date.now()). */
export function serverTime(realMs: number): number {
  return realMs + clockShiftMs;
}

/** The environment that starts a server's clock on the run's shifted time (see above); a test's own env goes after it. */
export function pinnedClockEnv(): Record<string, string> {
  return { NODE_ENV: "test", VIPPS_SIMULATOR: "false", CLOCK_START: new Date(serverTime(Date.now())).toISOString() };
}

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
