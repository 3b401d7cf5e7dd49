/**
 * Where an uploaded picture of «Nettsted» is served: content-addressed, so it may be cached for a year. Apart
 * from the schemas (site-content.ts) so a page that shows a picture does not load zod for it.
 */
export const siteImagePath = (image: { id: string }) => `/bilder/nettsted/${image.id}.webp`;
