import { campAdminCalls } from "../../../../shared/camp/camp-admin-calls.ts";
import type { CompanionCase, CompanionCaseDecisionInput, CompanionCaseOutcome } from "../../../../shared/camp/companion-cases.ts";
import { editionQuery } from "../admin-edition.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { callApi, readCall } from "../../../lib/call-api.ts";

/** The leader's cases of «allerede påmeldt» companions whose payer is cancelled: the open ones, and deciding one. */

/** GET /api/VinterleirAdmin/CompanionCases/{token} */
export function getCompanionCases(token: string, year?: number): Promise<CompanionCase[]> {
  return readCall(campAdminCalls.companionCases, { params: { token }, query: editionQuery(year) });
}

/** POST /api/VinterleirAdmin/CompanionCase/{caseId}/{token}; a refusal carries the server's Norwegian words. */
export async function decideCompanionCase(caseId: number, decision: CompanionCaseDecisionInput, token: string): Promise<CompanionCaseOutcome> {
  const outcome = await callApi(campAdminCalls.companionCase, { params: { caseId: String(caseId), token }, body: decision });
  if (outcome.kind === "ok") return outcome.answer;
  if (outcome.kind === "unreadable") throw new ApiError(outcome.detail, outcome.status);
  const error = outcome.error;
  throw new ApiError(error?.issues?.[0]?.message ?? error?.error ?? `POST svarte ${outcome.status}.`, outcome.status);
}
