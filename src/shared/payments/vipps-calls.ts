import { z } from "zod";
import { declareCall, jsonAnswer, publicAccess, textAnswer } from "../api/call.ts";
import { VippsCancelAnswerSchema, vippsStatuses } from "./vipps-payment.ts";

/**
 * The Vipps calls, declared once (src/shared/api/call.ts): the browser's (a payment's status for the result
 * page, ending an open payment) and Vipps's webhook. The webhook's body is Vipps's JSON, taken as bytes like
 * an upload: the signature covers the bytes as sent, so nothing may parse them before it is checked, and the
 * server reads the event only then.
 */

const tag = "Vipps";
const orderNotFound = "Fant ikke ordren.";
const tooMany = "For mange forespørsler fra samme adresse på kort tid.";

/** What the webhook answers whenever the signature holds (an event for another merchant included). */
export const WebhookReceivedSchema = z.object({ ok: z.literal(true) });

export const vippsCalls = {
  check: declareCall({
    method: "GET",
    path: "/api/Vipps/CheckIfVippsOk/:orderId",
    access: publicAccess,
    tag,
    summary: "A registration's Vipps payment status.",
    query: z.object({
      kvittering: z
        .string()
        .optional()
        .describe("`1`: JSON `{ status, receipt }` instead (VippsResult: once reserved, what was paid for, first names and the amount)."),
    }),
    answer: textAnswer("The status as text; empty while the payment is open.", vippsStatuses),
    errors: { 404: orderNotFound, 429: tooMany },
  }),
  cancel: declareCall({
    method: "POST",
    path: "/api/Vipps/Cancel/:orderId",
    access: publicAccess,
    tag,
    summary: "End the open Vipps payment of an order (at Vipps too).",
    answer: jsonAnswer(VippsCancelAnswerSchema, "The order and its payment's status."),
    errors: { 404: orderNotFound, 429: tooMany },
  }),
  webhook: declareCall({
    method: "POST",
    path: "/api/Vipps/Webhook",
    access: publicAccess,
    tag,
    summary: "Vipps ePayment's webhooks: a payment's event, signed by Vipps.",
    description:
      "Vipps signs each delivery with HMAC-SHA256 over the method, the registered address, `x-ms-date` and the " +
      "body's hash, in the `Authorization` header (`HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=…`). " +
      "The event is read only once the signature holds; the payment is then fetched from Vipps, not taken from the event.",
    upload: {
      contentType: "application/json",
      description: "A webhook event in Vipps ePayment's own format (see Vipps's documentation): `msn`, `reference`, `name`, ….",
      headers: {
        "x-ms-date": "When Vipps signed the delivery (RFC 1123); a date too far from the server's clock is refused.",
        "x-ms-content-sha256": "Base64 of the body's SHA-256.",
      },
    },
    answer: jsonAnswer(WebhookReceivedSchema, "Received (also an event for another merchant, which is ignored)."),
    errors: {
      400: "Bad webhook body (the signature held, the event could not be read).",
      401: "The signature is missing or wrong, or its date is stale.",
    },
  }),
};
