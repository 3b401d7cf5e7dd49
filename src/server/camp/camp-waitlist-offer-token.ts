import { createHash, randomBytes } from "node:crypto";

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

export function offerLink(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}/vinterleir/venteliste/${token}`;
}
