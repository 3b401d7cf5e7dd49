/**
 * The camp's PDFs, made by the server from the current edition whenever it changes (camp-documents.ts),
 * from the same edition data the pages show: a flyer for children, one for adults, an invitation to other
 * clubs, and the terms of sale. The club's contact details come from «Nettsted»; the cancellation terms are
 * the rule's own sentences (shared/camp/cancellation-terms.ts); the early-bird discount is offered only while
 * it can still be had.
 */
import { campDocumentPaths, documentFileName } from "../../shared/camp/camp-documents.ts";
import type { CampEdition } from "../../shared/camp/camp-edition.ts";
import type { Contact, PdfOptions } from "./camp-pdf-layout.ts";
import { flyerPdf } from "./camp-flyer-pdf.ts";
import { flyers } from "./camp-flyer-texts.ts";
import { termsPdf } from "./camp-terms-pdf.ts";

/** The four documents of an edition by file name, under the names the pages link to (camp-documents.ts in shared). */
export async function campPdfs(edition: CampEdition, contact: Contact, at: Date, options: PdfOptions = {}): Promise<Map<string, Buffer>> {
  const paths = campDocumentPaths(edition.year);
  const { children, adults, clubs } = flyers(edition, contact, at);
  const files = await Promise.all([
    flyerPdf(children, contact, options),
    flyerPdf(adults, contact, options),
    flyerPdf(clubs, contact, options),
    termsPdf(edition, contact, at, options),
  ]);
  const names = [paths.children, paths.adults, paths.clubs, paths.terms].map(documentFileName);
  return new Map(names.map((name, index) => [name, files[index]!]));
}
