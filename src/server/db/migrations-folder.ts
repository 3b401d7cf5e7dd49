import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The SQL migrations sit beside this module: src/server/db/migrations when run by tsx, and
 * build/node/migrations in the esbuild bundle (scripts/build.ts copies the folder next to main.js).
 */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const folder = path.join(here, "migrations");
  if (!existsSync(path.join(folder, "meta/_journal.json"))) {
    throw new Error(`Database migrations not found in ${folder} (is the build complete?)`);
  }
  return folder;
}
