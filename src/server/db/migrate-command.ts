/** `npm run db:migrate`: applies pending migrations (and the reference data) without starting the server. */
import { loadEnv } from "../env.ts";
import { createClock } from "../clock.ts";
import { openDatabase } from "../startup/open-database.ts";

const env = loadEnv();
try {
  const database = await openDatabase(env, createClock(env)());
  console.log(`Database (${database.kind}) is up to date.`);
  await database.close();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
