import type { ApiCall } from "./api-call-types.ts";

/** An event order's privacy calls for a `leder` (privacy/privacy-setup.ts), beside the event admin's. */
export const eventPrivacyCalls: readonly ApiCall[] = [
  {
    method: "GET",
    path: "/api/ArrangementAdmin/PersonExport/:orderId/:token",
    tag: "Arrangement-admin",
    summary:
      "Everything held under an order's e-mail address — its camp registrations and its grading, course and gear orders — as a JSON download (access requests; only a `leder`).",
    admin: true,
    answer: { kind: "none", description: "A JSON download: `email`, `campRegistrations`, `eventOrders`, `mails`." },
    errors: { 403: "Not a leder.", 404: "No such order." },
  },
  {
    method: "POST",
    path: "/api/ArrangementAdmin/Forget/:orderId/:token",
    tag: "Arrangement-admin",
    summary: "Blank an order's personal data now, as the rule after the event does; items, payments and ledger stay (only a `leder`).",
    admin: true,
    answer: { kind: "none", description: "JSON `{ changed, orderId, anonymisedAt }`; a repeat answers `changed: false`." },
    errors: { 403: "Not a leder.", 404: "No such order.", 409: "A Vipps payment is still under way, or the order is on the waiting list." },
  },
];
