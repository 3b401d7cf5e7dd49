import type { EventSummary } from "../../shared/events/event-api.ts";
import { publishedEventsKey } from "../events/event-store.ts";
import type { AppServices } from "../services.ts";

/** What the watch reads with: the database at the clock's time, and a log for a failed read. */
export type PublishedEventsWatchDeps = Pick<AppServices, "db" | "now" | "log">;

/**
 * The published events as /arrangementer shows them, read at most every `maxAgeMs` (default 2 s) by every
 * process on the database: a change made anywhere (published, full, closed) reaches the page within that,
 * and the page is rendered again only when the list changed. A failed read keeps the last list.
 */
export function watchPublishedEvents(deps: PublishedEventsWatchDeps, maxAgeMs = 2000) {
  let last: { key: string; list: EventSummary[] } | undefined;
  let checkedAt = -Infinity;
  let pending: Promise<{ key: string; list: EventSummary[] }> | undefined;
  return async (): Promise<{ key: string; list: EventSummary[] }> => {
    if (last && Date.now() - checkedAt < maxAgeMs) return last;
    pending ??= publishedEventsKey(deps.db, deps.now())
      .then((fresh) => {
        last = fresh;
        checkedAt = Date.now();
        return fresh;
      })
      .catch((error: unknown) => {
        if (!last) throw error;
        deps.log.warn({ err: error }, "could not read the published events; serving the list read before");
        checkedAt = Date.now();
        return last;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
}
