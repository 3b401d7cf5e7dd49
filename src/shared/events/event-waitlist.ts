import { z } from "zod";
import { OfferStateSchema } from "../camp/camp-waitlist.ts";
import { offerStateLabels, offerSummary } from "../camp/camp-waitlist-labels.ts";

/**
 * The waiting list of a grading or a course, the camp's design (src/shared/camp/camp-waitlist.ts): an order
 * that does not fit waits whole; when its places are free it gets an offer by mail, a personal link valid
 * `eventOfferValidityHours` (never past the registration's close), to confirm or decline («Nei takk»).
 */

export { offerValidityHours as eventOfferValidityHours } from "../camp/camp-waitlist.ts";

/** A waiting order's latest offer as the admin's participant list shows it. */
export const EventOfferSummarySchema = z.object({
  state: OfferStateSchema,
  offeredAt: z.string(),
  expiresAt: z.string(),
});
export type EventOfferSummary = z.infer<typeof EventOfferSummarySchema>;

/**
 * A waiting order's place in line and latest offer in the admin's words, after the status «Venteliste»:
 * «nr. 2 i køen – Tilbud sendt fredag 27. november kl. 10.15, gjelder til søndag 29. november kl. 10.15».
 */
export function waitingText(position: number | null, offer: EventOfferSummary | null): string {
  const place = position === null ? "" : `nr. ${position} i køen – `;
  return `${place}${offer ? `${offerStateLabels[offer.state]} ${offerSummary(offer)}` : offerSummary(null)}`;
}
