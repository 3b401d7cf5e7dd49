import { z } from "zod";
import type { CampEditionData } from "../../../../shared/camp/camp-edition-schema.ts";
import { AdminEditionSchema, type AdminEdition } from "../../../../shared/camp/camp-edition-api.ts";
import { ChangeLogEntrySchema, type ChangeLogEntry } from "../../../../shared/change-log.ts";
import { ApiError, getJson, parseErrorBody, send, type ApiIssue } from "../../../lib/api-client.ts";

/** The camp admin's calls for the editions ("Leirer"): GET list and changes, PUT an edition, POST publish. */

export type { AdminEdition } from "../../../../shared/camp/camp-edition-api.ts";

const editionPath = (call: string, token: string) => `/api/CampEdition/${call}/${encodeURIComponent(token)}`;

/** Splits an admin edition into the editable data and where it stands. */
export function editionData(edition: AdminEdition): CampEditionData {
  const { current: _current, phase: _phase, publishedAt: _publishedAt, version: _version, updatedAt: _updatedAt, ...data } = edition;
  return data;
}

export function getCampEditions(token: string): Promise<AdminEdition[]> {
  return getJson(editionPath("Get", token), z.array(AdminEditionSchema));
}

export function getCampEditionChanges(year: number, token: string): Promise<ChangeLogEntry[]> {
  return getJson(editionPath(`Changes/${year}`, token), z.array(ChangeLogEntrySchema));
}

export type SaveResult =
  | { kind: "saved"; edition: AdminEdition }
  /** 400: the server's Norwegian words, by field when it gave them. */
  | { kind: "invalid"; message: string; issues: ApiIssue[] };

async function readEdition(response: Response, what: string): Promise<SaveResult> {
  const body = await response.text().catch(() => "");
  if (response.ok) {
    try {
      const parsed = AdminEditionSchema.safeParse(JSON.parse(body));
      if (parsed.success) return { kind: "saved", edition: parsed.data };
    } catch {
      // not JSON: below
    }
    throw new ApiError(`${what} svarte med uventede data: ${body.slice(0, 300)}`, response.status);
  }
  const error = parseErrorBody(body);
  if (response.status === 400 && error) return { kind: "invalid", message: error.error, issues: error.issues ?? [] };
  throw new ApiError(error?.error ?? `${what} svarte ${response.status}.`, response.status);
}

/** PUT /api/CampEdition/Put/{year}/{token}: `{}` creates a new year from the latest edition. */
export async function putCampEdition(year: number, patch: Partial<CampEditionData>, token: string): Promise<SaveResult> {
  const response = await send(editionPath(`Put/${year}`, token), {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(patch),
  });
  return readEdition(response, "Lagringen");
}

/** POST /api/CampEdition/Publish/{year}/{token}: the edition becomes the camp the public sees. */
export async function publishCampEdition(year: number, token: string): Promise<AdminEdition> {
  const result = await readEdition(await send(editionPath(`Publish/${year}`, token), { method: "POST" }), "Publiseringen");
  if (result.kind !== "saved") throw new ApiError(result.message, 400);
  return result.edition;
}

/**
 * POST /api/CampEdition/Copy/{fromYear}/{toYear}/{token} («Kopier fra forrige gang»): a new draft from an
 * earlier edition, every date moved by whole weeks so weekdays stay.
 */
export async function copyCampEditionFrom(fromYear: number, toYear: number, token: string): Promise<SaveResult> {
  const response = await send(editionPath(`Copy/${fromYear}/${toYear}`, token), { method: "POST" });
  if (response.status === 404 || response.status === 409) {
    const error = parseErrorBody(await response.text().catch(() => ""));
    return { kind: "invalid", message: error?.error ?? `Kopieringen svarte ${response.status}.`, issues: [] };
  }
  return readEdition(response, "Kopieringen");
}
