/**
 * A value made on first use rather than at import. Locale and time-zone work is the reason: the first nb-NO
 * formatter, or the first conversion on Oslo's clock, loads its data — tens of milliseconds on a phone — and
 * made at import it would block every page that merely imports it while the page becomes interactive.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
