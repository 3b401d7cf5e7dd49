import { z } from "zod";

/**
 * The invoice admin's answers (spec §3 "Invoice group", §7 Invoice calls, D8). The server builds exactly
 * these shapes and the browser parses them with the same schemas. Amounts are kroner and may have øre
 * (1234.5 = 1 234,50 kr); dates are Oslo calendar days as YYYY-MM-DD.
 */

const InvoiceSchema = z.object({
  Amount: z.number(),
  DueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  Avtalegiro: z.boolean(),
  InvoiceNumber: z.string().optional(),
  Kid: z.string().optional(),
  /** Whole days past the due date, on the club's clock. */
  daysOverdue: z.number().int(),
});

/** One person's overdue unpaid invoices (grouped by name and e-mail). */
export const InvoiceGroupSchema = z.object({
  name: z.string(),
  email: z.string(),
  invoices: z.array(InvoiceSchema),
  /** Sum of the invoices, kroner. */
  total: z.number(),
  /** The oldest invoice's days past due. */
  daysOverdue: z.number().int(),
});
export type InvoiceGroup = z.infer<typeof InvoiceGroupSchema>;

/** One reason a row (or the whole file, line 0 or 1) could not be imported, in Norwegian. */
const ImportErrorSchema = z.object({ line: z.number().int(), message: z.string() });
export type ImportError = z.infer<typeof ImportErrorSchema>;

/** The answer of Refresh and Upload: either every row was imported, or nothing changed. */
export const ImportResultSchema = z.object({
  ok: z.boolean(),
  /** Invoices now stored (0 when ok is false: the previous data stays). */
  imported: z.number().int().nonnegative(),
  /** At most `maxReportedErrors`; `errorCount` tells how many there were in all. */
  errors: z.array(ImportErrorSchema),
  errorCount: z.number().int().nonnegative(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const maxReportedErrors = 100;

/** The last import, shown above the list so the admin knows how fresh it is. */
export const InvoiceStatusSchema = z.object({
  lastImport: z
    .object({
      at: z.string(),
      source: z.string(),
      ok: z.boolean(),
      rowCount: z.number().int(),
      errorCount: z.number().int(),
    })
    .nullable(),
  /** The last successful import: the data the list shows. */
  lastSuccess: z.object({ at: z.string(), source: z.string(), rowCount: z.number().int() }).nullable(),
  /** All invoices stored, overdue or not. */
  storedInvoices: z.number().int(),
  /** Whether Refresh reads a configured source (INVOICE_SOURCE) or the last uploaded file. */
  refreshSource: z.enum(["configured", "upload", "none"]),
});
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;
