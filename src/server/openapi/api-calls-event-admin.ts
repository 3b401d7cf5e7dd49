import { json, list } from "./api-call-helpers.ts";
import type { ApiCall } from "./api-call-types.ts";

/** The events' admin calls (Arrangement-admin). */
export const eventAdminCalls: readonly ApiCall[] = [
  {
    method: "GET",
    path: "/api/ArrangementAdmin/Get/:token",
    tag: "Arrangement-admin",
    summary: "Every event, the camp's editions included (`vinterleir-{year}`, read only), running and upcoming first.",
    admin: true,
    answer: list("AdminEvent", "The events with their phase, state, participants and definition."),
  },
  {
    method: "PUT",
    path: "/api/ArrangementAdmin/Put/:slug/:token",
    tag: "Arrangement-admin",
    summary: "Create or replace an event (only a `leder`).",
    admin: true,
    body: { kind: "json", schema: "EventDefinition" },
    answer: { kind: "none", description: "JSON `{ slug, created }`; 201 when created." },
    errors: { 403: "Not a leder.", 409: "A camp slug (edited in «Leirer»), or a kind change after registrations." },
  },
  {
    method: "POST",
    path: "/api/ArrangementAdmin/Publish/:slug/:token",
    tag: "Arrangement-admin",
    summary: "Publish an event; it never hides another (only a `leder`).",
    admin: true,
    answer: { kind: "none", description: "JSON `{ slug, published }`." },
    errors: { 403: "Not a leder.", 404: "No such event.", 409: "A camp slug." },
  },
  {
    method: "POST",
    path: "/api/ArrangementAdmin/Copy/:fromSlug/:toSlug/:token",
    tag: "Arrangement-admin",
    summary:
      "A new unpublished event from an earlier one, its dates moved by whole weeks (body `{ weeks }`, default 52) so weekdays stay (only a `leder`). A winter camp (`vinterleir-YYYY`) is copied to a new camp edition, its dates moved by whole weeks into the new year.",
    admin: true,
    body: { kind: "json", description: "`{ weeks }`, optional." },
    answer: { kind: "none", description: "JSON `{ slug, weeks }`, status 201." },
    errors: {
      400: "A camp copied to an event that is not a camp, or the other way round.",
      403: "Not a leder.",
      404: "No such event.",
      409: "The new slug or camp year is taken.",
    },
  },
  {
    method: "GET",
    path: "/api/ArrangementAdmin/Participants/:slug/:token",
    tag: "Arrangement-admin",
    summary: "An event's participants (or a sale's lines) with the order's money, contact details and answers (only a `leder`).",
    admin: true,
    answer: list("AdminEventParticipant", "One row per participant or item line."),
    errors: { 403: "Not a leder.", 404: "No such event." },
  },
  {
    method: "POST",
    path: "/api/ArrangementAdmin/Cancel/:orderId/:token",
    tag: "Arrangement-admin",
    summary: "Cancel an order (or one participant, `position`) as the family's link does, with the leader's name in the ledger.",
    admin: true,
    body: { kind: "json", schema: "EventCancel" },
    answer: json("EventCancelAnswer", "The order as it now stands, `changed` and the `refund` owed back."),
    errors: { 404: "No such order or participant.", 409: "The event has ended, or a Vipps payment is still under way." },
  },
  {
    method: "GET",
    path: "/api/ArrangementAdmin/GetXlsx/:slug/:token",
    tag: "Arrangement-admin",
    summary: "An event's participants as Excel; a grading adds the examiner's list, one sheet per grade (only a `leder`).",
    admin: true,
    answer: { kind: "none", description: "An XLSX download." },
    errors: { 403: "Not a leder.", 404: "No such event." },
  },
];
