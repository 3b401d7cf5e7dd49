import { vippsPayoutCalls } from "../../../../shared/accounts/vipps-payout-calls.ts";
import type { VippsPayoutReport } from "../../../../shared/accounts/vipps-payouts.ts";
import { callApi, readCall } from "../../../lib/call-api.ts";
import { ApiError } from "../../../lib/api-client.ts";

/** GET /api/Regnskap/Vipps/{from}/{to}/{token}: the payouts of a period, matched. */
export function getVippsPayouts(token: string, from: string, to: string): Promise<VippsPayoutReport> {
  return readCall(vippsPayoutCalls.report, { params: { from, to, token } });
}

/** POST /api/Regnskap/VippsRead/{token}: read Vipps's reports now; a refusal's Norwegian message is thrown. */
export async function readVippsNow(token: string): Promise<{ datesRead: number; readThrough: string | null }> {
  const outcome = await callApi(vippsPayoutCalls.read, { params: { token } });
  if (outcome.kind === "ok") return outcome.answer;
  if (outcome.kind === "refused") throw new ApiError(outcome.error?.error ?? "Fikk ikke lest fra Vipps. Prøv igjen senere.", outcome.status);
  throw new ApiError(outcome.detail, outcome.status);
}
