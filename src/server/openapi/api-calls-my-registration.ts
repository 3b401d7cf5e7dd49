import { text, memberQuery } from "./api-call-helpers.ts";
import type { ApiCall } from "./api-call-types.ts";

/** «Min påmelding»: the personal link is the last segment; unknown links answer 404. */
export const myRegistrationCalls: readonly ApiCall[] = [
  {
    method: "GET",
    path: "/api/MinPamelding/Get/:token",
    tag: "Min påmelding",
    summary: "The registration behind a personal link.",
    answer: {
      kind: "none",
      description:
        "JSON: persons, receipt, payments and today's refund with its deadline; for an athlete of a group, `group` with the group's total and payment and every athlete's own view.",
    },
    errors: { 404: "Unknown, malformed or ended link." },
  },
  {
    method: "POST",
    path: "/api/MinPamelding/Change/:token",
    tag: "Min påmelding",
    query: memberQuery,
    summary: "Change the free fields.",
    body: { kind: "json", schema: "MyRegistrationChange" },
    answer: { kind: "none", description: "JSON: the registration as it now stands, and whether anything changed." },
    errors: { 404: "Unknown link.", 409: "The camp has started." },
  },
  {
    method: "POST",
    path: "/api/MinPamelding/AddCompanion/:token",
    tag: "Min påmelding",
    query: memberQuery,
    summary: "Add a companion at the registration's own price.",
    body: { kind: "json", schema: "MyCompanionAdd" },
    answer: { kind: "none", description: "JSON: the registration, and `payUrl` when the difference is paid with Vipps." },
    errors: { 404: "Unknown link.", 409: "The camp has started." },
  },
  {
    method: "POST",
    path: "/api/MinPamelding/Grading/:token",
    tag: "Min påmelding",
    query: memberQuery,
    summary: "Grading on (priced as registered) or off (refunded by the rule).",
    body: { kind: "json", schema: "MyGrading" },
    answer: { kind: "none", description: "JSON: the registration, the refund, and `payUrl` when the difference is paid with Vipps." },
    errors: { 404: "Unknown link.", 409: "The camp has started." },
  },
  {
    method: "POST",
    path: "/api/MinPamelding/Pay/:token",
    tag: "Min påmelding",
    query: memberQuery,
    summary: "The Vipps address for an unpaid difference.",
    answer: text("The Vipps payment address."),
    errors: { 404: "Unknown link, or nothing to pay." },
  },
  {
    method: "POST",
    path: "/api/MinPamelding/Cancel/:token",
    tag: "Min påmelding",
    query: memberQuery,
    summary: "Cancel the athlete (the whole registration) or one companion, refunded by the rule.",
    body: { kind: "json", schema: "MyCancellation" },
    answer: { kind: "none", description: "JSON: the registration, whether anything changed, and the refund." },
    errors: { 404: "Unknown link.", 409: "The refund is no longer the one shown, or the camp has started." },
  },
  {
    method: "POST",
    path: "/api/MinPamelding/Find",
    tag: "Min påmelding",
    summary: "Mail the personal links of an e-mail address; always the same answer.",
    body: { kind: "json", schema: "FindMyRegistration" },
    answer: { kind: "none", description: "JSON `{ message }`, the same whether or not the address is registered." },
    errors: { 429: "Too many requests." },
  },
];
