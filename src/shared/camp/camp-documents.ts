/**
 * Where the camp's PDFs are published. The pages link to these paths and the server makes the files
 * under the same names (src/server/camp-documents), so a link and its file can never drift apart.
 */
export const documentsPath = "/dokumenter";

export interface CampDocumentPaths {
  children: string;
  adults: string;
  clubs: string;
  terms: string;
}

export function campDocumentPaths(year: number): CampDocumentPaths {
  return {
    children: `${documentsPath}/vinterleir-${year}-barn.pdf`,
    adults: `${documentsPath}/vinterleir-${year}-voksne.pdf`,
    clubs: `${documentsPath}/vinterleir-${year}-klubber.pdf`,
    // The terms follow the edition's data but keep one address, so links from receipts stay valid.
    terms: `${documentsPath}/salgsbetingelser.pdf`,
  };
}

/** The file name of a published document path ("/dokumenter/x.pdf" → "x.pdf"). */
export function documentFileName(publicPath: string): string {
  return publicPath.slice(publicPath.lastIndexOf("/") + 1);
}
