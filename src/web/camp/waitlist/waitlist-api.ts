import { WaitlistOfferViewSchema, type WaitlistOfferView } from "../../../shared/camp/camp-waitlist.ts";
import { ApiError, getJson, type ApiGet } from "../../lib/api-client.ts";
import { acceptOfferAt, declineOfferAt, type AcceptResult, type DeclineResult } from "../../lib/offer-api.ts";

const offerPath = (call: string, token: string) => `/api/Venteliste/${call}/${encodeURIComponent(token)}`;

/** GET /api/Venteliste/Get/{offerToken}: the offer, or "notfound" for an unknown or malformed token. */
export async function getWaitlistOffer(token: string, get?: ApiGet): Promise<WaitlistOfferView | "notfound"> {
  try {
    return await getJson(offerPath("Get", token), WaitlistOfferViewSchema, get);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return "notfound";
    throw error;
  }
}

export type { AcceptResult, DeclineResult } from "../../lib/offer-api.ts";

/** POST /api/Venteliste/Accept/{offerToken}: read as text like a registration ("Done" or a payment address). */
export function acceptWaitlistOffer(token: string): Promise<AcceptResult> {
  return acceptOfferAt(offerPath("Accept", token));
}

/** POST /api/Venteliste/Decline/{offerToken} («Nei takk»): the place goes to the next in line at once. */
export function declineWaitlistOffer(token: string): Promise<DeclineResult> {
  return declineOfferAt(offerPath("Decline", token));
}
