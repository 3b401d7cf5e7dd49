import { siteSectionNames, type SiteSectionName } from "../../shared/site/site-content.ts";
import type { Db } from "../db/database.ts";
import { watchVersioned, type VersionedWatchOptions } from "../db/versioned-watch.ts";
import { loadSiteContent, siteSectionVersions, type SiteContentSnapshot } from "../site-content/site-content-store.ts";

type SectionVersions = SiteContentSnapshot["versions"];

export interface SiteContentWatchOptions extends Omit<VersionedWatchOptions<SiteContentSnapshot>, "onChange"> {
  /** Called after a section changed, with the sections that did. */
  onChange?: (snapshot: SiteContentSnapshot, changed: SiteSectionName[]) => void;
}

/**
 * Follows the site's facts in the database, for every process on it, like the camp edition
 * (db/versioned-watch.ts): the version read is each section's latest change id (one small indexed query),
 * and only when one grew are the facts loaded again.
 */
export function watchSiteContent(db: Db, { onChange, ...options }: SiteContentWatchOptions = {}) {
  const changedBetween = (versions: SectionVersions, previous: SectionVersions) =>
    siteSectionNames.filter((name) => versions[name] !== previous[name]);
  return watchVersioned<SectionVersions, SiteContentSnapshot>(
    {
      readVersion: () => siteSectionVersions(db),
      holds: (snapshot, versions) => changedBetween(versions, snapshot.versions).length === 0,
      load: async (versions) => ({ content: await loadSiteContent(db), versions }),
    },
    { ...options, onChange: onChange && ((snapshot, previous) => onChange(snapshot, changedBetween(snapshot.versions, previous.versions))) },
  );
}

export type SiteContentWatch = ReturnType<typeof watchSiteContent>;
