/**
 * A fresh, migrated and seeded database per test file: in-memory PGlite always, and PostgreSQL too when
 * it answers at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). Each PostgreSQL test
 * database is created under a unique name and dropped on close. With REQUIRE_POSTGRES=1 (CI) a missing
 * PostgreSQL fails the run instead of being skipped.
 *
 * The databases are copies of ones migrated once per run (database-templates.global.ts): a PGlite loads a
 * dump of a migrated data folder, a PostgreSQL database is created from a template. Without that set-up
 * (another Vitest config) each database is migrated here instead; the result is the same. A copy a test file
 * has closed is emptied back to the template's rows and handed to the worker's next file (kept-databases.ts).
 *
 *   describe.each(databaseKinds)("… on %s", (kind) => { … createTestDatabase(kind) … })
 */
import { testSeedTime } from "./test-clock.ts";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import type { PGlite } from "@electric-sql/pglite";
import { connectPglite, connectPostgres, databaseOverPglite, type Database, type DatabaseKind } from "../db/database.ts";
import { prepareDatabase } from "../startup/open-database.ts";
import { resetToTemplate, templateStateOf, type TemplateState } from "./kept-databases.ts";
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
    if (dump && prepared) return keptPglite(dump);
    if (dump) return connectPglite(undefined, { loadDataDir: await dump });
    const database = await connectPglite();
    if (prepared) await prepareDatabase(database, testSeedTime);
    return database;
  }
  const template = prepared ? inject("postgresTemplate") : undefined;
  if (template) return keptPostgres(template);
  const database = await createPostgresTestDatabase();
  if (prepared) await prepareDatabase(database, testSeedTime);
  return database;
}

/** A copy of the template no test file holds now, emptied back to the template's rows when handed out. */
interface Kept<Handle> {
  handle: Handle;
  state: TemplateState;
  /** Ends it for good: the worker's next file gets another copy. */
  discard(): Promise<void>;
}

const keptPglites: Kept<PGlite>[] = [];
const keptPostgresNames: Kept<string>[] = [];

/** The first kept copy that can still be emptied back to the template's rows; the others are discarded. */
async function takeKept<Handle, D extends Database>(kept: Kept<Handle>[], open: (handle: Handle) => Promise<D>) {
  for (let entry = kept.pop(); entry; entry = kept.pop()) {
    const database = await open(entry.handle);
    const reset = await resetToTemplate(database, entry.state).catch(() => false);
    if (reset) return { entry, database };
    await database.close();
    await entry.discard();
  }
  return undefined;
}

/**
 * A PGlite with the template's rows. Its `close()` ends this file's query API (any query after it fails as on a
 * closed PGlite) and keeps the PGlite for the worker's next file.
 */
async function keptPglite(dump: Promise<Blob>): Promise<Database> {
  const open = async (client: PGlite) => databaseOverPglite(client, async () => {});
  let taken = await takeKept(keptPglites, open);
  if (!taken) {
    const fresh = await connectPglite(undefined, { loadDataDir: await dump });
    const client = (fresh.db as unknown as { $client: PGlite }).$client;
    const entry = { handle: client, state: await templateStateOf(fresh), discard: () => fresh.close() };
    taken = { entry, database: await open(client) };
  }
  const { entry, database } = taken;
  return {
    ...database,
    close: async () => {
      await database.close();
      // Every query this file's API makes from now on meets a closed PGlite.
      const session = (database.db as unknown as { _: { session: { client: unknown } } })._.session;
      session.client = closedPglite;
      (database.db as unknown as { $client: unknown }).$client = closedPglite;
      if (!keptPglites.includes(entry)) keptPglites.push(entry);
    },
  };
}

/** What a closed PGlite answers every query with. */
const closedPglite = Object.freeze({
  query: () => Promise.reject(new Error("PGlite is closed")),
  exec: () => Promise.reject(new Error("PGlite is closed")),
  transaction: () => Promise.reject(new Error("PGlite is closed")),
});

/** A PostgreSQL database with the template's rows; its `close()` ends its connections and keeps the database. */
async function keptPostgres(template: string): Promise<Database & { url: string }> {
  const urlOf = (name: string) => {
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const open = async (name: string) => Object.assign(await connectPostgres(urlOf(name)), { url: urlOf(name) });
  let taken = await takeKept(keptPostgresNames, open);
  if (!taken) {
    // Named after the template, so the run's end drops every copy still kept (database-templates.global.ts).
    const name = `${template}_${process.pid}_${randomBytes(4).toString("hex")}`;
    await adminQuery(`create database "${name}" template "${template}"`);
    const database = await open(name);
    const discard = () => adminQuery(`drop database if exists "${name}" with (force)`);
    taken = { entry: { handle: name, state: await templateStateOf(database), discard }, database };
  }
  const { entry, database } = taken;
  let closed = false;
  return {
    ...database,
    close: async () => {
      await database.close();
      if (closed) return;
      closed = true;
      keptPostgresNames.push(entry);
    },
  };
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
