import { z } from "zod";
import { AdminPersonSchema, AdminTotalsSchema, type AdminPerson, type AdminTotals } from "../../../shared/camp/camp-lists.ts";
import { CampPaymentDetailsSchema, type CampPaymentDetails, type RefundBody } from "../../../shared/payments/vipps-payment.ts";
import { inEdition } from "./admin-edition.tsx";
import { ApiError, getJson, parseErrorBody, postAdminAction, send } from "../../lib/api-client.ts";

// The camp admin's calls (/api/VinterleirAdmin/…): the lists, and what an admin does to a registration. Sign-in is
// in camp-sign-in.ts, so the login form loads without the lists' schemas.

const adminPath = (call: string, token: string) => `/api/VinterleirAdmin/${call}/${encodeURIComponent(token)}`;

/** The participants of the edition of `year`, or of «the» camp. */
export function getCampAdminParticipants(token: string, year?: number): Promise<AdminPerson[]> {
  return getJson(inEdition(adminPath("Get", token), year), z.array(AdminPersonSchema));
}

export function getCampAdminTotals(token: string, year?: number): Promise<AdminTotals> {
  return getJson(inEdition(adminPath("Totals", token), year), AdminTotalsSchema);
}

/** The CSV is downloaded by a plain link, so the browser saves the file itself. */
export function campAdminCsvUrl(token: string, year?: number): string {
  return inEdition(adminPath("GetCsv", token), year);
}

export function markCampRegistrationPaid(registrationId: number | string, token: string): Promise<void> {
  return postAdminAction(adminPath(`MarkPaid/${encodeURIComponent(String(registrationId))}`, token));
}

export function cancelCampRegistration(registrationId: number | string, token: string): Promise<void> {
  return postAdminAction(adminPath(`Cancel/${encodeURIComponent(String(registrationId))}`, token));
}

/** GET /api/VinterleirAdmin/PersonExport/{registrationId}/{token}: everything held about a registration, as a JSON download (docs/requirements.md D6). */
export function campPersonExportUrl(registrationId: number | string, token: string): string {
  return adminPath(`PersonExport/${encodeURIComponent(String(registrationId))}`, token);
}

/** POST /api/VinterleirAdmin/Forget/{registrationId}/{token}: anonymise the registration now; payments are kept (docs/requirements.md D6). */
export function forgetCampRegistration(registrationId: number | string, token: string): Promise<void> {
  return postAdminAction(adminPath(`Forget/${encodeURIComponent(String(registrationId))}`, token));
}

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
