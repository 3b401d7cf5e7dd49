import { campAccess, declareCall, fileAnswer, jsonAnswer } from "../api/call.ts";
import { AccountTotalsAnswerSchema, ChartAnswerSchema, ChartSchema, accountsMessages } from "./accounts-chart.ts";

/**
 * The treasurer's calls for the accounts («Regnskap», docs/decisions/0045-accounts-export.md), declared once
 * (src/shared/api/call.ts), all for a `leder`: the chart of accounts, the totals per account of a period, and
 * the period's vouchers as Excel and CSV. A period is two Oslo days, YYYY-MM-DD, both included.
 */
const tag = "Regnskap";
const leder = campAccess("leder");
const notLeader = "The account is not a leder.";
const badPeriod = `${accountsMessages.date} Eller: ${accountsMessages.period}`;

export const accountsCalls = {
  chart: declareCall({
    method: "GET",
    path: "/api/Regnskap/Kontoplan/:token",
    access: leder,
    tag,
    summary: "The chart of accounts the export posts to (the defaults where the club has not changed one), and its change log.",
    answer: jsonAnswer(ChartAnswerSchema, "The accounts in a fixed order of roles, and every change, oldest first."),
    errors: { 403: notLeader },
  }),
  saveChart: declareCall({
    method: "PUT",
    path: "/api/Regnskap/Kontoplan/:token",
    access: leder,
    tag,
    summary: "Replace the chart of accounts: every role once, a four-digit number and a name each. The change is logged.",
    body: ChartSchema,
    answer: jsonAnswer(ChartAnswerSchema, "The chart as saved, and its change log."),
    errors: { 403: notLeader },
  }),
  totals: declareCall({
    method: "GET",
    path: "/api/Regnskap/Summer/:from/:to/:token",
    access: leder,
    tag,
    summary: "Debit and credit per account of the money that moved in a period (no voucher numbers are given).",
    answer: jsonAnswer(AccountTotalsAnswerSchema, "The totals per account, and debit and credit in all (always equal)."),
    errors: { 400: badPeriod, 403: notLeader },
  }),
  xlsx: declareCall({
    method: "GET",
    path: "/api/Regnskap/GetXlsx/:from/:to/:token",
    access: leder,
    tag,
    summary: "Every money movement of a period as vouchers (a debit and a credit line each), and the totals per account, as Excel.",
    answer: fileAnswer("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "An XLSX download: sheets «Bilag» and «Kontosummer»."),
    errors: { 400: badPeriod, 403: notLeader },
  }),
  csv: declareCall({
    method: "GET",
    path: "/api/Regnskap/GetCsv/:from/:to/:token",
    access: leder,
    tag,
    summary: "The same vouchers as CSV, the totals per account and the sum after the lines.",
    answer: fileAnswer("text/csv", "UTF-8 with BOM, semicolons, Norwegian headers."),
    errors: { 400: badPeriod, 403: notLeader },
  }),
};
