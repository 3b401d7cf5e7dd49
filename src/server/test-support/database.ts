/**
 * A fresh, migrated and seeded database per test file: in-memory PGlite always, and PostgreSQL too when
 * it answers at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). Each PostgreSQL test
 * database is created under a unique name and dropped on close. With REQUIRE_POSTGRES=1 (CI) a missing
 * PostgreSQL fails the run instead of being skipped.
 *
 *   describe.each(databaseKinds)("… on %s", (kind) => { … createTestDatabase(kind) … })
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { connectPglite, connectPostgres, type Database, type DatabaseKind } from "../db/database.ts";
import { prepareDatabase } from "../db/open-database.ts";

const testDatabaseUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 2000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const postgresAvailable = await postgresAnswers();
if (!postgresAvailable && process.env.REQUIRE_POSTGRES === "1") {
  throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL does not answer at ${redactPassword(testDatabaseUrl)}`);
}

export const databaseKinds: DatabaseKind[] = postgresAvailable ? ["pglite", "postgres"] : ["pglite"];

/** A migrated, seeded, empty-otherwise database; close() also drops it (PostgreSQL). */
export async function createTestDatabase(kind: DatabaseKind, options: { prepare?: boolean } = {}): Promise<Database> {
  const database = kind === "pglite" ? await connectPglite() : await createPostgresTestDatabase();
  if (options.prepare !== false) await prepareDatabase(database);
  return database;
}

/** An empty PostgreSQL database of its own; `url` lets a test open a second pool on it. */
export async function createPostgresTestDatabase(): Promise<Database & { url: string }> {
  const name = `test_${process.pid}_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database "${name}"`);
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

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function redactPassword(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
}
