import type { FastifyInstance } from "fastify";
import { invoiceCalls } from "../../shared/invoices/invoice-calls.ts";
import { routeCall } from "../http/call-route.ts";
import { attachment, norwegianCsv, type CsvColumn } from "../exports/csv.ts";
import type { ImportResult, InvoiceGroup, InvoiceStatus } from "../../shared/invoices/invoice-groups.ts";
import { parseColumnMapping } from "./invoice-columns.ts";
import {
  failure,
  importInvoices,
  importMessages,
  lastImports,
  lastUploadedFile,
  maxInvoiceFileBytes,
  recordFailure,
  storedInvoiceCount,
} from "./invoice-import.ts";
import { describeSource, readConfiguredSource, SourceError, type Fetcher } from "./invoice-source.ts";
import { loadOverdueGroups } from "./invoice-reminders.ts";

const invoiceCsvFileName = "purringer.csv";

type CsvRow = { group: InvoiceGroup; invoice: InvoiceGroup["invoices"][number] };

/** Amounts as Norwegian Excel reads numbers: decimal comma, no grouping ("1234,50"). */
const csvAmount = (kroner: number) => kroner.toFixed(2).replace(".", ",");
const csvDate = (iso: string) => iso.split("-").reverse().join(".");

const csvColumns: CsvColumn<CsvRow>[] = [
  { header: "Navn", value: ({ group }) => group.name },
  { header: "E-post", value: ({ group }) => group.email },
  { header: "Fakturanummer", value: ({ invoice }) => invoice.InvoiceNumber ?? "" },
  { header: "KID", value: ({ invoice }) => invoice.Kid ?? "" },
  { header: "Beløp (kr)", value: ({ invoice }) => csvAmount(invoice.Amount) },
  { header: "Forfallsdato", value: ({ invoice }) => csvDate(invoice.DueDate) },
  { header: "Dager over forfall", value: ({ invoice }) => invoice.daysOverdue },
  { header: "AvtaleGiro", value: ({ invoice }) => invoice.Avtalegiro },
  { header: "Sum for personen (kr)", value: ({ group }) => csvAmount(group.total) },
];

/** One row per overdue invoice, people in the same order as the list (D9). */
function invoiceRemindersCsv(groups: InvoiceGroup[]): string {
  return norwegianCsv(
    csvColumns,
    groups.flatMap((group) => group.invoices.map((invoice) => ({ group, invoice }))),
  );
}

export interface InvoiceRoutesOptions {
  /** How an https INVOICE_SOURCE is fetched (tests pass their own). */
  fetcher?: Fetcher;
}

/**
 * The invoice admin (spec §7, D8), declared in src/shared/invoices/invoice-calls.ts. Every route is under
 * /api/Invoice/ so logger.ts masks the token, and behind the area's token (requireAdmin("invoice")). Registered as its own plugin: the raw upload body parser stays here.
 */
export async function registerInvoiceRoutes(app: FastifyInstance, options: InvoiceRoutesOptions = {}) {
  // Checked at start-up: a wrong INVOICE_COLUMNS should stop the server, not the first refresh.
  const mapping = parseColumnMapping(app.env.INVOICE_COLUMNS);
  const noStore = { "cache-control": "no-store" };

  routeCall(app, invoiceCalls.groups, {}, async (_request, reply) => reply.headers(noStore).send(await loadOverdueGroups(app.db, app.now())));

  routeCall(app, invoiceCalls.csv, {}, async (_request, reply) =>
    reply
      .headers(noStore)
      .header("content-disposition", attachment(invoiceCsvFileName))
      .type("text/csv; charset=utf-8")
      .send(invoiceRemindersCsv(await loadOverdueGroups(app.db, app.now()))),
  );

  routeCall(app, invoiceCalls.status, {}, async (_request, reply) => {
    const { last, lastOk } = await lastImports(app.db);
    const status: InvoiceStatus = {
      lastImport: last
        ? { at: last.importedAt.toISOString(), source: last.source, ok: last.ok, rowCount: last.rowCount, errorCount: last.errorCount }
        : null,
      lastSuccess: lastOk ? { at: lastOk.importedAt.toISOString(), source: lastOk.source, rowCount: lastOk.rowCount } : null,
      storedInvoices: await storedInvoiceCount(app.db),
      refreshSource: app.env.INVOICE_SOURCE ? "configured" : (await lastUploadedFile(app.db)) ? "upload" : "none",
    };
    return reply.headers(noStore).send(status);
  });

  /** Re-reads INVOICE_SOURCE when it is set, otherwise the last uploaded file. */
  routeCall(app, invoiceCalls.refresh, {}, async (request, reply) => {
    const now = app.now();
    let result: ImportResult;
    const configured = app.env.INVOICE_SOURCE;
    if (configured) {
      const source = describeSource(configured);
      try {
        const content = await readConfiguredSource(configured, options.fetcher);
        result = await importInvoices(app.db, { content, source }, mapping, now);
      } catch (error) {
        if (!(error instanceof SourceError)) throw error;
        request.log.warn({ reason: error.message }, "invoice source unreadable");
        const errors = [{ line: 0, message: `${importMessages.sourceUnreadable} ${error.message}` }];
        await recordFailure(app.db, source, errors, now);
        result = failure(errors);
      }
    } else {
      const file = await lastUploadedFile(app.db);
      result = file
        ? await importInvoices(app.db, { content: file.content, source: uploadSource(file.fileName) }, mapping, now)
        : failure([{ line: 0, message: importMessages.noSource }]);
    }
    request.log.info({ ok: result.ok, imported: result.imported, errorCount: result.errorCount }, "invoice refresh");
    return reply.headers(noStore).send(result);
  });

  // The file is the request body as it is (CSV or XLSX), whatever its content type; the browser sends the
  // File object, curl sends --data-binary @fil.csv. Its name travels URI-encoded in X-File-Name.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: maxInvoiceFileBytes }, (_request, body, done) => done(null, body));

  routeCall(app, invoiceCalls.upload, { bodyLimit: maxInvoiceFileBytes }, async (request, reply) => {
    const body: unknown = request.body;
    const content = body instanceof Buffer ? new Uint8Array(body) : new Uint8Array();
    const fileName = cleanFileName(request.headers["x-file-name"]);
    const result = await importInvoices(app.db, { content, source: uploadSource(fileName), upload: { fileName } }, mapping, app.now());
    request.log.info({ ok: result.ok, imported: result.imported, errorCount: result.errorCount, bytes: content.length }, "invoice upload");
    return reply.headers(noStore).send(result);
  });
}

function uploadSource(fileName: string): string {
  return `opplastet fil «${fileName}»`;
}

function cleanFileName(header: string | string[] | undefined): string {
  const raw = Array.isArray(header) ? header[0] : header;
  let name = "fil";
  if (raw) {
    try {
      name = decodeURIComponent(raw);
    } catch {
      name = raw;
    }
  }
  // Only the base name, without control characters: it is shown to the admin and stored.
  return (
    name
      .split(/[\\/]/)
      .pop()!
      .replace(/[\u0000-\u001f\u007f]/g, "")
      .trim()
      .slice(0, 200) || "fil"
  );
}
