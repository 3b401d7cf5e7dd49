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

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
