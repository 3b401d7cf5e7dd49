import { z } from "zod";
import { ChangeLogEntrySchema, type ChangeLogEntry } from "../../shared/change-log.ts";
import { AdminEventSchema, AdminParticipantSchema, type AdminEvent, type AdminParticipant } from "../../shared/events/event-api.ts";
import { ApiError, getJson, parseErrorBody, send, type ApiIssue } from "../lib/api-client.ts";

const base = "/api/ArrangementAdmin";
const segment = encodeURIComponent;

export function getAdminEvents(token: string): Promise<AdminEvent[]> {
  return getJson(`${base}/Get/${segment(token)}`, z.array(AdminEventSchema));
}

export function getEventParticipants(slug: string, token: string): Promise<AdminParticipant[]> {
  return getJson(`${base}/Participants/${segment(slug)}/${segment(token)}`, z.array(AdminParticipantSchema));
}

/** The event's change log, oldest first. */
export function getEventChanges(slug: string, token: string): Promise<ChangeLogEntry[]> {
  return getJson(`${base}/Changes/${segment(slug)}/${segment(token)}`, z.array(ChangeLogEntrySchema));
}

export const eventXlsxPath = (slug: string, token: string) => `${base}/GetXlsx/${segment(slug)}/${segment(token)}`;
export const eventCsvPath = (slug: string, token: string) => `${base}/GetCsv/${segment(slug)}/${segment(token)}`;

export type AdminWriteResult = { ok: true } | { ok: false; message: string; issues: ApiIssue[] };

async function write(path: string, method: "PUT" | "POST", body?: unknown): Promise<AdminWriteResult> {
  const response = await send(path, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  if (response.status === 401) throw new ApiError("Innloggingen er utløpt.", 401);
  if (response.ok) return { ok: true };
  const error = parseErrorBody(await response.text());
  return { ok: false, message: error?.error ?? `Serveren svarte ${response.status}.`, issues: error?.issues ?? [] };
}

/** `create`: a new event, refused (409) when its address is taken rather than replacing that event. */
export const putEvent = (slug: string, definition: unknown, token: string, { create = false } = {}) =>
  write(`${base}/Put/${segment(slug)}/${segment(token)}${create ? "?create=1" : ""}`, "PUT", definition);
export const publishEvent = (slug: string, token: string) => write(`${base}/Publish/${segment(slug)}/${segment(token)}`, "POST");
export const copyEvent = (fromSlug: string, toSlug: string, weeks: number, token: string) =>
  write(`${base}/Copy/${segment(fromSlug)}/${segment(toSlug)}/${segment(token)}`, "POST", { weeks });
