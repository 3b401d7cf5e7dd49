import { callPath } from "../../../../shared/api/call.ts";
import { editionQuery } from "../admin-edition.tsx";
import { campAccountCalls } from "../../../../shared/admin/camp-account-calls.ts";
import type { CampAccount, CampAccountInput, CampMe } from "../../../../shared/admin/camp-accounts.ts";
import type { TreasurerSummary } from "../../../../shared/camp/camp-treasurer.ts";
import type { WeekendListId } from "../../../../shared/camp/camp-weekend-lists.ts";
import { campAdminCalls } from "../../../../shared/camp/camp-admin-calls.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { callApi, readCall, type CallOutcome } from "../../../lib/call-api.ts";

/** The camp admin's calls for accounts, Excel files and the treasurer's summary. */

/** GET /api/VinterleirAdmin/Me/{token}: the signed-in account and its role. */
export function getCampMe(token: string): Promise<CampMe> {
  return readCall(campAccountCalls.me, { params: { token } });
}

export function getCampAccounts(token: string): Promise<CampAccount[]> {
  return readCall(campAccountCalls.accounts, { params: { token } });
}

/** The accounts after a change, or an ApiError with the server's Norwegian refusal. */
function accountsAfter(outcome: CallOutcome<CampAccount[]>, method: "POST" | "DELETE"): CampAccount[] {
  if (outcome.kind === "ok") return outcome.answer;
  if (outcome.kind === "unreadable") throw new ApiError(outcome.detail, outcome.status);
  throw new ApiError(outcome.error?.error ?? `${method} svarte ${outcome.status}.`, outcome.status);
}

/** POST /api/VinterleirAdmin/Accounts/{token}: create, or reset name, role and password. */
export async function saveCampAccount(input: CampAccountInput, token: string): Promise<CampAccount[]> {
  return accountsAfter(await callApi(campAccountCalls.saveAccount, { params: { token }, body: input }), "POST");
}

/** DELETE /api/VinterleirAdmin/Accounts/{username}/{token} */
export async function removeCampAccount(username: string, token: string): Promise<CampAccount[]> {
  return accountsAfter(await callApi(campAccountCalls.removeAccount, { params: { username, token } }), "DELETE");
}

/** Excel downloads by plain links, so the browser saves the file itself. */
export function campXlsxUrl(token: string, list?: WeekendListId | "kasserer", year?: number): string {
  return list ? callPath(campAdminCalls.listXlsx, { list, token }, editionQuery(year)) : callPath(campAdminCalls.xlsx, { token }, editionQuery(year));
}

export function getTreasurerSummary(token: string, year?: number): Promise<TreasurerSummary> {
  return readCall(campAdminCalls.treasurer, { params: { token }, query: editionQuery(year) });
}

/** POST /api/VinterleirAdmin/RefundPaid/{registrationId}/{token}: the whole amount the list shows as owed back is paid back. */
export async function markRefundPaid(registrationId: number, owed: number, token: string): Promise<void> {
  const outcome = await callApi(campAdminCalls.refundPaid, {
    params: { registrationId: String(registrationId), token },
    body: { amount: owed, method: "other", owedBefore: owed },
  });
  if (outcome.kind === "refused") throw new ApiError(outcome.error?.error ?? `Svarte ${outcome.status}.`, outcome.status);
}
