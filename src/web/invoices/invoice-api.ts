import { z } from "zod";
import {
  ImportResultSchema,
  InvoiceGroupSchema,
  InvoiceStatusSchema,
  type ImportResult,
  type InvoiceGroup,
  type InvoiceStatus,
} from "../../shared/invoices/invoice-groups.ts";
import { ApiError, getJson, parseErrorBody, requestAdminToken, send, type AdminLoginResult } from "../lib/api-client.ts";

const invoicePath = (call: string, token: string) => `/api/Invoice/${call}/${encodeURIComponent(token)}`;

export function getInvoiceAdminToken(passwordDigest: string): Promise<AdminLoginResult> {
  return requestAdminToken(`/api/Invoice/GetToken/${encodeURIComponent(passwordDigest)}`);
}

export function getInvoiceGroups(token: string): Promise<InvoiceGroup[]> {
  return getJson(invoicePath("Get", token), z.array(InvoiceGroupSchema));
}

export function getInvoiceStatus(token: string): Promise<InvoiceStatus> {
  return getJson(invoicePath("Status", token), InvoiceStatusSchema);
}

export function invoiceCsvUrl(token: string): string {
  return invoicePath("GetCsv", token);
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

/** GET …/Refresh/{token}: re-reads the configured source or the last uploaded file. */
export async function refreshInvoices(token: string): Promise<ImportResult> {
  return readImportResult(await send(invoicePath("Refresh", token)), "Oppdatering");
}

/** POST …/Upload/{token}: the file itself is the body; its name goes in X-File-Name. */
export async function uploadInvoiceFile(token: string, file: Blob & { name?: string }): Promise<ImportResult> {
  const response = await send(invoicePath("Upload", token), {
    method: "POST",
    headers: { "Content-Type": file.type || "application/octet-stream", "X-File-Name": encodeURIComponent(file.name ?? "fil") },
    body: file,
  });
  return readImportResult(response, "Opplasting");
}
