import { siteSectionNames, type SiteSectionName } from "../../shared/site/site-content.ts";
import type { Db } from "../db/database.ts";
import { loadSiteContent, siteSectionVersions, type SiteContentSnapshot } from "../site-content/site-content-store.ts";

export interface SiteContentWatchOptions {
  /** A check is at most this old when a page is served (default 2 s). */
  maxAgeMs?: number;
  now?: () => number;
  /** Called when a check fails while an older snapshot is kept. */
  onError?: (error: unknown) => void;
  /** Called after a section changed, with the sections that did. */
  onChange?: (snapshot: SiteContentSnapshot, changed: SiteSectionName[]) => void;
}

/**
 * Follows the site's facts in the database, for every process on it, like the camp edition (edition-watch.ts):
 * when the last check is older than `maxAgeMs`, the next caller asks for each section's latest change id
 * (one small indexed query) and only when one grew loads the facts again. A change made by another process
 * is seen within `maxAgeMs`; `stale()` makes this process's own change visible at once.
 */
export function watchSiteContent(db: Db, { maxAgeMs = 2000, now = Date.now, onError, onChange }: SiteContentWatchOptions = {}) {
  let snapshot: SiteContentSnapshot | undefined;
  let checkedAt = -Infinity;
  let pending: Promise<void> | undefined;
  let generation = 0;

  async function check() {
    const started = generation;
    const versions = await siteSectionVersions(db);
    const changed = snapshot ? siteSectionNames.filter((name) => versions[name] !== snapshot!.versions[name]) : siteSectionNames;
    if (changed.length > 0) {
      const content = await loadSiteContent(db);
      const first = snapshot === undefined;
      snapshot = { content, versions };
      if (!first) onChange?.(snapshot, changed);
    }
    if (started === generation) checkedAt = now();
  }

  return {
    async current(): Promise<SiteContentSnapshot> {
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
    stale() {
      generation++;
      checkedAt = -Infinity;
    },
  };
}

export type SiteContentWatch = ReturnType<typeof watchSiteContent>;
