import { formatOsloDateTime } from "../format.ts";
import type { OfferState, WaitlistEntry } from "./camp-waitlist.ts";

/** The waiting list's offer states in the camp admin's words. */
export const offerStateLabels: Record<OfferState, string> = {
  offered: "Tilbud sendt",
  accepted: "Takket ja",
  expired: "Tilbudet gikk ut",
  withdrawn: "Tilbudet er trukket tilbake",
};

/** One line about the latest offer, with its Oslo times. */
export function offerSummary(offer: WaitlistEntry["offer"]): string {
  if (!offer) return "Ikke fått tilbud ennå";
  const offered = formatOsloDateTime(new Date(offer.offeredAt));
  const expires = formatOsloDateTime(new Date(offer.expiresAt));
  switch (offer.state) {
    case "offered":
      return `${offerStateLabels.offered} ${offered}, gjelder til ${expires}`;
    case "accepted":
      return `${offerStateLabels.accepted} (tilbud sendt ${offered})`;
    case "expired":
      return `${offerStateLabels.expired} ${expires} (sendt ${offered})`;
    case "withdrawn":
      return `${offerStateLabels.withdrawn} (sendt ${offered})`;
  }
}
