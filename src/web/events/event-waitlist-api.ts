import { EventWaitlistOfferViewSchema, type EventWaitlistOfferView } from "../../shared/events/event-waitlist.ts";
import { ApiError, getJson, type ApiGet } from "../lib/api-client.ts";
import { acceptOfferAt, declineOfferAt, type AcceptResult, type DeclineResult } from "../lib/offer-api.ts";

const offerPath = (call: string, token: string) => `/api/Arrangement/Venteliste/${call}/${encodeURIComponent(token)}`;

/** GET /api/Arrangement/Venteliste/Get/{offerToken}: the offer, or "notfound" for an unknown or malformed token. */
export async function getEventOffer(token: string, get?: ApiGet): Promise<EventWaitlistOfferView | "notfound"> {
  try {
    return await getJson(offerPath("Get", token), EventWaitlistOfferViewSchema, get);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return "notfound";
    throw error;
  }
}

/** POST /api/Arrangement/Venteliste/Accept/{offerToken} («Ja takk»): `Done` or the Vipps address. */
export function acceptEventOffer(token: string): Promise<AcceptResult> {
  return acceptOfferAt(offerPath("Accept", token));
}

/** POST /api/Arrangement/Venteliste/Decline/{offerToken} («Nei takk»): the places go to the next in line at once. */
export function declineEventOffer(token: string): Promise<DeclineResult> {
  return declineOfferAt(offerPath("Decline", token));
}
