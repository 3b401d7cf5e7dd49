import type { ApiCall } from "./api-call-types.ts";

/**
 * The public calls not declared once: this document and Vipps's webhook (its body is
 * Vipps's own format, read as raw bytes to check the signature). The others are declared in src/shared
 * (`*-calls.ts`).
 */
export const publicCalls: readonly ApiCall[] = [
  {
    method: "GET",
    path: "/api/openapi.json",
    tag: "Drift",
    summary: "This document.",
    answer: { kind: "none", description: "The OpenAPI 3.1 document (JSON)." },
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
];
