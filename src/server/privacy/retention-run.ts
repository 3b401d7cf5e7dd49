import type { InvoiceRetentionRun } from "../invoices/invoice-retention.ts";

/** What one pass of the retention rules did, rule by rule (its own module, so the services' list can name it). */
export interface RetentionRun extends InvoiceRetentionRun {
  anonymised: number;
  accountingDeleted: number;
  newMembersDeleted: number;
  mailDeleted: number;
  mailFilesDeleted: number;
  siteChangesDeleted: number;
}
