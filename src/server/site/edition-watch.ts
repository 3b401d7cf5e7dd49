import { eq } from "drizzle-orm";
import type { CampEditionData } from "../../shared/camp/camp-edition-schema.ts";
import { loadCurrentEdition } from "../camp/camp-editions.ts";
import type { Db } from "../db/database.ts";
import { campEditions } from "../db/schema/camp-editions.ts";
import { watchVersioned, type VersionedWatchOptions } from "../db/versioned-watch.ts";

/** The current edition as the pages and PDFs are made from it; null when the club has none. */
export interface EditionSnapshot {
  year: number;
  version: number;
  data: CampEditionData;
}

export type EditionWatchOptions = VersionedWatchOptions<EditionSnapshot | null>;

/**
 * Follows the current camp edition in the database, for every process on it (db/versioned-watch.ts): the
 * version read is the current edition's year and version (one tiny indexed query), and only when they
 * changed is the edition itself loaded.
 */
export function watchCurrentEdition(db: Db, options: EditionWatchOptions = {}) {
  return watchVersioned<{ year: number; version: number } | undefined, EditionSnapshot | null>(
    {
      readVersion: async () =>
        (await db.select({ year: campEditions.year, version: campEditions.version }).from(campEditions).where(eq(campEditions.isCurrent, true)))[0],
      holds: (snapshot, row) => (row ? snapshot?.year === row.year && snapshot.version === row.version : snapshot === null),
      load: async (row) => {
        const stored = row ? await loadCurrentEdition(db) : undefined;
        return stored ? { year: stored.data.year, version: stored.version, data: stored.data } : null;
      },
    },
    options,
  );
}

export type EditionWatch = ReturnType<typeof watchCurrentEdition>;
