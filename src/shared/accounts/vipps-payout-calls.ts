import { campAccess, declareCall, jsonAnswer } from "../api/call.ts";
import { VippsPayoutReportSchema, VippsReadAnswerSchema } from "./vipps-payouts.ts";

/** The treasurer's Vipps payouts (Regnskap), for a `leder` (docs/decisions/0044-vipps-payouts-matched.md). */
const tag = "Regnskap";
const leder = campAccess("leder");

export const vippsPayoutCalls = {
  report: declareCall({
    method: "GET",
    path: "/api/Regnskap/Vipps/:from/:to/:token",
    access: leder,
    tag,
    summary: "Vipps's payouts whose date is in the period (YYYY-MM-DD, both included), each capture and refund matched, and what is unmatched.",
    answer: jsonAnswer(VippsPayoutReportSchema, "Payouts with amounts, fees and net in øre; the unmatched lists."),
    errors: { 400: "A date is not YYYY-MM-DD, or from is after to.", 403: "The account is not a leder.", 503: "Vipps is not in use." },
  }),
  read: declareCall({
    method: "POST",
    path: "/api/Regnskap/VippsRead/:token",
    access: leder,
    tag,
    summary: "Read Vipps's settlement reports now (every closed ledger date not read yet).",
    answer: jsonAnswer(VippsReadAnswerSchema, "How many ledger dates were read, and through which date."),
    errors: { 403: "The account is not a leder.", 502: "Vipps did not answer.", 503: "Vipps is not in use." },
  }),
};
