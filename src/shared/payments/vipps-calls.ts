import { z } from "zod";
import { declareCall, jsonAnswer, publicAccess, textAnswer } from "../api/call.ts";
import { VippsCancelAnswerSchema, vippsStatuses } from "./vipps-payment.ts";

/**
 * The browser's Vipps calls, declared once (src/shared/api/call.ts): a payment's status for the result page,
 * and ending an open payment. Vipps's own webhook is not declared: its body is Vipps's format, read as raw
 * bytes to check the signature (server/payments/vipps/vipps-routes.ts).
 */

const tag = "Vipps";
const orderNotFound = "Fant ikke ordren.";

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
    errors: { 404: orderNotFound },
  }),
  cancel: declareCall({
    method: "POST",
    path: "/api/Vipps/Cancel/:orderId",
    access: publicAccess,
    tag,
    summary: "End the open Vipps payment of an order (at Vipps too).",
    answer: jsonAnswer(VippsCancelAnswerSchema, "The order and its payment's status."),
    errors: { 404: orderNotFound },
  }),
};
