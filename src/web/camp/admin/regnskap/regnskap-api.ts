import { callPath } from "../../../../shared/api/call.ts";
import type { AccountTotalsAnswer, ChartAccount, ChartAnswer, Period } from "../../../../shared/accounts/accounts-chart.ts";
import { accountsCalls } from "../../../../shared/accounts/accounts-calls.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { callApi, readCall } from "../../../lib/call-api.ts";

/** «Regnskap»: the treasurer's calls (src/shared/accounts/accounts-calls.ts). */

export function getChart(token: string): Promise<ChartAnswer> {
  return readCall(accountsCalls.chart, { params: { token } });
}

export function getAccountTotals(period: Period, token: string): Promise<AccountTotalsAnswer> {
  return readCall(accountsCalls.totals, { params: { ...period, token } });
}

export type ChartSaveResult = { ok: true; chart: ChartAnswer } | { ok: false; message: string; issues: { path: string; message: string }[] };

/** Saves the chart: the chart as saved, or the server's Norwegian refusal with its field messages; an expired login throws. */
export async function saveChart(accounts: ChartAccount[], token: string): Promise<ChartSaveResult> {
  const outcome = await callApi(accountsCalls.saveChart, { params: { token }, body: { accounts } });
  if (outcome.kind === "ok") return { ok: true, chart: outcome.answer };
  if (outcome.status === 401) throw new ApiError("Innloggingen er utløpt.", 401);
  if (outcome.kind === "unreadable") return { ok: false, message: "Klarte ikke lese svaret. Last siden på nytt.", issues: [] };
  return { ok: false, message: outcome.error?.error ?? `Serveren svarte ${outcome.status}.`, issues: outcome.error?.issues ?? [] };
}

export const accountsXlsxPath = (period: Period, token: string) => callPath(accountsCalls.xlsx, { ...period, token });
export const accountsCsvPath = (period: Period, token: string) => callPath(accountsCalls.csv, { ...period, token });
