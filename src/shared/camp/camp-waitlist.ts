import { z } from "zod";

/**
 * The waiting list's shapes, shared by the server, the offer page and the camp admin. When the camp is
 * full a registration is stored as waiting (no payment); when a place frees, the first in line gets an
 * offer: a personal link, valid 48 hours (never past the registration's close), to confirm and pay.
 */

/** What `POST /api/Vinterleir/Post` answers when the registration went onto the waiting list. */
export const waitlistAnswer = "Venteliste";

/** How long an offer stands before it passes to the next in line. */
export const offerValidityHours = 48;

export type OfferState = "offered" | "accepted" | "expired" | "withdrawn";

/** `GET /api/Venteliste/Get/{offerToken}`: what the person sees behind the link in the offer mail. */
export interface WaitlistOfferView {
  year: number;
  orderId: string;
  firstName: string;
  lastName: string;
  /** The price as it was calculated when the registration was made, in whole kroner. */
  total: number;
  lines: { label: string; amount: number }[];
  /** True when the registration chose Vipps; card/cash otherwise. */
  vipps: boolean;
  state: OfferState;
  /** ISO 8601 instant. */
  expiresAt: string;
}

/** One row of `GET /api/VinterleirAdmin/Waitlist/{token}`, in order (position 1 is first in line). */
export interface WaitlistEntry {
  registrationId: number;
  position: number;
  orderId: string;
  name: string;
  club: string;
  email: string;
  /** ISO 8601 instant the registration was made. */
  createdAt: string;
  /** The latest offer, if any. */
  offer: { state: OfferState; offeredAt: string; expiresAt: string } | null;
}

/** The body of `POST /api/VinterleirAdmin/Waitlist/Move/{registrationId}/{token}`: the new place in line, 1-based. */
export const WaitlistMoveSchema = z.object({
  position: z
    .number({ error: "Skriv plassen i køen som et tall." })
    .int("Plassen i køen må være et helt tall.")
    .min(1, "Plassen i køen må være minst 1.")
    .max(100_000, "Plassen i køen er for høy."),
});
export type WaitlistMove = z.infer<typeof WaitlistMoveSchema>;
