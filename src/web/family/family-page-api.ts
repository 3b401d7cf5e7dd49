import { familyCalls } from "../../shared/family/family-calls.ts";
import type { FamilySeasonView } from "../../shared/family/family-page.ts";
import { ApiError } from "../lib/api-client.ts";
import { callApi, readCall } from "../lib/call-api.ts";

/** familyCalls.season: the season, or "notfound" (unknown, malformed, ended or shut link). */
export async function getFamilySeason(token: string): Promise<FamilySeasonView | "notfound"> {
  try {
    return (await readCall(familyCalls.season, { params: { token } })) as FamilySeasonView;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return "notfound";
    throw error;
  }
}

export type NewLinkResult = { kind: "sent"; message: string } | { kind: "refused"; message: string } | { kind: "failed"; detail: string };

/** familyCalls.newLink: every older link ends and a new one is mailed. */
export async function requestNewLink(token: string): Promise<NewLinkResult> {
  try {
    const outcome = await callApi(familyCalls.newLink, { params: { token } });
    if (outcome.kind === "ok") return { kind: "sent", message: outcome.answer.message };
    const error = outcome.kind === "refused" ? outcome.error : undefined;
    if (error && (outcome.status === 403 || outcome.status === 404 || outcome.status === 429)) return { kind: "refused", message: error.error };
    return { kind: "failed", detail: outcome.kind === "unreadable" ? outcome.detail : `HTTP ${outcome.status}` };
  } catch (error) {
    return { kind: "failed", detail: error instanceof ApiError ? error.detail : String(error) };
  }
}
