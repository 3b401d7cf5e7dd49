import { z } from "zod";

/**
 * The waiting list's shapes, shared by the server and the camp admin (the offer's are every kind's:
 * src/shared/events/waitlist-offer.ts). When the camp is full a registration is stored as waiting (no
 * payment); when a place frees, the first in line gets an offer: a personal link, valid 48 hours (never past
 * the registration's close), to confirm and pay.
 */

/** What `POST /api/Vinterleir/Post` answers when the registration went onto the waiting list. */
export const waitlistAnswer = "Venteliste";

/** How long an offer stands before it passes to the next in line. */
export const offerValidityHours = 48;

export const OfferStateSchema = z.enum(["offered", "accepted", "declined", "expired", "withdrawn"]);
export type OfferState = z.infer<typeof OfferStateSchema>;

/** One row of `GET /api/VinterleirAdmin/Waitlist/{token}`, in order (position 1 is first in line). */
export const WaitlistEntrySchema = z.object({
  registrationId: z.number(),
  position: z.number(),
  orderId: z.string(),
  name: z.string(),
  club: z.string(),
  email: z.string(),
  /** ISO 8601 instant the registration was made. */
  createdAt: z.string(),
  /** The latest offer, if any. */
  offer: z.object({ state: OfferStateSchema, offeredAt: z.string(), expiresAt: z.string() }).nullable(),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;

/** The body of `POST /api/VinterleirAdmin/Waitlist/Move/{registrationId}/{token}`: the new place in line, 1-based. */
export const WaitlistMoveSchema = z.object({
  position: z
    .number({ error: "Skriv plassen i køen som et tall." })
    .int("Plassen i køen må være et helt tall.")
    .min(1, "Plassen i køen må være minst 1.")
    .max(100_000, "Plassen i køen er for høy."),
});
