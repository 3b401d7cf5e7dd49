import { campEditionFromData } from "../../shared/camp/camp-edition-data.ts";
import type { EditionSnapshot, EditionWatch } from "../site/edition-watch.ts";
import { campPdfs } from "./camp-pdfs.ts";

export interface CampDocument {
  body: Buffer;
  etag: string;
}

/**
 * The current edition's PDFs (flyers, invitation, terms of sale), made once per edition version and kept
 * in memory. `refresh` makes them in the background when the edition changes, so the first visitor
 * after a change rarely waits; `find` makes them on demand otherwise.
 */
export function campDocuments(watch: EditionWatch) {
  let made: { key: string; files: Promise<Map<string, Buffer>> } | undefined;

  function filesFor(snapshot: EditionSnapshot): Promise<Map<string, Buffer>> {
    const key = `${snapshot.year}:${snapshot.version}`;
    if (made?.key !== key) {
      const fresh = { key, files: campPdfs(campEditionFromData(snapshot.data)) };
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
      const snapshot = await watch.current();
      if (!snapshot) return undefined;
      const body = (await filesFor(snapshot)).get(fileName);
      return body && { body, etag: `"${snapshot.year}-${snapshot.version}-${fileName}"` };
    },
    /** Makes the documents of a new edition now, in the background. */
    refresh(snapshot: EditionSnapshot | null) {
      if (snapshot) filesFor(snapshot).catch(() => {});
    },
  };
}
