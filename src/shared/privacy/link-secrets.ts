/**
 * Links that are keys: «Min side» (/min-side/…: an address's, a submission's or an event order's link; the older
 * /vinterleir/min-pamelding/… and /arrangementer/min-pamelding/…) and a waiting-list offer (the camp's
 * or an event's) carry their secret as the last path segment; a payment page may carry one as `token=`.
 * Anything that shows a mail again (the person export) shows such a link with the secret removed, so a copy
 * never opens anything.
 */
const secretPathSegment = /(\/(?:min-side|vinterleir\/(?:min-pamelding|venteliste)|arrangementer\/(?:min-pamelding|venteliste))\/)[^\s"'<>/?#]+/gi;
const secretQueryValue = /([?&](?:amp;)?token=)[^\s"'<>&#]+/gi;

export const removedSecretText = "[fjernet]";

export function withoutLinkSecrets(text: string): string {
  return text.replace(secretPathSegment, `$1${removedSecretText}`).replace(secretQueryValue, `$1${removedSecretText}`);
}
