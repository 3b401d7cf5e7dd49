import { personalLinkHeader } from "../../shared/camp/camp-my-registration.ts";
import { z } from "zod";
import { ErrorBodySchema } from "../../shared/api/error-body.ts";
import { CampPaymentDetailsSchema, VippsStatusSchema, type CampPaymentDetails, type RefundBody, type VippsStatus } from "../../shared/payments/vipps-payment.ts";
import { signOutCall, type AdminApiName, type SignOutScope } from "../../shared/admin/admin-api.ts";
import type { CampRegistrationDraft } from "../../shared/camp/camp-registration.ts";
import { waitlistAnswer } from "../../shared/camp/camp-waitlist.ts";
import type { NewMemberDraft } from "../../shared/members/new-member.ts";
import { NewMemberAdminEntrySchema, RemoveAnswerSchema, type NewMemberAdminEntry } from "../../shared/members/new-member-admin.ts";
import { ClubSchema, GradeSchema, type Club, type Grade } from "../../shared/camp/grades.ts";
import {
  ImportResultSchema,
  InvoiceGroupSchema,
  InvoiceStatusSchema,
  type ImportResult,
  type InvoiceGroup,
  type InvoiceStatus,
} from "../../shared/invoices/invoice-groups.ts";
import {
  AdminPersonSchema,
  AdminTotalsSchema,
  GradeStatisticSchema,
  PublicParticipantSchema,
  type AdminPerson,
  type AdminTotals,
  type GradeStatistic,
  type PublicParticipant,
} from "../../shared/camp/camp-lists.ts";

/**
 * The browser's one door to the server (spec §7): every fetch goes through here, so each call reads its
 * answer the same careful way and a page never mistakes an error page for data.
 */

/** A call that did not give a usable answer; `detail` is for the collapsible technical message. */
export class ApiError extends Error {
  constructor(
    readonly detail: string,
    readonly status?: number,
  ) {
    super(detail);
    this.name = "ApiError";
  }
}

