import { createDatabase, type Database } from "../db/database.ts";
import { backfillEmailKeys } from "./backfill-email-keys.ts";
import { seedReferenceData } from "../db/seed.ts";
import { seedSiteSections } from "../site-content/site-content-store.ts";

/** What start-up does: connect, apply pending migrations, upsert the reference data, give a fresh site its facts. */
export async function openDatabase(env: { DATA_DIR: string; DATABASE_URL?: string | undefined }, now: Date): Promise<Database> {
  const database = await createDatabase(env);
  try {
    await prepareDatabase(database, now);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** `now`: the server's clock, stamped on the facts a fresh site starts with. */
export async function prepareDatabase(database: Database, now: Date): Promise<void> {
  await database.migrate();
  await backfillEmailKeys(database.db);
  await seedReferenceData(database.db);
  await seedSiteSections(database.db, now);
}
