import { vippsStatuses } from "../../shared/payments/vipps-payment.ts";
import { waitlistAnswer } from "../../shared/camp/camp-waitlist.ts";
import { json, list, text } from "./api-call-helpers.ts";
import type { ApiCall } from "./api-call-types.ts";

/** The public calls: the health check and this document, the camp's registration and lists, Vipps, the
 * waiting-list offers and the new-member form. The events' are declared in src/shared/events/event-calls.ts. */
export const publicCalls: readonly ApiCall[] = [
  {
    method: "GET",
    path: "/healthz",
    tag: "Drift",
    summary: "Health check: the server and its database answer.",
    answer: { kind: "none", description: "JSON `{ status, uptimeSeconds, now, database }` (`now`: the server clock)." },
    errors: { 503: "The database does not answer." },
  },
  {
    method: "GET",
    path: "/api/openapi.json",
    tag: "Drift",
    summary: "This document.",
    answer: { kind: "none", description: "The OpenAPI 3.1 document (JSON)." },
  },
  {
    method: "GET",
    path: "/api/Club/Get",
    tag: "Vinterleir",
    summary: "The clubs.",
    answer: list("Club", "Every club, in Norwegian alphabetical order."),
  },
  { method: "GET", path: "/api/Grade/Get", tag: "Vinterleir", summary: "The grades (belts).", answer: list("Grade", "Every grade.") },
  {
    method: "GET",
    path: "/api/CampEdition/Current",
    tag: "Vinterleir",
    summary:
      "«The» camp (the earliest published edition not yet ended), or with `year` another published edition, and where its registration stands.",
    query: { year: "A published edition's year; «the» camp without it." },
    answer: json("CurrentEdition", "The edition, its registration state and the places left."),
    errors: { 404: "No camp is announced yet." },
  },
  {
    method: "GET",
    path: "/api/CampEdition/Open",
    tag: "Vinterleir",
    summary:
      "The published editions taking registrations now (not ended, registration `open` or `full`), oldest first: the wizard asks which camp when there are two.",
    answer: list("CurrentEdition", "Each edition, its registration state and the places left; empty when none is open."),
  },
  {
    method: "POST",
    path: "/api/Vinterleir/Post",
    tag: "Vinterleir",
    summary:
      "Register for the camp; optional `siblings`: up to 10 further athletes sharing the contact details, stored as one group (all or nothing).",
    description:
      "With `vipps: true` a group pays once: one Vipps payment for the group total (its order is the first athlete's), and the answer is its payment address.",
    body: { kind: "json", schema: "CampRegistration" },
    answer: text(
      `Read as text: \`Done\` (registered, nothing to pay now), \`${waitlistAnswer}\` (on the waiting list), or the payment address to follow.`,
    ),
    errors: {
      409: "Registration is not open (not yet, or closed), or a group does not fit entirely in the free places; nothing is stored.",
      413: "The body is too large.",
      429: "Too many submissions from one address.",
    },
  },
  {
    method: "POST",
    path: "/api/Vinterleir/Price",
    tag: "Vinterleir",
    summary: "The price lines a registration (with its `siblings`) would be charged now, per athlete; nothing is stored.",
    description: "The same schema, edition, grades and clock as `/api/Vinterleir/Post`: the wizard's review and payment steps show these lines.",
    body: { kind: "json", schema: "CampRegistration" },
    answer: json("CampPriceQuote", "Each athlete's name, price lines and total, and the total for all."),
    errors: { 409: "No camp is announced.", 413: "The body is too large.", 429: "Too many requests from one address." },
  },
  {
    method: "GET",
    path: "/api/VinterleirUsers/Get",
    tag: "Vinterleir",
    summary: "The public participant list (names only of those who agreed).",
    answer: list("PublicParticipant", "The participants."),
  },
  {
    method: "GET",
    path: "/api/VinterleirUsers/GetGrades",
    tag: "Vinterleir",
    summary: "How many of each grade are coming.",
    answer: list("GradeStatistic", "The grade statistics."),
  },
  {
    method: "GET",
    path: "/api/Vipps/CheckIfVippsOk/:orderId",
    tag: "Vipps",
    summary: "A registration's Vipps payment status.",
    answer: text("The status as text; empty while the payment is open.", vippsStatuses),
    errors: { 404: "No such order." },
  },
  {
    method: "POST",
    path: "/api/Vipps/Cancel/:orderId",
    tag: "Vipps",
    summary: "End the open Vipps payment of an order (at Vipps too).",
    answer: { kind: "none", description: "JSON `{ orderId, status }`." },
    errors: { 404: "No such order." },
  },
  {
    method: "POST",
    path: "/api/Vipps/Webhook",
    tag: "Vipps",
    summary: "Vipps ePayment webhooks (the signature is checked).",
    body: { kind: "json", description: "A webhook event in Vipps ePayment's own format (see Vipps's documentation)." },
    answer: { kind: "none", description: "Received." },
    errors: { 401: "The signature does not match." },
  },
  {
    method: "POST",
    path: "/api/NewMember/Post",
    tag: "Nye medlemmer",
    summary: "Express interest as a new member.",
    body: { kind: "json", schema: "NewMember" },
    answer: text("`Done`."),
    errors: { 429: "Too many submissions from one address." },
  },
];
