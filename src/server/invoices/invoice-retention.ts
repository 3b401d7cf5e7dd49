import { and, inArray, lt, notExists, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { invoiceFiles, invoiceImports, invoices } from "../db/schema/invoices.ts";

/**
 * Imports that no longer back the list (failed attempts, whose error texts quote names and e-mail
 * addresses, and successful imports since replaced) are kept this long, at most the retention itself:
 * long enough for the treasurer to read why last week's file was refused.
 */
const supersededImportDays = 7;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

export interface InvoiceRetentionRun {
  invoicesDeleted: number;
  invoiceImportsDeleted: number;
  invoiceFilesDeleted: number;
}

/**
 * The invoice list (names, e-mail addresses, amounts owed) is only useful while it is fresh: the current
 * import, its invoices and the stored uploaded file go `days` after they came in unless a newer import
 * replaced them first; other import records go after `supersededImportDays`. Each step is one idempotent
 * statement, safe to run in several processes at once; a concurrent import only ever adds newer rows.
 */
export async function purgeOldInvoices(db: Db, now: Date, days: number): Promise<InvoiceRetentionRun> {
  const cutoff = daysBefore(now, days);
  const supersededCutoff = daysBefore(now, Math.min(days, supersededImportDays));
  const staleImports = db.select({ id: invoiceImports.id }).from(invoiceImports).where(lt(invoiceImports.importedAt, cutoff));
  const invoicesGone = await db.delete(invoices).where(inArray(invoices.importId, staleImports)).returning({ id: invoices.id });
  const importsGone = await db
    .delete(invoiceImports)
    .where(
      and(
        notExists(
          db
            .select({ one: sql`1` })
            .from(invoices)
            .where(sql`${invoices.importId} = ${invoiceImports.id}`),
        ),
        // The superseded cutoff is never earlier than the main one, so stale imports are caught too.
        lt(invoiceImports.importedAt, supersededCutoff),
      ),
    )
    .returning({ id: invoiceImports.id });
  const filesGone = await db.delete(invoiceFiles).where(lt(invoiceFiles.uploadedAt, cutoff)).returning({ id: invoiceFiles.id });
  return { invoicesDeleted: invoicesGone.length, invoiceImportsDeleted: importsGone.length, invoiceFilesDeleted: filesGone.length };
}
