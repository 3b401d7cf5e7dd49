import type { ChangeLogEntry } from "../../shared/change-log.ts";
import { callPath } from "../../shared/api/call.ts";
import type { AdminEvent, AdminParticipant, EventMoney } from "../../shared/events/event-api.ts";
import { eventAdminCalls } from "../../shared/events/event-admin-calls.ts";
import type { EventDefinitionInput } from "../../shared/events/event-definition.ts";
import { ApiError, type ApiIssue } from "../lib/api-client.ts";
import { callApi, readCall, type CallOutcome } from "../lib/call-api.ts";
import { readCancel } from "./my-event-order-api.ts";

export function getAdminEvents(token: string): Promise<AdminEvent[]> {
  return readCall(eventAdminCalls.list, { params: { token } });
}

export function getEventParticipants(slug: string, token: string): Promise<AdminParticipant[]> {
  return readCall(eventAdminCalls.participants, { params: { slug, token } });
}

/** The event's totals from its orders' ledgers: what the rows add up to. */
export function getEventMoney(slug: string, token: string): Promise<EventMoney> {
  return readCall(eventAdminCalls.money, { params: { slug, token } });
}

/** The event's change log, oldest first. */
export function getEventChanges(slug: string, token: string): Promise<ChangeLogEntry[]> {
  return readCall(eventAdminCalls.changes, { params: { slug, token } });
}

export const eventXlsxPath = (slug: string, token: string) => callPath(eventAdminCalls.xlsx, { slug, token });
export const eventCsvPath = (slug: string, token: string) => callPath(eventAdminCalls.csv, { slug, token });

export type AdminWriteResult = { ok: true } | { ok: false; message: string; issues: ApiIssue[] };

/** A leader's change: done, or the server's Norwegian refusal with its field messages; an expired login throws. */
async function written(sending: Promise<CallOutcome<unknown>>): Promise<AdminWriteResult> {
  const outcome = await sending;
  if (outcome.kind !== "refused") return { ok: true };
  if (outcome.status === 401) throw new ApiError("Innloggingen er utløpt.", 401);
  return { ok: false, message: outcome.error?.error ?? `Serveren svarte ${outcome.status}.`, issues: outcome.error?.issues ?? [] };
}

/** `create`: a new event, refused (409) when its address is taken rather than replacing that event. */
export const putEvent = (slug: string, definition: EventDefinitionInput, token: string, { create = false } = {}) =>
  written(callApi(eventAdminCalls.save, { params: { slug, token }, query: { create: create ? "1" : undefined }, body: definition }));
export const publishEvent = (slug: string, token: string) => written(callApi(eventAdminCalls.publish, { params: { slug, token } }));
export const copyEvent = (fromSlug: string, toSlug: string, weeks: number, token: string) =>
  written(callApi(eventAdminCalls.copy, { params: { fromSlug, toSlug, token }, body: { weeks } }));

/** A leader cancels a whole order from the participant list, as the family's link would. */
export const cancelEventOrderAsLeader = (orderId: string, token: string) =>
  readCancel(() => callApi(eventAdminCalls.cancel, { params: { orderId, token }, body: {} }));
