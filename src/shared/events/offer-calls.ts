import { aliasCall, declareCall, type Call, jsonAnswer, publicAccess, textAnswer } from "../api/call.ts";
import { OfferViewSchema } from "./waitlist-offer.ts";

/**
 * The answers to a waiting-list offer behind its mailed link, for every kind of event (the camp's too),
 * declared once (src/shared/api/call.ts): the view, «Ja takk» and «Nei takk».
 */

const tag = "Venteliste";
const tooMany = "Too many submissions from one address in a short time (the public rate limit).";
const offerNotFound = "No offer behind that link.";

export const offerCalls = {
  view: declareCall({
    method: "GET",
    path: "/api/Arrangement/Venteliste/Get/:offerToken",
    access: publicAccess,
    tag,
    summary: "A waiting-list offer, the camp's or an event's (the link in the offer mail).",
    answer: jsonAnswer(OfferViewSchema, "The offer: the event, who the places are for, the receipt, state and deadline."),
    errors: { 404: offerNotFound },
  }),
  accept: declareCall({
    method: "POST",
    path: "/api/Arrangement/Venteliste/Accept/:offerToken",
    access: publicAccess,
    tag,
    summary: "«Ja takk»: take the offered places (card/cash or free: confirmed; Vipps: the payment address).",
    answer: textAnswer("`Done`, or the payment address to follow. A second click answers the same."),
    errors: {
      400: "Betaling med Vipps er ikke tilgjengelig akkurat nå (vinterleiren).",
      404: offerNotFound,
      409: "Betaling med Vipps er ikke tilgjengelig akkurat nå.",
      410: "Fristen er ute, tilbudet er avslått eller gjelder ikke lenger.",
      429: tooMany,
    },
  }),
  decline: declareCall({
    method: "POST",
    path: "/api/Arrangement/Venteliste/Decline/:offerToken",
    access: publicAccess,
    tag,
    summary: "«Nei takk»: the order leaves the waiting list and the places pass to the next in line at once.",
    answer: jsonAnswer(OfferViewSchema, "The offer, now declined."),
    errors: {
      404: offerNotFound,
      409: "Du har allerede takket ja til plassen.",
      410: "Fristen er ute, eller tilbudet gjelder ikke lenger.",
      429: tooMany,
    },
  }),
};

/** A call at the camp's first address (`/api/Venteliste/*`), which mailed links' pages already loaded still call. */
export const campOfferAlias = <C extends Call>(call: C): C => aliasCall(call, call.path.replace("/api/Arrangement/Venteliste/", "/api/Venteliste/"));
