import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrationsFolder } from "../db/migrations-folder.ts";

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
