import { createHash, randomBytes } from "node:crypto";
import type { StoredEventKind } from "../../shared/events/event-kinds.ts";
import { offerPagePath } from "../../shared/events/waitlist-offer.ts";

/** What a token in an offer link looks like; anything else is never looked up. */
export const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** 32 random bytes as base64url (43 characters): the part of the offer link that is the key. */
export function newOfferToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The token's SHA-256: all that is stored of it. */
export function offerTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The offer page's address for the kind; «Nei takk» opens it with the question to decline already asked. */
export function offerLink(publicBaseUrl: string, kind: StoredEventKind, token: string, answer?: "nei"): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}${offerPagePath(kind, token)}${answer ? `?svar=${answer}` : ""}`;
}
