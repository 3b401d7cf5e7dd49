import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach } from "vitest";
import type { Database, DatabaseKind } from "../db/database.ts";
import { migrationsFolder } from "../db/migrations-folder.ts";
import { createTestDatabase } from "./database.ts";

/**
 * A copy of the migrations folder that ends with the migration `tag` (its journal cut after it), for a test
 * that fills a database as an earlier release left it, then applies the rest with `database.migrate()`.
 */
export function migrationsUpTo(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "migrations-"));
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((entry) => entry.tag === tag);
  if (end < 0) throw new Error(`No migration ${tag}`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }));
  return folder;
}

/**
 * For a test of a migration that moves data: before each test a fresh database of `kind` as the release that
 * ended with migration `tag` left it (with one club and one grade), and `run` for the raw SQL that fills it as
 * that release would; the test then applies the rest with `database.migrate()`. Closed after each test.
 */
export function useDatabaseAt(kind: DatabaseKind, tag: string) {
  const at = {} as {
    database: Database;
    run: (statement: string) => ReturnType<Database["db"]["execute"]>;
    /** The camp's editions of these years as the events they are since migration 0029 (with ids from 901, apart from a test's own events). */
    campEditions: (...years: number[]) => Promise<void>;
  };
  beforeEach(async () => {
    const database = await createTestDatabase(kind, { prepare: false });
    await database.migrate(migrationsUpTo(tag));
    at.database = database;
    at.run = (statement) => database.db.execute(sql.raw(statement));
    at.campEditions = async (...years) => {
      for (const [index, year] of years.entries())
        await at.run(`insert into events (id, slug, kind, definition, last_day, created_at, updated_at) overriding system value
          values (${901 + index}, 'vinterleir-${year}', 'vinterleir', '{}', '${year}-12-31', '${year}-01-01T00:00:00Z', '${year}-01-01T00:00:00Z')`);
    };
    await at.run(`insert into clubs (club_id, name) values (1, 'Ski Taekwondo Klubb')`);
    await at.run(`insert into grades (grade_id, name, grade, is_dan) values (1, '10. cup', 10, false)`);
  });
  afterEach(async () => {
    await at.database.close();
  });
  return at;
}
