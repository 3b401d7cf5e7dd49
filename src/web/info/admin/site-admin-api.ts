import { z } from "zod";
import {
  SiteChangeSchema,
  SiteContentSchema,
  SiteImageSchema,
  type SiteChange,
  type SiteContent,
  type SiteImage,
  type SiteSectionName,
} from "../../../shared/site/site-content.ts";
import { ApiError, getJson, parseErrorBody, send, type ApiIssue } from "../../lib/api-client.ts";

/** «Nettsted»'s calls: the site's facts (public), a section saved whole, the change log, undo and picture uploads. */

const adminPath = (call: string, token: string) => `/api/NettstedAdmin/${call}/${encodeURIComponent(token)}`;

export function getSiteContent(): Promise<SiteContent> {
  return getJson("/api/Nettsted/Get", SiteContentSchema);
}

export function getSiteChanges(token: string): Promise<SiteChange[]> {
  return getJson(adminPath("Changes", token), z.array(SiteChangeSchema));
}

export type SaveOutcome = { kind: "saved"; change: SiteChange | null } | { kind: "invalid"; message: string; issues: ApiIssue[] };

async function readSave(response: Response, what: string): Promise<SaveOutcome> {
  const body = await response.text().catch(() => "");
  if (response.ok) {
    const parsed = z.object({ change: SiteChangeSchema.nullable() }).safeParse(JSON.parse(body || "null"));
    if (parsed.success) return { kind: "saved", change: parsed.data.change };
    throw new ApiError(`${what} svarte med uventede data: ${body.slice(0, 300)}`, response.status);
  }
  const error = parseErrorBody(body);
  if (response.status === 400 && error) return { kind: "invalid", message: error.error, issues: error.issues ?? [] };
  throw new ApiError(error?.error ?? `${what} svarte ${response.status}.`, response.status);
}

/** PUT /api/NettstedAdmin/Put/{section}/{token}: the whole section. */
export async function putSiteSection(section: SiteSectionName, data: unknown, token: string): Promise<SaveOutcome> {
  const response = await send(adminPath(`Put/${section}`, token), {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(data),
  });
  return readSave(response, "Lagringen");
}

/** POST /api/NettstedAdmin/Undo/{changeId}/{token}: «Angre». */
export async function undoSiteChange(changeId: number, token: string): Promise<void> {
  const response = await send(adminPath(`Undo/${changeId}`, token), { method: "POST" });
  if (response.ok) return;
  const error = parseErrorBody(await response.text().catch(() => ""));
  throw new ApiError(error?.error ?? `Angre svarte ${response.status}.`, response.status);
}

/** POST /api/NettstedAdmin/Image/{kind}/{token}: the file's bytes; the server checks, resizes and re-encodes it. */
export async function uploadSiteImage(kind: "logo" | "nyhet", file: File, token: string): Promise<SiteImage> {
  const response = await send(adminPath(`Image/${kind}`, token), {
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
