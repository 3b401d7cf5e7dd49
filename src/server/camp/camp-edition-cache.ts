import { sql, type SQL } from "drizzle-orm";
import { chooseTheCamp } from "../../shared/camp/camp-edition-phase.ts";
import type { CampEditionData } from "../../shared/camp/camp-edition-schema.ts";
import type { Db } from "../db/database.ts";
import { events } from "../db/schema/events.ts";
import { loadPublishedEditions, type StoredEdition } from "./camp-editions.ts";

/**
 * The published camp editions as a registration reads them, kept in memory for a moment so a registration
 * costs one round trip (its write) instead of two. Never trusted blindly: each registration's statement
 * carries the fingerprint of the editions it was priced under (`editionFingerprint`) and writes nothing when
 * the database's published editions no longer match (`EditionChangedError`); the caller then reads them again.
 * A refusal (window closed, no camp) is also checked against a fresh read before it is given. So a change
 * made by another process costs at most one wasted attempt, never a price or window of an older edition.
 */

/** How long a read is reused before the next registration reads again. */
export const EDITION_CACHE_MS = 2000;

interface Cached {
  at: number;
  editions: Promise<StoredEdition[]>;
}
const cache = new WeakMap<object, Cached>();

/** The published editions, read at most once per EDITION_CACHE_MS per database (`fresh`: read now). */
export function publishedEditions(db: Db, { fresh = false }: { fresh?: boolean } = {}): Promise<StoredEdition[]> {
  const now = performance.now();
  const hit = cache.get(db);
  if (hit && !fresh && now - hit.at < EDITION_CACHE_MS) return hit.editions;
  const editions = loadPublishedEditions(db);
  cache.set(db, { at: now, editions });
  // A failed read is not kept: the next caller tries again.
  editions.catch(() => {
    if (cache.get(db)?.editions === editions) cache.delete(db);
  });
  return editions;
}

/** After this process changed an edition: the next registration reads them again. */
export function forgetPublishedEditions(db: Db): void {
  cache.delete(db);
}

/** Which editions are published, at which version: what the statement compares with `publishedFingerprintSql`. */
export function editionFingerprint(editions: readonly StoredEdition[]): string {
  return [...editions]
    .sort((a, b) => a.data.year - b.data.year)
    .map((edition) => `${edition.data.year}:${edition.version}`)
    .join(",");
}

/** The same fingerprint, computed by the database at the moment of the write. */
export const publishedFingerprintSql: SQL = sql`(select coalesce(string_agg((${events.definition}->>'year') || ':' || ${events.version}::text, ',' order by ${events.slug}), '')
  from ${events} where ${events.kind} = 'vinterleir' and ${events.publishedAt} is not null)`;

/** The published editions changed between the read and the write: nothing was written. */
export class EditionChangedError extends Error {
  constructor() {
    super("The published camp editions changed during the registration");
  }
}

export interface RegistrationEdition {
  data: CampEditionData;
  fingerprint: string;
}

/**
 * The edition a registration is for: the published edition of the year it names, else «the» camp; with
 * the fingerprint its write must find. Undefined when that year has no published edition.
 */
export async function registrationEdition(
  db: Db,
  year: number | undefined,
  now: Date,
  options?: { fresh?: boolean },
): Promise<RegistrationEdition | undefined> {
  const editions = await publishedEditions(db, options);
  const edition = year === undefined ? chooseTheCamp(editions, now) : editions.find((candidate) => candidate.data.year === year);
  return edition ? { data: edition.data, fingerprint: editionFingerprint(editions) } : undefined;
}
