import { useCallback } from "react";
import type { CampRegistrationDraft } from "../../../shared/camp/camp-registration.ts";
import { priceQuoteBody } from "../../../shared/camp/camp-athletes.ts";
import { useLoad } from "../../lib/use-load.ts";
import { quoteCampPrice } from "./registration-api.ts";

/**
 * The server's price lines for the draft, asked once per step and again when something priced changes
 * (the payment choice and the texts change no price).
 */
export function usePriceQuote(draft: CampRegistrationDraft) {
  const key = JSON.stringify({ ...priceQuoteBody(draft), vipps: false });
  // The draft is read through `key`, so the request changes exactly when the priced body does.
  const load = useCallback(() => quoteCampPrice(JSON.parse(key) as CampRegistrationDraft), [key]);
  return useLoad(load);
}