export async function send(path: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, headers: { Accept: "application/json, text/plain", ...init?.headers } });
  } catch (error) {
    throw new ApiError(`Fikk ikke kontakt med serveren (${path}): ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A GET: `send` in the browser; a route loader on the server passes the server's own (lib/page-api.ts). */
export type ApiGet = (path: string) => Promise<Response>;

export async function getJson<T>(path: string, schema: z.ZodType<T>, get: ApiGet = send): Promise<T> {
  const response = await get(path);
  const body = await response.text();
  if (!response.ok) throw new ApiError(`GET ${path} svarte ${response.status}: ${body.slice(0, 300)}`, response.status);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new ApiError(`GET ${path} svarte ikke med JSON: ${body.slice(0, 300)}`, response.status);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(`GET ${path} svarte med uventede data: ${parsed.error.message}`, response.status);
  return parsed.data;
}

export function getClubs(): Promise<Club[]> {
  return getJson("/api/Club/Get", z.array(ClubSchema));
}

export function getGrades(): Promise<Grade[]> {
  return getJson("/api/Grade/Get", z.array(GradeSchema));
}

export interface ApiIssue {
  /** Dotted path into the registration, "" for the whole of it ("ledsagere.0.email"). */
  path: string;
  message: string;
}

export type CampPostResult =
  /** Registered; nothing to pay now (card/cash at the camp, or free). `personalLink`: the path of "Min påmelding". */
  | { kind: "done"; personalLink?: string }
  /** Pay at Vipps: the browser goes to this address. */
  | { kind: "redirect"; url: string; personalLink?: string }
  /** The camp is full: stored on the waiting list, nothing to pay. */
  | { kind: "waitlist" }
  /** 409: registration is not open (not yet, or closed meanwhile); nothing stored. */
  | { kind: "closed"; message: string }
  /** The server said no to the content (400): its Norwegian messages, to show by the fields. */
  | { kind: "invalid"; message: string; issues: ApiIssue[] }
  /** Nothing usable came back (network, 5xx, an odd answer): the error view with `detail`. */
  | { kind: "failed"; detail: string };

/**
 * POST /api/Vinterleir/Post. The answer is read as text (spec §7): "Done", a payment address, or an
 * error. Only an http(s) address counts as a redirect — the old site followed an empty 500 body and
 * reloaded the page instead of showing the error.
 */
export async function postCampRegistration(draft: CampRegistrationDraft): Promise<CampPostResult> {
  let response: Response;
  try {
    response = await send("/api/Vinterleir/Post", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(draft),
    });
  } catch (error) {
    return { kind: "failed", detail: error instanceof ApiError ? error.detail : String(error) };
  }
  let body: string;
  try {
    body = await response.text();
  } catch (error) {
    return { kind: "failed", detail: `Klarte ikke lese svaret (${response.status}): ${String(error)}` };
  }
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;

  if (response.ok) {
    const text = body.trim();
    const link = response.headers.get(personalLinkHeader) ?? undefined;
    const personalLink = link && /^\/vinterleir\/min-pamelding\/[A-Za-z0-9_-]{43}$/.test(link) ? { personalLink: link } : {};
    if (text === "Done") return { kind: "done", ...personalLink };
    if (text === waitlistAnswer) return { kind: "waitlist" };
    const url = paymentUrl(text);
    return url ? { kind: "redirect", url, ...personalLink } : { kind: "failed", detail: `${status}: uventet svar «${text.slice(0, 300)}»` };
  }

  const error = parseErrorBody(body);
  if (response.status === 400 && error) {
    return { kind: "invalid", message: error.error, issues: error.issues ?? [] };
  }
  if (response.status === 409 && error) return { kind: "closed", message: error.error };
  return { kind: "failed", detail: `${status}: ${error?.error ?? (body.slice(0, 300) || "tomt svar")}` };
}

export function parseErrorBody(body: string): z.infer<typeof ErrorBodySchema> | undefined {
  try {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** An absolute http(s) address, or a path on this site (the built-in Vipps simulator may answer with one). */
export function paymentUrl(text: string): string | undefined {
  if (/^\/(?!\/)\S*$/.test(text)) return text;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

// ---------- Camp participant list and camp admin ----------

export function getPublicParticipants(get?: ApiGet): Promise<PublicParticipant[]> {
  return getJson("/api/VinterleirUsers/Get", z.array(PublicParticipantSchema), get);
}

export function getGradeStatistics(get?: ApiGet): Promise<GradeStatistic[]> {
  return getJson("/api/VinterleirUsers/GetGrades", z.array(GradeStatisticSchema), get);
}

export type AdminLoginResult =
  | { kind: "ok"; token: string }
  | { kind: "wrong" }
  /** Throttled, not configured or unreachable: a Norwegian message to show as it is. */
  | { kind: "failed"; message: string };

/** GET /api/VinterleirAdmin/GetToken/{username}/{digest}: a text token, or a JSON body meaning no (spec §7). */
export function getCampAdminToken(username: string, passwordDigest: string): Promise<AdminLoginResult> {
  return requestAdminToken(`/api/VinterleirAdmin/GetToken/${encodeURIComponent(username)}/${encodeURIComponent(passwordDigest)}`);
}

/** Any area's GetToken call: a text token, or a JSON body meaning no (spec §7, D4). */
export async function requestAdminToken(path: string): Promise<AdminLoginResult> {
  let response: Response;
  let body: string;
  try {
    response = await send(path);
    body = (await response.text()).trim();
  } catch {
    return { kind: "failed", message: "Fikk ikke kontakt med serveren. Sjekk nettforbindelsen og prøv igjen." };
  }
  const isJson = body.startsWith("{");
  if (response.ok && !isJson && body !== "") return { kind: "ok", token: body };
  if (response.status === 401 || (response.ok && isJson)) return { kind: "wrong" };
  const error = isJson ? parseErrorBody(body)?.error : undefined;
  return { kind: "failed", message: error ?? `Innloggingen virket ikke (HTTP ${response.status}). Prøv igjen senere.` };
}

const adminPath = (call: string, token: string) => `/api/VinterleirAdmin/${call}/${encodeURIComponent(token)}`;

export function getCampAdminParticipants(token: string): Promise<AdminPerson[]> {
  return getJson(adminPath("Get", token), z.array(AdminPersonSchema));
}

export function getCampAdminTotals(token: string): Promise<AdminTotals> {
  return getJson(adminPath("Totals", token), AdminTotalsSchema);
}

/** The CSV is downloaded by a plain link, so the browser saves the file itself. */
export function campAdminCsvUrl(token: string): string {
  return adminPath("GetCsv", token);
}

async function postAdminAction(path: string): Promise<void> {
  const response = await send(path, { method: "POST" });
  const body = await response.text().catch(() => "");
  if (!response.ok) {
    const error = parseErrorBody(body)?.error;
    throw new ApiError(error ?? `POST svarte ${response.status}: ${body.slice(0, 300) || "tomt svar"}`, response.status);
  }
}

/** POST /api/{area}/Logout/{token} or …/LogoutAll/{token}: ends this token, or all of the area's, on the server. */
export function endAdminSession(apiName: AdminApiName, token: string, scope: SignOutScope): Promise<void> {
  return postAdminAction(`/api/${apiName}/${signOutCall[scope]}/${encodeURIComponent(token)}`);
}

export function markCampRegistrationPaid(registrationId: number | string, token: string): Promise<void> {
  return postAdminAction(adminPath(`MarkPaid/${encodeURIComponent(String(registrationId))}`, token));
}

export function cancelCampRegistration(registrationId: number | string, token: string): Promise<void> {
  return postAdminAction(adminPath(`Cancel/${encodeURIComponent(String(registrationId))}`, token));
}

/** GET /api/VinterleirAdmin/PersonExport/{registrationId}/{token}: everything held about a registration, as a JSON download (D6). */
export function campPersonExportUrl(registrationId: number | string, token: string): string {
  return adminPath(`PersonExport/${encodeURIComponent(String(registrationId))}`, token);
}

/** POST /api/VinterleirAdmin/Forget/{registrationId}/{token}: anonymise the registration now; payments are kept (D6). */
export function forgetCampRegistration(registrationId: number | string, token: string): Promise<void> {
  return postAdminAction(adminPath(`Forget/${encodeURIComponent(String(registrationId))}`, token));
}

// ---------- New members ----------

export type SubmitResult =
  | { kind: "done" }
  | { kind: "invalid"; message: string; issues: ApiIssue[] }
  | { kind: "failed"; detail: string };

/** POST /api/NewMember/Post: text "Done", or a 400 with Norwegian messages, or something went wrong. */
export async function postNewMember(draft: NewMemberDraft): Promise<SubmitResult> {
  let response: Response;
  let body: string;
  try {
    response = await send("/api/NewMember/Post", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(draft),
    });
    body = await response.text();
  } catch (error) {
    return { kind: "failed", detail: error instanceof ApiError ? error.detail : String(error) };
  }
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
  if (response.ok && body.trim() === "Done") return { kind: "done" };
  const error = parseErrorBody(body);
  if (response.status === 400 && error) return { kind: "invalid", message: error.error, issues: error.issues ?? [] };
  return { kind: "failed", detail: `${status}: ${error?.error ?? (body.slice(0, 300) || "tomt svar")}` };
}

const newMemberAdminPath = (call: string, token: string) => `/api/NewMemberAdmin/${call}/${encodeURIComponent(token)}`;

export function getNewMemberAdminToken(passwordDigest: string): Promise<AdminLoginResult> {
  return requestAdminToken(`/api/NewMemberAdmin/GetToken/${encodeURIComponent(passwordDigest)}`);
}

export function getNewMembers(token: string): Promise<NewMemberAdminEntry[]> {
  return getJson(newMemberAdminPath("Get", token), z.array(NewMemberAdminEntrySchema));
}

/** DELETE …/Remove/{id}/{token}: the spec reads an ok flag; false or a failed call both mean "not removed". */
export async function removeNewMember(registrationId: number, token: string): Promise<boolean> {
  const path = newMemberAdminPath(`Remove/${encodeURIComponent(String(registrationId))}`, token);
  const response = await send(path, { method: "DELETE" });
  const body = await response.text().catch(() => "");
  if (!response.ok) throw new ApiError(`DELETE svarte ${response.status}: ${body.slice(0, 300) || "tomt svar"}`, response.status);
  try {
    const parsed = RemoveAnswerSchema.safeParse(JSON.parse(body));
    return parsed.success && parsed.data.ok;
  } catch {
    return false;
  }
}

export function newMembersCsvUrl(token: string): string {
  return newMemberAdminPath("GetCsv", token);
}

// ---------- Invoice reminders (purring) ----------

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

export type { VippsStatus } from "../../shared/payments/vipps-payment.ts";

/** GET /api/Vipps/CheckIfVippsOk/{orderId}: text status; anything else is an ApiError (the page retries). */
export async function checkVippsStatus(orderId: string, get?: ApiGet): Promise<VippsStatus> {
  const path = `/api/Vipps/CheckIfVippsOk/${encodeURIComponent(orderId)}`;
  const response = get ? await get(path) : await send(path, { cache: "no-store" });
  const body = (await response.text()).trim();
  if (!response.ok) throw new ApiError(`GET ${path} svarte ${response.status}: ${body.slice(0, 300)}`, response.status);
  const status = VippsStatusSchema.safeParse(body);
  if (!status.success) throw new ApiError(`GET ${path} svarte med ukjent status «${body.slice(0, 100)}»`, response.status);
  return status.data;
}

/** POST /api/Vipps/Cancel/{orderId}: ends the open Vipps attempt (at Vipps too). The JSON answer is not used. */
export async function cancelVippsOrder(orderId: string): Promise<void> {
  const path = `/api/Vipps/Cancel/${encodeURIComponent(orderId)}`;
  const response = await send(path, { method: "POST" });
  if (!response.ok) throw new ApiError(`POST ${path} svarte ${response.status}`, response.status);
}

export type { CampPaymentDetails } from "../../shared/payments/vipps-payment.ts";

/** GET /api/VinterleirAdmin/Payments/{registrationId}/{token}: payments with Vipps amounts and the money log. */
export function getCampPaymentDetails(registrationId: number, token: string): Promise<CampPaymentDetails> {
  return getJson(adminPath(`Payments/${registrationId}`, token), CampPaymentDetailsSchema);
}

/** POST /api/VinterleirAdmin/Refund/{registrationId}/{token}: refund through Vipps ("pending" = Vipps has not answered yet). */
export async function refundCampPayment(registrationId: number, token: string, body: RefundBody): Promise<"refunded" | "pending"> {
  const path = adminPath(`Refund/${registrationId}`, token);
  const response = await send(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const text = await response.text().catch(() => "");
  if (!response.ok) throw new ApiError(parseErrorBody(text)?.error ?? `POST svarte ${response.status}`, response.status);
  return response.status === 202 ? "pending" : "refunded";
}
