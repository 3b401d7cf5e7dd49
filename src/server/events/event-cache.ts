import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { events } from "../db/schema/events.ts";
import { leaderEvent, type EventRow } from "./event-store.ts";

/**
 * A published event as an order reads it, kept in memory for a moment so an order costs its write and not
 * a read before it. Never trusted blindly: the write carries the event's definition and stores nothing when
 * the event has changed since (event-order-statement.ts), and a refusal is given only after a fresh read.
 */
export const EVENT_CACHE_MS = 2000;

const cache = new WeakMap<Db, Map<string, { at: number; row: Promise<EventRow | undefined> }>>();

/** The published event of `slug`, read at most once per EVENT_CACHE_MS per database (`fresh`: read now). */
export function publishedEvent(db: Db, slug: string, { fresh = false }: { fresh?: boolean } = {}): Promise<EventRow | undefined> {
  let bySlug = cache.get(db);
  if (!bySlug) cache.set(db, (bySlug = new Map()));
  const now = performance.now();
  const hit = bySlug.get(slug);
  if (hit && !fresh && now - hit.at < EVENT_CACHE_MS) return hit.row;
  // Old entries go on the next read, so a stranger's made-up slugs cannot fill the memory.
  for (const [key, entry] of bySlug) if (now - entry.at >= EVENT_CACHE_MS) bySlug.delete(key);
  const row = db
    .select()
    .from(events)
    .where(and(eq(events.slug, slug), isNotNull(events.publishedAt)))
    .then(([found]) => leaderEvent(found));
  bySlug.set(slug, { at: now, row });
  row.catch(() => {
    if (bySlug.get(slug)?.row === row) bySlug.delete(slug);
  });
  return row;
}
