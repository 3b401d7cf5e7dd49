import { formatOsloDateTime } from "../format.ts";
import type { OfferState, WaitlistEntry } from "./camp-waitlist.ts";

/** The waiting list's offer states in the camp admin's words. */
export const offerStateLabels: Record<OfferState, string> = {
  offered: "Tilbud sendt",
  accepted: "Takket ja",
  declined: "Takket nei",
  expired: "Tilbudet gikk ut",
  withdrawn: "Tilbudet er trukket tilbake",
};

/**
 * What follows the offer state's label (shown as a badge): the Oslo times, so badge and words read as one
 * sentence ("Tilbud sendt fredag 20. november kl. 10.15, gjelder til …"). No offer yet says so alone.
 */
export function offerSummary(offer: WaitlistEntry["offer"]): string {
  if (!offer) return "Ikke fått tilbud ennå";
  const offered = formatOsloDateTime(new Date(offer.offeredAt));
  const expires = formatOsloDateTime(new Date(offer.expiresAt));
  switch (offer.state) {
    case "offered":
      return `${offered}, gjelder til ${expires}`;
    case "expired":
      return `${expires} (sendt ${offered})`;
    case "accepted":
      return `(tilbud sendt ${offered})`;
    case "withdrawn":
    case "declined":
      return `(sendt ${offered})`;
  }
}
