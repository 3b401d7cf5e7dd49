import { inEdition } from "../admin-edition.tsx";
import { z } from "zod";
import { CampAccountSchema, CampMeSchema, type CampAccount, type CampAccountInput, type CampMe } from "../../../../shared/admin/camp-accounts.ts";
import { TreasurerSummarySchema, type TreasurerSummary } from "../../../../shared/camp/camp-treasurer.ts";
import type { WeekendListId } from "../../../../shared/camp/camp-weekend-lists.ts";
import { ApiError, getJson, parseErrorBody, send } from "../../../lib/api-client.ts";

/** The camp admin's calls for accounts, Excel files and the treasurer's summary. */

const path = (call: string, token: string) => `/api/VinterleirAdmin/${call}/${encodeURIComponent(token)}`;

/** GET /api/VinterleirAdmin/Me/{token}: the signed-in account and its role. */
export function getCampMe(token: string): Promise<CampMe> {
  return getJson(path("Me", token), CampMeSchema);
}

export function getCampAccounts(token: string): Promise<CampAccount[]> {
  return getJson(path("Accounts", token), z.array(CampAccountSchema));
}

async function call(method: "POST" | "DELETE", url: string, body?: unknown): Promise<CampAccount[]> {
  const response = await send(
    url,
    body === undefined ? { method } : { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
  );
  const text = await response.text().catch(() => "");
  if (!response.ok) throw new ApiError(parseErrorBody(text)?.error ?? `${method} svarte ${response.status}.`, response.status);
  return z.array(CampAccountSchema).parse(JSON.parse(text));
}

/** POST /api/VinterleirAdmin/Accounts/{token}: create, or reset name, role and password. */
export function saveCampAccount(input: CampAccountInput, token: string): Promise<CampAccount[]> {
  return call("POST", path("Accounts", token), input);
}

/** DELETE /api/VinterleirAdmin/Accounts/{username}/{token} */
export function removeCampAccount(username: string, token: string): Promise<CampAccount[]> {
  return call("DELETE", path(`Accounts/${encodeURIComponent(username)}`, token));
}

/** Excel downloads by plain links, so the browser saves the file itself. */
export function campXlsxUrl(token: string, list?: WeekendListId | "kasserer", year?: number): string {
  return inEdition(path(list ? `GetXlsx/${list}` : "GetXlsx", token), year);
}

export function getTreasurerSummary(token: string, year?: number): Promise<TreasurerSummary> {
  return getJson(inEdition(path("Treasurer", token), year), TreasurerSummarySchema);
}

/** POST /api/VinterleirAdmin/RefundPaid/{registrationId}/{token}: money owed back outside Vipps is paid back. */
export async function markRefundPaid(registrationId: number, amount: number, token: string): Promise<void> {
  const response = await send(path(`RefundPaid/${registrationId}`, token), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ amount, method: "other" }),
  });
  if (!response.ok) throw new ApiError(parseErrorBody(await response.text().catch(() => ""))?.error ?? `Svarte ${response.status}.`, response.status);
}
