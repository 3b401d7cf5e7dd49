import type { CampEditionData } from "../../../../shared/camp/camp-edition-schema.ts";
import type { AdminEdition } from "../../../../shared/camp/camp-edition-api.ts";
import { campEditionCalls } from "../../../../shared/camp/camp-edition-calls.ts";
import type { ChangeLogEntry } from "../../../../shared/change-log.ts";
import { ApiError, type ApiIssue } from "../../../lib/api-client.ts";
import { callApi, readCall, type CallOutcome } from "../../../lib/call-api.ts";

/**
 * The camp admin's calls for the editions ("Leirer", src/shared/camp/camp-edition-calls.ts): the list and an
 * edition's changes, PUT an edition, publish and copy one.
 */

export type { AdminEdition } from "../../../../shared/camp/camp-edition-api.ts";

/** Splits an admin edition into the editable data and where it stands. */
export function editionData(edition: AdminEdition): CampEditionData {
  const { current: _current, phase: _phase, publishedAt: _publishedAt, version: _version, updatedAt: _updatedAt, ...data } = edition;
  return data;
}

export function getCampEditions(token: string): Promise<AdminEdition[]> {
  return readCall(campEditionCalls.list, { params: { token } });
}

export function getCampEditionChanges(year: number, token: string): Promise<ChangeLogEntry[]> {
  return readCall(campEditionCalls.changes, { params: { year: String(year), token } });
}

export type SaveResult =
  | { kind: "saved"; edition: AdminEdition }
  /** 400: the server's Norwegian words, by field when it gave them. */
  | { kind: "invalid"; message: string; issues: ApiIssue[] };

function readEdition(outcome: CallOutcome<AdminEdition>, what: string): SaveResult {
  if (outcome.kind === "ok") return { kind: "saved", edition: outcome.answer };
  if (outcome.kind === "unreadable") throw new ApiError(`${what} svarte med uventede data: ${outcome.detail}`, outcome.status);
  if (outcome.status === 400 && outcome.error) return { kind: "invalid", message: outcome.error.error, issues: outcome.error.issues ?? [] };
  throw new ApiError(outcome.error?.error ?? `${what} svarte ${outcome.status}.`, outcome.status);
}

/** PUT /api/CampEdition/Put/{year}/{token}: `{}` creates a new year from the latest edition. */
export async function putCampEdition(year: number, patch: Partial<CampEditionData>, token: string): Promise<SaveResult> {
  return readEdition(await callApi(campEditionCalls.put, { params: { year: String(year), token }, body: patch }), "Lagringen");
}

/** POST /api/CampEdition/Publish/{year}/{token}: the edition becomes the camp the public sees. */
export async function publishCampEdition(year: number, token: string): Promise<AdminEdition> {
  const result = readEdition(await callApi(campEditionCalls.publish, { params: { year: String(year), token } }), "Publiseringen");
  if (result.kind !== "saved") throw new ApiError(result.message, 400);
  return result.edition;
}

/**
 * POST /api/CampEdition/Copy/{fromYear}/{toYear}/{token} («Kopier fra forrige gang»): a new draft from an
 * earlier edition, every date moved by whole weeks so weekdays stay.
 */
export async function copyCampEditionFrom(fromYear: number, toYear: number, token: string): Promise<SaveResult> {
  const outcome = await callApi(campEditionCalls.copy, { params: { fromYear: String(fromYear), toYear: String(toYear), token } });
  if (outcome.kind === "refused" && (outcome.status === 404 || outcome.status === 409))
    return { kind: "invalid", message: outcome.error?.error ?? `Kopieringen svarte ${outcome.status}.`, issues: [] };
  return readEdition(outcome, "Kopieringen");
}
