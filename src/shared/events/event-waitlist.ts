import { z } from "zod";
import { OfferStateSchema } from "../camp/camp-waitlist.ts";
import { offerStateLabels, offerSummary } from "../camp/camp-waitlist-labels.ts";
import { eventKinds } from "./event-definition.ts";

/**
 * The waiting list of a grading or a course, the camp's design (src/shared/camp/camp-waitlist.ts): an order
 * that does not fit waits whole; when its places are free it gets an offer by mail, a personal link valid
 * `eventOfferValidityHours` (never past the registration's close), to confirm or decline («Nei takk»).
 */

export { offerValidityHours as eventOfferValidityHours } from "../camp/camp-waitlist.ts";

/** The page behind the offer mail's link. */
export const eventOfferPagePath = (token: string) => `/arrangementer/venteliste/${token}`;

/** `GET /api/Arrangement/Venteliste/Get/{offerToken}`: what the person sees behind the link in the offer mail. */
export const EventWaitlistOfferViewSchema = z.object({
  slug: z.string(),
  kind: z.enum(eventKinds),
  title: z.string(),
  /** The event's days, YYYY-MM-DD. */
  firstDay: z.string(),
  lastDay: z.string(),
  venue: z.string(),
  orderId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Who the places are for: the order's participants, «Fornavn Etternavn». */
  participants: z.array(z.string()),
  /** The price as it is charged when the offer is accepted, in whole kroner. */
  total: z.number(),
  lines: z.array(z.object({ label: z.string(), amount: z.number() })),
  /** True when the order chose Vipps; card/cash otherwise. */
  vipps: z.boolean(),
  state: OfferStateSchema,
  /** ISO 8601 instant. */
  expiresAt: z.string(),
});
export type EventWaitlistOfferView = z.infer<typeof EventWaitlistOfferViewSchema>;

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
