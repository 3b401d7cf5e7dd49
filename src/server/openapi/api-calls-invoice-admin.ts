import { json, list, csv, tokenAnswer, loginErrors, signedOut } from "./api-call-helpers.ts";
import type { ApiCall } from "./api-call-types.ts";

/** The invoice reminders' admin calls (Purringer). */
export const invoiceAdminCalls: readonly ApiCall[] = [
  {
    method: "GET",
    path: "/api/Invoice/GetToken/:passwordHash",
    tag: "Purringer",
    summary: "Sign in to the invoice reminders.",
    answer: tokenAnswer,
    errors: loginErrors,
  },
  { method: "POST", path: "/api/Invoice/Logout/:token", tag: "Purringer", summary: "Sign out (ends this token).", admin: true, answer: signedOut },
  { method: "POST", path: "/api/Invoice/LogoutAll/:token", tag: "Purringer", summary: "Sign out everywhere.", admin: true, answer: signedOut },
  {
    method: "GET",
    path: "/api/Invoice/Get/:token",
    tag: "Purringer",
    summary: "Unpaid invoices per member.",
    admin: true,
    answer: list("InvoiceGroup", "The reminders."),
  },
  {
    method: "GET",
    path: "/api/Invoice/GetCsv/:token",
    tag: "Purringer",
    summary: "The reminders as CSV.",
    admin: true,
    answer: csv("A CSV download."),
  },
  {
    method: "GET",
    path: "/api/Invoice/Status/:token",
    tag: "Purringer",
    summary: "The last import.",
    admin: true,
    answer: json("InvoiceStatus", "The status."),
  },
  {
    method: "GET",
    path: "/api/Invoice/Refresh/:token",
    tag: "Purringer",
    summary: "Read the configured source (or the last uploaded file) again.",
    admin: true,
    answer: json("ImportResult", "How the import went."),
  },
  {
    method: "POST",
    path: "/api/Invoice/Upload/:token",
    tag: "Purringer",
    summary: "Upload the accounting system's export (CSV or XLSX).",
    admin: true,
    headers: { "X-File-Name": "The file's name, URI-encoded." },
    body: { kind: "file", description: "The file itself as the raw body." },
    answer: json("ImportResult", "How the import went."),
    errors: { 413: "The file is too large." },
  },
];
