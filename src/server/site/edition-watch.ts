import { and, isNotNull, sql } from "drizzle-orm";
import { chooseTheCamp, laterCamps } from "../../shared/camp/camp-edition-phase.ts";
import type { LaterCamp } from "../../shared/site/render-context.ts";
import type { CampEditionData } from "../../shared/camp/camp-edition-schema.ts";
import { loadEdition } from "../camp/camp-editions.ts";
import { campEvents } from "../camp/camp-events.ts";
import type { Db } from "../db/database.ts";
import { events } from "../db/schema/events.ts";
import { watchVersioned, type VersionedWatchOptions } from "../db/versioned-watch.ts";

/** «The» camp's edition as the pages and PDFs are made from it; null when the club has none. */
export interface EditionSnapshot {
  year: number;
  version: number;
  data: CampEditionData;
  /** Published camps after it that have not ended, nearest first (the camp pages announce them). */
  later: LaterCamp[];
}

export type EditionWatchOptions = Omit<VersionedWatchOptions<EditionSnapshot | null>, "onChange"> & {
  /** The club's clock that decides which edition is «the» camp (the app's clock; default: `now`). */
  clock?: () => Date;
  /** Called after «the» camp (year or version) or the later camps changed, with the new snapshot. */
  onChange?: (snapshot: EditionSnapshot | null) => void;
};

/** What a check reads: «the» camp's year and version as of now, and the later camps it announces. */
interface EditionVersion {
  year: number | undefined;
  version: number | undefined;
  later: LaterCamp[];
  /** The later camps' days and versions: a change there is a change too. */
  laterKey: string;
}

/**
 * Follows «the» camp edition in the database, for every process on it (db/versioned-watch.ts): a check reads
 * the published editions' years, versions and days (one small query on a table of one row per year), picks
 * «the» camp as of now — so the next camp takes over the moment this one's last day is over — and only when
 * its year or version, or the later camps, changed loads the edition itself.
 */
export function watchCurrentEdition(db: Db, { clock, onChange, ...options }: EditionWatchOptions = {}) {
  const now = options.now ?? Date.now;
  return watchVersioned<EditionVersion, EditionSnapshot | null>(
    {
      readVersion: async () => {
        const published = await db
          .select({
            year: sql<number>`(${events.definition}->>'year')::int`,
            version: events.version,
            firstDay: sql<string>`${events.definition}->>'firstDay'`,
            lastDay: sql<string>`${events.definition}->>'lastDay'`,
            registrationOpensAt: sql<string>`${events.definition}->>'registrationOpensAt'`,
            venue: sql<string>`${events.definition}->>'venue'`,
          })
          .from(events)
          .where(and(campEvents, isNotNull(events.publishedAt)));
        const at = clock?.() ?? new Date(now());
        const candidates = published.map((edition) => ({ ...edition, data: edition }));
        const row = chooseTheCamp(candidates, at);
        const following = laterCamps(candidates, row, at);
        const later = following.map(({ year, firstDay, lastDay, registrationOpensAt, venue }) => ({
          year,
          firstDay,
          lastDay,
          registrationOpensAt,
          venue,
        }));
        return {
          year: row?.year,
          version: row?.version,
          later,
          laterKey: JSON.stringify(later) + following.map((edition) => edition.version).join(","),
        };
      },
      holds: (snapshot, read) =>
        read.year === undefined
          ? snapshot === null
          : snapshot?.year === read.year && snapshot.version === read.version && laterKeyOf(snapshot) === read.laterKey,
      load: async (read) => {
        const stored = read.year === undefined ? undefined : await loadEdition(db, read.year);
        if (!stored) return null;
        const snapshot = { year: stored.data.year, version: stored.version, data: stored.data, later: read.later };
        laterKeys.set(snapshot, read.laterKey);
        return snapshot;
      },
    },
    { ...options, ...(onChange ? { onChange: (snapshot) => onChange(snapshot) } : {}) },
  );
}

/** The later-camps key each snapshot was made with (kept beside it, not on the shape the pages read). */
const laterKeys = new WeakMap<EditionSnapshot, string>();
function laterKeyOf(snapshot: EditionSnapshot | null): string | undefined {
  return snapshot ? laterKeys.get(snapshot) : undefined;
}

export type EditionWatch = ReturnType<typeof watchCurrentEdition>;
