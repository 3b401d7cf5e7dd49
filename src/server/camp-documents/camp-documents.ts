import { campEditionFromData } from "../../shared/camp/camp-edition-data.ts";
import type { EditionSnapshot, EditionWatch } from "../site/edition-watch.ts";
import type { SiteContentWatch } from "../site/site-content-watch.ts";
import type { SiteContentSnapshot } from "../site-content/site-content-store.ts";
import { campPdfs } from "./camp-pdfs.ts";
import { campPagePhase } from "../../shared/site/render-context.ts";

export interface CampDocument {
  body: Buffer;
  etag: string;
}

/**
 * The current edition's PDFs (flyers, invitation, terms of sale), made once per edition version, camp phase
 * and version of the club's contact details (which they print), and kept in memory. `refresh` makes them in the background when the edition changes, so the first visitor
 * after a change rarely waits; `find` makes them on demand otherwise.
 */
export function campDocuments(watch: EditionWatch, siteWatch: SiteContentWatch, now: () => Date) {
  let made: { key: string; files: Promise<Map<string, Buffer>> } | undefined;

  function filesFor(snapshot: EditionSnapshot, site: SiteContentSnapshot, at: Date): Promise<Map<string, Buffer>> {
    const key = etagKey(snapshot, site, at);
    if (made?.key !== key) {
      const fresh = { key, files: campPdfs(campEditionFromData(snapshot.data), site.content.kontakt, at) };
      made = fresh;
      fresh.files.catch(() => {
        if (made === fresh) made = undefined;
      });
    }
    return made.files;
  }

  return {
    /** The document with this file name (vinterleir-2026-barn.pdf, salgsbetingelser.pdf), if the current edition has it. */
    async find(fileName: string): Promise<CampDocument | undefined> {
      const [snapshot, site] = await Promise.all([watch.current(), siteWatch.current()]);
      if (!snapshot) return undefined;
      const at = now();
      const body = (await filesFor(snapshot, site, at)).get(fileName);
      return body && { body, etag: `"${etagKey(snapshot, site, at)}-${fileName}"` };
    },
    /** Makes the documents of a new edition now, in the background. */
    refresh(snapshot: EditionSnapshot | null) {
      if (snapshot)
        void siteWatch
          .current()
          .then((site) => filesFor(snapshot, site, now()))
          .catch(() => {});
    },
  };
}

/** What the documents depend on: the edition, the camp's phase (the early-bird offer ends) and the club's contact details. */
function etagKey(snapshot: EditionSnapshot, site: SiteContentSnapshot, at: Date): string {
  return `${snapshot.year}-${snapshot.version}-${campPagePhase(snapshot.data, at)}-${site.versions.kontakt}`;
}
