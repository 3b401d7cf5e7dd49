/**
 * Vitest global set-up: migrate and seed once per run, then let every test file copy the result.
 *
 * Migrating a fresh PGlite costs 2–6 s on a busy 2-core machine, and the database test files each start one
 * or more; loading a dump of an already migrated data folder takes a few hundred milliseconds. PostgreSQL gets
 * the same treatment with a template database (`create database … template …` copies files, no SQL runs).
 * The copies are made in `database.ts`; a file run without this set-up (another config) migrates as before.
 */
import { testSeedTime } from "./test-clock.ts";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { connectPglite, connectPostgres, type Database } from "../db/database.ts";
import { prepareDatabase } from "../startup/open-database.ts";
import { adminNames, adminQuery, postgresAnswers, testDatabaseUrl } from "./postgres-admin.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump (tar) of a PGlite data folder fresh from initdb, with nothing migrated. */
    pgliteEmptyDump: string;
    /** A dump (tar) of a migrated and seeded PGlite data folder. */
    pglitePreparedDump: string;
    /** The name of a migrated and seeded PostgreSQL database to copy, or "" without PostgreSQL. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), "stk-db-templates-"));
  const emptyDump = path.join(folder, "empty.tar");
  const preparedDump = path.join(folder, "prepared.tar");

  const pglite = await connectPglite();
  try {
    await writeFile(emptyDump, await dumpOf(pglite));
    await prepareDatabase(pglite, testSeedTime);
    await writeFile(preparedDump, await dumpOf(pglite));
  } finally {
    await pglite.close();
  }

  let postgresTemplate = "";
  if (await postgresAnswers()) {
    postgresTemplate = `test_template_${process.pid}_${randomBytes(4).toString("hex")}`;
    await adminQuery(`create database "${postgresTemplate}"`);
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${postgresTemplate}`;
    const postgres = await connectPostgres(url.toString());
    try {
      await prepareDatabase(postgres, testSeedTime);
    } finally {
      // A template must have no open connections while it is copied.
      await postgres.close();
    }
  }

  project.provide("pgliteEmptyDump", emptyDump);
  project.provide("pglitePreparedDump", preparedDump);
  project.provide("postgresTemplate", postgresTemplate);

  return async () => {
    await rm(folder, { recursive: true, force: true });
    if (!postgresTemplate) return;
    // The copies the workers kept for their next file (kept-databases.ts) are named after the template.
    for (const name of await adminNames(`select datname as name from pg_database where starts_with(datname, '${postgresTemplate}_')`)) {
      await adminQuery(`drop database if exists "${name}" with (force)`);
    }
    await adminQuery(`drop database if exists "${postgresTemplate}" with (force)`);
  };
}

async function dumpOf(database: Database): Promise<Buffer> {
  // The drizzle instance keeps its driver as $client; only the test set-up needs PGlite's own API.
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  return Buffer.from(await dump.arrayBuffer());
}
