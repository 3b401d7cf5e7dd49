import { callPath } from "../../../shared/api/call.ts";
import { campAdminCalls } from "../../../shared/camp/camp-admin-calls.ts";
import type { AdminPerson, AdminTotals } from "../../../shared/camp/camp-lists.ts";
import type { CampPaymentDetails, RefundBody } from "../../../shared/payments/vipps-payment.ts";
import { editionQuery } from "./admin-edition.tsx";
import type { MarkPaid } from "../../../shared/camp/camp-treasurer.ts";
import { ApiError } from "../../lib/api-client.ts";
import { callApi, readCall } from "../../lib/call-api.ts";

// The camp admin's calls (src/shared/camp/camp-admin-calls.ts): the lists, and what an admin does to a registration. Sign-in is
// in camp-sign-in.ts, so the login form loads without the lists' schemas.

/** The participants of the edition of `year`, or of «the» camp. */
export function getCampAdminParticipants(token: string, year?: number): Promise<AdminPerson[]> {
  return readCall(campAdminCalls.participants, { params: { token }, query: editionQuery(year) });
}

export function getCampAdminTotals(token: string, year?: number): Promise<AdminTotals> {
  return readCall(campAdminCalls.totals, { params: { token }, query: editionQuery(year) });
}

/** The CSV is downloaded by a plain link, so the browser saves the file itself. */
export function campAdminCsvUrl(token: string, year?: number): string {
  return callPath(campAdminCalls.csv, { token }, editionQuery(year));
}

export async function markCampRegistrationPaid(registrationId: number | string, method: "card" | "cash", token: string): Promise<void> {
  const outcome = await callApi(campAdminCalls.markPaid, {
    params: { registrationId: String(registrationId), token },
    body: { method } satisfies MarkPaid,
  });
  if (outcome.kind === "refused") throw new ApiError(outcome.error?.error ?? `Svarte ${outcome.status}.`, outcome.status);
}

/** Cancels a registration; the answer is not read (the list is fetched afresh), only a refusal. */
export async function cancelCampRegistration(registrationId: number | string, token: string): Promise<void> {
  const outcome = await callApi(campAdminCalls.cancel, { params: { registrationId: String(registrationId), token } });
  if (outcome.kind === "refused")
    throw new ApiError(outcome.error?.error ?? `POST svarte ${outcome.status}: ${outcome.text.slice(0, 300) || "tomt svar"}`, outcome.status);
}

/** GET /api/VinterleirAdmin/PersonExport/{registrationId}/{token}: everything held about a registration, as a JSON download (docs/requirements.md D6). */
export function campPersonExportUrl(registrationId: number | string, token: string): string {
  return callPath(campAdminCalls.personExport, { registrationId: String(registrationId), token });
}

/** POST /api/VinterleirAdmin/Forget/{registrationId}/{token}: anonymise the registration now; payments are kept (docs/requirements.md D6). */
export async function forgetCampRegistration(registrationId: number | string, token: string): Promise<void> {
  const outcome = await callApi(campAdminCalls.forget, { params: { registrationId: String(registrationId), token } });
  if (outcome.kind === "refused")
    throw new ApiError(outcome.error?.error ?? `POST svarte ${outcome.status}: ${outcome.text.slice(0, 300) || "tomt svar"}`, outcome.status);
}

/** GET /api/VinterleirAdmin/Payments/{registrationId}/{token}: payments with Vipps amounts and the money log. */
export function getCampPaymentDetails(registrationId: number, token: string): Promise<CampPaymentDetails> {
  return readCall(campAdminCalls.payments, { params: { registrationId: String(registrationId), token } });
}

/** POST /api/VinterleirAdmin/Refund/{registrationId}/{token}: refund through Vipps ("pending" = Vipps has not answered yet). */
export async function refundCampPayment(registrationId: number, token: string, body: RefundBody): Promise<"refunded" | "pending"> {
  const outcome = await callApi(campAdminCalls.refund, { params: { registrationId: String(registrationId), token }, body });
  if (outcome.kind === "refused") throw new ApiError(outcome.error?.error ?? `POST svarte ${outcome.status}`, outcome.status);
  return outcome.status === 202 ? "pending" : "refunded";
}
