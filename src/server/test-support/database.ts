/**
 * A fresh, migrated and seeded database per test file: in-memory PGlite always, and PostgreSQL too when
 * it answers at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). Each PostgreSQL test
 * database is created under a unique name and dropped on close. With REQUIRE_POSTGRES=1 (CI) a missing
 * PostgreSQL fails the run instead of being skipped.
 *
 * The databases are copies of ones migrated once per run (database-templates.global.ts): a PGlite loads a
 * dump of a migrated data folder, a PostgreSQL database is created from a template. Without that set-up
 * (another Vitest config) each database is migrated here instead; the result is the same.
 *
 *   describe.each(databaseKinds)("… on %s", (kind) => { … createTestDatabase(kind) … })
 */
import { testSeedTime } from "./test-clock.ts";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { connectPglite, connectPostgres, type Database, type DatabaseKind } from "../db/database.ts";
import { prepareDatabase } from "../db/open-database.ts";
import { adminQuery, postgresAnswers, redactPassword, testDatabaseUrl } from "./postgres-admin.ts";

const postgresAvailable = await postgresAnswers();
if (!postgresAvailable && process.env.REQUIRE_POSTGRES === "1") {
  throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL does not answer at ${redactPassword(testDatabaseUrl)}`);
}

export const databaseKinds: DatabaseKind[] = postgresAvailable ? ["pglite", "postgres"] : ["pglite"];

/** A migrated, seeded, empty-otherwise database; close() also drops it (PostgreSQL). `prepare: false`: nothing migrated. */
export async function createTestDatabase(kind: DatabaseKind, options: { prepare?: boolean } = {}): Promise<Database> {
  const prepared = options.prepare !== false;
  if (kind === "pglite") {
    const dump = pgliteTemplateDump(prepared);
    if (dump) return connectPglite(undefined, { loadDataDir: await dump });
    const database = await connectPglite();
    if (prepared) await prepareDatabase(database, testSeedTime);
    return database;
  }
  const template = prepared ? inject("postgresTemplate") : undefined;
  if (template) return createPostgresTestDatabase({ template });
  const database = await createPostgresTestDatabase();
  if (prepared) await prepareDatabase(database, testSeedTime);
  return database;
}

/**
 * A PostgreSQL database of its own, empty unless `template` names one to copy; `url` lets a test open a
 * second pool on it.
 */
export async function createPostgresTestDatabase(options: { template?: string } = {}): Promise<Database & { url: string }> {
  const name = `test_${process.pid}_${randomBytes(6).toString("hex")}`;
  await adminQuery(options.template ? `create database "${name}" template "${options.template}"` : `create database "${name}"`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await connectPostgres(url.toString());
  let dropped = false;
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      if (dropped) return;
      dropped = true;
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}

const dumps = new Map<string, Promise<Blob>>();

/**
 * The run's dump of a PGlite data folder, migrated and seeded or fresh from initdb (`prepared: false`), read once
 * per test file; undefined without the global set-up.
 */
export function pgliteTemplateDump(prepared: boolean): Promise<Blob> | undefined {
  const file = inject(prepared ? "pglitePreparedDump" : "pgliteEmptyDump");
  if (!file) return undefined;
  let dump = dumps.get(file);
  if (!dump) {
    dump = readFile(file).then((bytes) => new Blob([bytes]));
    dumps.set(file, dump);
  }
  return dump;
}
