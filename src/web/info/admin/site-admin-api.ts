import { callPath } from "../../../shared/api/call.ts";
import { siteCalls } from "../../../shared/site/site-calls.ts";
import { SiteImageSchema, type SiteChange, type SiteContent, type SiteImage, type SiteSectionName } from "../../../shared/site/site-content.ts";
import { ApiError, parseErrorBody, send, type ApiIssue } from "../../lib/api-client.ts";
import { callApi, readCall } from "../../lib/call-api.ts";

/** «Nettsted»'s calls: the site's facts (public), a section saved whole, the change log, undo and picture uploads. */

export function getSiteContent(): Promise<SiteContent> {
  return readCall(siteCalls.content, { params: {} });
}

export function getSiteChanges(token: string): Promise<SiteChange[]> {
  return readCall(siteCalls.changes, { params: { token } });
}

export type SaveOutcome = { kind: "saved"; change: SiteChange | null } | { kind: "invalid"; message: string; issues: ApiIssue[] };

/** `siteCalls.put`: the whole section. */
export async function putSiteSection(section: SiteSectionName, data: unknown, token: string): Promise<SaveOutcome> {
  const outcome = await callApi(siteCalls.put, { params: { section, token }, body: data });
  if (outcome.kind === "ok") return { kind: "saved", change: outcome.answer.change };
  if (outcome.kind === "unreadable") throw new ApiError(`Lagringen svarte med uventede data: ${outcome.detail}`, outcome.status);
  if (outcome.status === 400 && outcome.error) return { kind: "invalid", message: outcome.error.error, issues: outcome.error.issues ?? [] };
  throw new ApiError(outcome.error?.error ?? `Lagringen svarte ${outcome.status}.`, outcome.status);
}

/** `siteCalls.undo`: «Angre». */
export async function undoSiteChange(changeId: number, token: string): Promise<void> {
  const outcome = await callApi(siteCalls.undo, { params: { changeId: String(changeId), token } });
  if (outcome.kind !== "refused") return;
  throw new ApiError(outcome.error?.error ?? `Angre svarte ${outcome.status}.`, outcome.status);
}

/** `siteCalls.image`: the file's bytes; the server checks, resizes and re-encodes it. */
export async function uploadSiteImage(kind: "logo" | "nyhet", file: File, token: string): Promise<SiteImage> {
  const response = await send(callPath(siteCalls.image, { kind, token }), {
    method: "POST",
    headers: { "Content-Type": file.type || "application/octet-stream" },
    body: file,
  });
  const body = await response.text().catch(() => "");
  if (response.ok) {
    const parsed = SiteImageSchema.safeParse(JSON.parse(body || "null"));
    if (parsed.success) return parsed.data;
  }
  throw new ApiError(parseErrorBody(body)?.error ?? `Opplastingen svarte ${response.status}.`, response.status);
}
