/**
 * «Min side»'s address (docs/decisions/0042-one-family-page-for-the-season.md): every mailed link and the Done
 * page's open it; the older addresses (/vinterleir/min-pamelding/…, /arrangementer/min-pamelding/…) lead here.
 */
export const familyPagePath = "/min-side";
export function familyPageLinkPath(token: string): string {
  return `${familyPagePath}/${token}`;
}
