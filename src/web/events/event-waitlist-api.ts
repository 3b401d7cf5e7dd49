import { callPath } from "../../shared/api/call.ts";
import { eventCalls } from "../../shared/events/event-calls.ts";
import type { EventWaitlistOfferView } from "../../shared/events/event-waitlist.ts";
import { ApiError, type ApiGet } from "../lib/api-client.ts";
import { readCall } from "../lib/call-api.ts";
import { acceptOfferAt, declineOfferAt, type AcceptResult, type DeclineResult } from "../lib/offer-api.ts";

/** The offer behind the mailed link (eventCalls.offer), or "notfound" for an unknown or malformed token. */
export async function getEventOffer(token: string, get?: ApiGet): Promise<EventWaitlistOfferView | "notfound"> {
  try {
    return await readCall(eventCalls.offer, { params: { offerToken: token } }, get);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return "notfound";
    throw error;
  }
}

/** «Ja takk» (eventCalls.acceptOffer): `Done` or the Vipps address, read as the camp's offers are (lib/offer-api.ts). */
export function acceptEventOffer(token: string): Promise<AcceptResult> {
  return acceptOfferAt(callPath(eventCalls.acceptOffer, { offerToken: token }));
}

/** «Nei takk» (eventCalls.declineOffer): the places go to the next in line at once. */
export function declineEventOffer(token: string): Promise<DeclineResult> {
  return declineOfferAt(callPath(eventCalls.declineOffer, { offerToken: token }));
}
