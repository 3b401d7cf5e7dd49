import { z } from "zod";
import { OfferStateSchema, type OfferState } from "../camp/camp-waitlist.ts";
import { campEventKind, storedEventKinds, type StoredEventKind } from "./event-kinds.ts";

/**
 * A waiting-list offer as the family sees it behind the mailed link, one shape for every kind of event: the
 * camp's offers and a grading's or a course's are rows of one table, answered by one set of calls
 * (offer-calls.ts) and shown by one page.
 */

/** The page behind the offer mail's link: the camp's links have always opened under /vinterleir. */
export const offerPagePath = (kind: StoredEventKind, token: string) =>
  kind === campEventKind ? `/vinterleir/venteliste/${token}` : `/arrangementer/venteliste/${token}`;

/** The event's own page, where the family can register again. */
export const offerEventPagePath = (kind: StoredEventKind, slug: string) => (kind === campEventKind ? "/vinterleir" : `/arrangementer/${slug}`);

/** The answers to an offer that did not go through, in the family's words (the reader is the parent: «du»). */
export const offerMessages = {
  notFound: "Fant ikke tilbudet. Sjekk at du har hele lenken fra e-posten.",
  expired: "Fristen for å svare er ute, og plassen er gitt videre til nestemann på ventelisten.",
  withdrawn: "Tilbudet gjelder ikke lenger.",
  declined: "Du har takket nei til plassen, og den er gitt videre til nestemann på ventelisten.",
  alreadyAccepted: "Du har allerede takket ja til plassen. Vil du avbestille, bruk lenken i bekreftelsen du fikk på e-post.",
  registrationClosed: "Påmeldingen er stengt, så plassen kan ikke tas lenger.",
  placeGone: "Plassen er dessverre ikke ledig likevel. Du står fortsatt på ventelisten og får en ny e-post hvis en plass blir ledig.",
  sleepoverGone:
    "Alle overnattingsplassene er tatt, så plassen med overnatting kan ikke tas likevel. Du står fortsatt på ventelisten og får en ny e-post når både en plass og en overnattingsplass er ledig.",
} as const;

/** An offer's state as the family and the admin see it: an open offer past its deadline is expired. */
export function shownState(offer: { state: OfferState; expiresAt: Date }, now: Date): OfferState {
  return offer.state === "offered" && offer.expiresAt.getTime() <= now.getTime() ? "expired" : offer.state;
}

/** `GET /api/Arrangement/Venteliste/Get/{offerToken}` (and the camp's `/api/Venteliste/Get/{offerToken}`). */
export const OfferViewSchema = z.object({
  slug: z.string(),
  kind: z.enum(storedEventKinds),
  /** «Vinterleir 2027», or the grading's or course's own title. */
  title: z.string(),
  /** The event's days, YYYY-MM-DD. */
  firstDay: z.string(),
  lastDay: z.string(),
  venue: z.string(),
  /** The year of the first day: a camp edition's year (what the camp's first offer page showed). */
  year: z.number().int(),
  orderId: z.string(),
  /** The order's name: an event's orderer, the camp's athlete. */
  firstName: z.string(),
  lastName: z.string(),
  /** Whom the page greets: the one reading (a child's parent or contact person, never the child); null: «Hei!». */
  greetingName: z.string().nullable(),
  /** Who the places are for, «Fornavn Etternavn». */
  participants: z.array(z.string()),
  /** The price as it is charged when the offer is accepted (once accepted, what was charged), in whole kroner. */
  total: z.number(),
  lines: z.array(z.object({ label: z.string(), amount: z.number() })),
  /** True when the order pays with Vipps on accepting; card/cash or nothing otherwise. */
  vipps: z.boolean(),
  state: OfferStateSchema,
  /** ISO 8601 instant. */
  expiresAt: z.string(),
});
export type OfferView = z.infer<typeof OfferViewSchema>;
