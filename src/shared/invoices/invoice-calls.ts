import { z } from "zod";
import { areaAccess, declareCall, fileAnswer, jsonAnswer } from "../api/call.ts";
import { ImportResultSchema, InvoiceGroupSchema, InvoiceStatusSchema } from "./invoice-groups.ts";

/**
 * The invoice reminders' admin calls (Purringer), declared once (src/shared/api/call.ts). Each takes the
 * area's own token (one password, no accounts) as its last path segment. Signing in and out:
 * src/shared/admin/area-sign-in-calls.ts.
 */

const tag = "Purringer";
const invoice = areaAccess("invoice");

export const invoiceCalls = {
  groups: declareCall({
    method: "GET",
    path: "/api/Invoice/Get/:token",
    access: invoice,
    tag,
    summary: "Unpaid invoices per member.",
    answer: jsonAnswer(z.array(InvoiceGroupSchema), "The reminders."),
  }),
  csv: declareCall({
    method: "GET",
    path: "/api/Invoice/GetCsv/:token",
    access: invoice,
    tag,
    summary: "The reminders as CSV.",
    answer: fileAnswer("text/csv", "A CSV download."),
  }),
  status: declareCall({
    method: "GET",
    path: "/api/Invoice/Status/:token",
    access: invoice,
    tag,
    summary: "The last import.",
    answer: jsonAnswer(InvoiceStatusSchema, "The status."),
  }),
  refresh: declareCall({
    method: "GET",
    path: "/api/Invoice/Refresh/:token",
    access: invoice,
    tag,
    summary: "Read the configured source (or the last uploaded file) again.",
    answer: jsonAnswer(ImportResultSchema, "How the import went."),
  }),
  upload: declareCall({
    method: "POST",
    path: "/api/Invoice/Upload/:token",
    access: invoice,
    tag,
    summary: "Upload the accounting system's export (CSV or XLSX).",
    upload: { description: "The file itself as the raw body.", headers: { "X-File-Name": "The file's name, URI-encoded." } },
    answer: jsonAnswer(ImportResultSchema, "How the import went."),
    errors: { 413: "The file is too large." },
  }),
};
