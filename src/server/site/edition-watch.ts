import { isNotNull, sql } from "drizzle-orm";
import { chooseTheCamp, laterCamps } from "../../shared/camp/camp-edition-phase.ts";
import type { LaterCamp } from "../../shared/site/render-context.ts";
import type { CampEditionData } from "../../shared/camp/camp-edition-schema.ts";
import { loadEdition } from "../camp/camp-editions.ts";
import type { Db } from "../db/database.ts";
import { campEditions } from "../db/schema/camp-editions.ts";

/** «The» camp's edition as the pages and PDFs are made from it; null when the club has none. */
export interface EditionSnapshot {
  year: number;
  version: number;
  data: CampEditionData;
  /** Published camps after it that have not ended, nearest first (the camp pages announce them). */
  later: LaterCamp[];
}

export interface EditionWatchOptions {
  /** A check is at most this old when a page is served (default 2 s). */
  maxAgeMs?: number;
  now?: () => number;
  /** The club's clock that decides which edition is «the» camp (the app's clock; default: `now`). */
  clock?: () => Date;
  /** Called when a check fails while an older snapshot is kept. */
  onError?: (error: unknown) => void;
  /** Called after the current edition (year or version) has changed, with the new one. */
  onChange?: (snapshot: EditionSnapshot | null) => void;
}

/**
 * Follows «the» camp edition in the database, for every process on it: when the last check is older than
 * `maxAgeMs`, the next caller asks for the published editions' years, versions and days (one small query on
 * a table of one row per year), picks «the» camp as of now (so the next camp takes over the moment this
 * one's last day is over), and only when its year or version changed loads the edition itself. Changes made by another process are seen
 * within `maxAgeMs` of the next request; `stale()` makes this process's own change visible at once.
 * When a check fails the last snapshot is kept (and the next request tries again).
 */
export function watchCurrentEdition(db: Db, { maxAgeMs = 2000, now = Date.now, clock, onError, onChange }: EditionWatchOptions = {}) {
  let snapshot: EditionSnapshot | null | undefined;
  let checkedAt = -Infinity;
  /** The later camps the snapshot was made with (their days and versions): a change there is a change too. */
  let snapshotLaterKey = "";
  let pending: Promise<void> | undefined;
  // stale() during a check: that check may have read the edition before the change, so it does not count.
  let generation = 0;

  async function check() {
    const started = generation;
    const published = await db
      .select({ year: campEditions.year, version: campEditions.version, firstDay: sql<string>`${campEditions.data}->>'firstDay'`, lastDay: sql<string>`${campEditions.data}->>'lastDay'`, registrationOpensAt: sql<string>`${campEditions.data}->>'registrationOpensAt'` })
      .from(campEditions)
      .where(isNotNull(campEditions.publishedAt));
    const at = clock?.() ?? new Date(now());
    const candidates = published.map((edition) => ({ ...edition, data: edition }));
    const row = chooseTheCamp(candidates, at);
    const later = laterCamps(candidates, row, at).map(({ year, firstDay, lastDay, registrationOpensAt }) => ({ year, firstDay, lastDay, registrationOpensAt }));
    const laterKey = JSON.stringify(later) + laterCamps(candidates, row, at).map((edition) => edition.version).join(",");
    const unchanged = row ? snapshot?.year === row.year && snapshot.version === row.version && snapshotLaterKey === laterKey : snapshot === null;
    if (!unchanged) {
      const stored = row ? await loadEdition(db, row.year) : undefined;
      const next = stored ? { year: stored.data.year, version: stored.version, data: stored.data, later } : null;
      snapshotLaterKey = laterKey;
      const first = snapshot === undefined;
      snapshot = next;
      if (!first) onChange?.(next);
    }
    if (started === generation) checkedAt = now();
  }

  return {
    /** The current edition, checked against the database when the last check is older than `maxAgeMs`. */
    async current(): Promise<EditionSnapshot | null> {
      if (snapshot !== undefined && now() - checkedAt < maxAgeMs) return snapshot;
      pending ??= check()
        .catch((error: unknown) => {
          if (snapshot === undefined) throw error;
          checkedAt = now();
          onError?.(error);
        })
        .finally(() => {
          pending = undefined;
        });
      await pending;
      return snapshot!;
    },
    /** The next caller checks again (after this process changed an edition). */
    stale() {
      generation++;
      checkedAt = -Infinity;
    },
  };
}

export type EditionWatch = ReturnType<typeof watchCurrentEdition>;
