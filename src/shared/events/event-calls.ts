import { z } from "zod";
import { declareCall, jsonAnswer, publicAccess, textAnswer } from "../api/call.ts";
import { waitlistAnswer } from "../camp/camp-waitlist.ts";
import { EventDetailSchema, EventListSchema, EventOrderViewSchema } from "./event-api.ts";
import { EventCancelAnswerSchema, EventCancelSchema, eventMyOrderMessages, MyEventOrderSchema } from "./event-my-order.ts";
import { EventOrderSchema } from "./event-order.ts";

/**
 * The public calls of the club's events (gradings, courses, sales), declared once (src/shared/api/call.ts):
 * the list and one event, registering or ordering, the Vipps result page's view of an order, «Min påmelding»
 * behind the personal link. The answers to a waiting-list offer are in offer-calls.ts; the leader's and the
 * door's calls are in event-admin-calls.ts.
 */

const tag = "Arrangementer";
// Descriptions of an error for the API document; where a call answers one shared message, it is quoted.
const tooMany = "Too many submissions from one address in a short time (the public rate limit).";
const eventNotFound = "No such published event.";
/**
 * Which order a link opens (`?orderId=`): an event order's own link needs none; «Min side»'s address link
 * names one of the address's orders (docs/decisions/0042-one-family-page-for-the-season.md).
 */
const linkOrderQuery = z.object({ orderId: z.string().max(40).optional() });

export const eventCalls = {
  list: declareCall({
    method: "GET",
    path: "/api/Arrangement/Get",
    access: publicAccess,
    tag,
    summary: "Published events (gradings, courses, sales) that have not ended, soonest first.",
    answer: jsonAnswer(
      EventListSchema,
      "Each event's slug, kind, title, days, state (notyet, open, full, closed), places left (null without a capacity) and page address.",
    ),
  }),
  detail: declareCall({
    method: "GET",
    path: "/api/Arrangement/Get/:slug",
    access: publicAccess,
    tag,
    summary: "One published event with what its form needs.",
    answer: jsonAnswer(EventDetailSchema, "The event, its price, rules, questions or items with what is left."),
    errors: { 404: eventNotFound },
  }),
  order: declareCall({
    method: "POST",
    path: "/api/Arrangement/Post/:slug",
    access: publicAccess,
    tag,
    summary: "Register for a grading or course (`participants`), or order club gear (`items`).",
    description:
      "The event's rules (club, age and grade range, the course's questions, items and variants) are checked against the event; a sale takes its stock in the same transaction, so the last one is sold once.",
    body: EventOrderSchema,
    answer: textAnswer(
      `Read as text: \`Done\` (registered or ordered, nothing to pay now), \`${waitlistAnswer}\` (the event is full: on the waiting list), or the Vipps payment address to follow.`,
    ),
    errors: {
      404: eventNotFound,
      409: "Påmeldingen er ikke åpen, en vare er utsolgt, eller Vipps er ikke tilgjengelig; ingenting er lagret.",
      413: "Forespørselen er for stor.",
      429: tooMany,
    },
  }),
  orderView: declareCall({
    method: "GET",
    path: "/api/Arrangement/Order/:orderId",
    access: publicAccess,
    tag,
    summary: "What the payment result page says about an event order: its kind and title.",
    answer: jsonAnswer(EventOrderViewSchema, "The order's kind, event title and first item."),
    errors: { 404: "Fant ikke ordren (en ordre til vinterleiren, eller ukjent).", 429: "For mange forespørsler fra samme adresse på kort tid." },
  }),
  myOrder: declareCall({
    method: "GET",
    path: "/api/Arrangement/MinPamelding/:token",
    access: publicAccess,
    tag,
    summary: "The event order behind a personal link (the link in the confirmation mail), or `orderId` of an address's link.",
    query: linkOrderQuery,
    answer: jsonAnswer(MyEventOrderSchema, "The event, the order's state, contact, participants or items, and its money from the ledger."),
    errors: { 404: eventMyOrderMessages.notFound },
  }),
  cancel: declareCall({
    method: "POST",
    path: "/api/Arrangement/Cancel/:token",
    access: publicAccess,
    tag,
    summary: "Cancel one participant (`position`) of a grading or course, or the whole order; a sale is cancelled whole.",
    query: linkOrderQuery,
    description:
      "Places and stock are freed in the same transaction. An unpaid charge is taken off; what was paid for it is owed back (docs/decisions/0029-event-cancellation.md). A second call answers the same with `changed: false`.",
    // No body cancels the whole order.
    body: EventCancelSchema.default({}),
    answer: jsonAnswer(EventCancelAnswerSchema, "The order as it now stands, `changed` and the `refund` owed back."),
    errors: {
      400: `${eventMyOrderMessages.saleWhole} Ellers: ugyldig avbestilling.`,
      404: `${eventMyOrderMessages.notFound} Eller: ${eventMyOrderMessages.participantNotFound}`,
      409: `${eventMyOrderMessages.ended} Eller: ${eventMyOrderMessages.paymentBusy}`,
      429: tooMany,
    },
  }),
};
