import { count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { invoiceFiles, invoiceImports, invoices } from "../db/schema/invoices.ts";
import { maxReportedErrors, type ImportError, type ImportResult } from "../../shared/invoices/invoice-groups.ts";
import type { ColumnMapping } from "./invoice-columns.ts";
import { parseInvoiceFile } from "./invoice-file.ts";

/** The largest export we read, uploaded or fetched (5,000 invoices as CSV are about 400 KB). */
export const maxInvoiceFileBytes = 5 * 1024 * 1024;

export const importMessages = {
  noSource: "Det finnes ingen fil å lese inn ennå. Last opp eksporten fra regnskapssystemet, eller sett INVOICE_SOURCE på serveren.",
  tooLarge: `Filen er for stor (mer enn ${maxInvoiceFileBytes / 1024 / 1024} MB).`,
  sourceUnreadable: "Klarte ikke lese kilden som er satt opp (INVOICE_SOURCE). Listen er ikke endret.",
} as const;

export interface ImportInput {
  content: Uint8Array;
  /** Shown to the admin and kept in invoice_imports; never a URL's query string. */
  source: string;
  /** Set for an upload: the file is kept for later refreshes when (and only when) it imports cleanly. */
  upload?: { fileName: string };
}

/**
 * Reads the file and, only when every row is valid, replaces the stored invoices in one transaction
 * (D8: a bad import never empties the list). Every attempt is recorded.
 */
export async function importInvoices(db: Db, input: ImportInput, mapping: ColumnMapping, now: Date): Promise<ImportResult> {
  const parsed =
    input.content.length > maxInvoiceFileBytes
      ? { rows: [], errors: [{ line: 0, message: importMessages.tooLarge }] }
      : await parseInvoiceFile(input.content, mapping);

  if (parsed.errors.length > 0) {
    await recordFailure(db, input.source, parsed.errors, now);
    return failure(parsed.errors);
  }

  await db.transaction(async (tx) => {
    // Two refreshes at once must not both delete and then both insert; readers are not blocked.
    await tx.execute(sql`lock table invoices in share row exclusive mode`);
    const [record] = await tx
      .insert(invoiceImports)
      .values({ importedAt: now, source: input.source, ok: true, rowCount: parsed.rows.length, errorCount: 0, errors: [] })
      .returning({ id: invoiceImports.id });
    await tx.delete(invoices);
    // 9 parameters a row; PostgreSQL allows 65,535 per statement.
    for (let i = 0; i < parsed.rows.length; i += 2000) {
      await tx.insert(invoices).values(parsed.rows.slice(i, i + 2000).map((row) => ({ ...row, importId: record!.id })));
    }
    if (input.upload) {
      await tx.delete(invoiceFiles);
      await tx.insert(invoiceFiles).values({ uploadedAt: now, fileName: input.upload.fileName, content: input.content });
    }
  });
  return { ok: true, imported: parsed.rows.length, errors: [], errorCount: 0 };
}

export async function recordFailure(db: Db, source: string, errors: ImportError[], now: Date): Promise<void> {
  await db.insert(invoiceImports).values({
    importedAt: now,
    source,
    ok: false,
    rowCount: 0,
    errorCount: errors.length,
    errors: errors.slice(0, maxReportedErrors),
  });
}

export function failure(errors: ImportError[]): ImportResult {
  return { ok: false, imported: 0, errors: errors.slice(0, maxReportedErrors), errorCount: errors.length };
}

export async function lastUploadedFile(db: Db): Promise<{ fileName: string; content: Uint8Array } | undefined> {
  const [file] = await db
    .select({ fileName: invoiceFiles.fileName, content: invoiceFiles.content })
    .from(invoiceFiles)
    .orderBy(desc(invoiceFiles.id))
    .limit(1);
  return file;
}

export async function storedInvoiceCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(invoices);
  return Number(row?.n ?? 0);
}

export async function lastImports(db: Db) {
  const [last] = await db.select().from(invoiceImports).orderBy(desc(invoiceImports.id)).limit(1);
  const [lastOk] = await db.select().from(invoiceImports).where(eq(invoiceImports.ok, true)).orderBy(desc(invoiceImports.id)).limit(1);
  return { last, lastOk };
}
