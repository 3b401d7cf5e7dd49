import { areaSignInCalls } from "../../shared/admin/area-sign-in-calls.ts";
import { callPath } from "../../shared/api/call.ts";
import { invoiceCalls } from "../../shared/invoices/invoice-calls.ts";
import { ImportResultSchema, type ImportResult, type InvoiceGroup, type InvoiceStatus } from "../../shared/invoices/invoice-groups.ts";
import { ApiError, parseErrorBody, requestAdminToken, send, type AdminLoginResult } from "../lib/api-client.ts";
import { readCall } from "../lib/call-api.ts";

export function getInvoiceAdminToken(passwordDigest: string): Promise<AdminLoginResult> {
  return requestAdminToken(callPath(areaSignInCalls.invoice.signIn, { passwordHash: passwordDigest }));
}

export function getInvoiceGroups(token: string): Promise<InvoiceGroup[]> {
  return readCall(invoiceCalls.groups, { params: { token } });
}

export function getInvoiceStatus(token: string): Promise<InvoiceStatus> {
  return readCall(invoiceCalls.status, { params: { token } });
}

export function invoiceCsvUrl(token: string): string {
  return callPath(invoiceCalls.csv, { token });
}

/**
 * Refresh and Upload answer an import result; a refused file is a result too (ok: false, rows listed).
 * Only 401 and unreadable answers throw, so the page can tell "your file has errors" from "signed out".
 */
async function readImportResult(response: Response, call: string): Promise<ImportResult> {
  const body = await response.text().catch(() => "");
  if (response.status === 401) throw new ApiError(`${call} svarte 401`, 401);
  if (response.ok) {
    try {
      const parsed = ImportResultSchema.safeParse(JSON.parse(body));
      if (parsed.success) return parsed.data;
    } catch {
      // fall through: not JSON
    }
    throw new ApiError(`${call} svarte med uventede data: ${body.slice(0, 300)}`, response.status);
  }
  const message = parseErrorBody(body)?.error ?? `${call} svarte ${response.status}.`;
  return { ok: false, imported: 0, errors: [{ line: 0, message }], errorCount: 1 };
}

/** `invoiceCalls.refresh`: re-reads the configured source or the last uploaded file. */
export async function refreshInvoices(token: string): Promise<ImportResult> {
  return readImportResult(await send(callPath(invoiceCalls.refresh, { token })), "Oppdatering");
}

/** `invoiceCalls.upload`: the file itself is the body; its name goes in X-File-Name. */
export async function uploadInvoiceFile(token: string, file: Blob & { name?: string }): Promise<ImportResult> {
  const response = await send(callPath(invoiceCalls.upload, { token }), {
    method: "POST",
    headers: { "Content-Type": file.type || "application/octet-stream", "X-File-Name": encodeURIComponent(file.name ?? "fil") },
    body: file,
  });
  return readImportResult(response, "Opplasting");
}
