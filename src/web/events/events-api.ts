import { z } from "zod";
import { EventDetailSchema, EventOrderViewSchema, type EventDetail, type EventOrderView } from "../../shared/events/event-api.ts";
import type { EventOrderInput } from "../../shared/events/event-order.ts";
import { ClubSchema, GradeSchema, type Club, type Grade } from "../../shared/camp/grades.ts";
import { ApiError, getJson, parseErrorBody, send, type ApiGet, type ApiIssue } from "../lib/api-client.ts";

/** GET /api/Arrangement/Get/{slug}: one published event. */
export function getEvent(slug: string, get?: ApiGet): Promise<EventDetail> {
  return getJson(`/api/Arrangement/Get/${encodeURIComponent(slug)}`, EventDetailSchema, get);
}

export function getClubs(get?: ApiGet): Promise<Club[]> {
  return getJson("/api/Club/Get", z.array(ClubSchema), get);
}

export function getGrades(get?: ApiGet): Promise<Grade[]> {
  return getJson("/api/Grade/Get", z.array(GradeSchema), get);
}

/** GET /api/Arrangement/Order/{orderId}: an event order's kind for the Vipps result page (404: a camp order). */
export async function getEventOrder(orderId: string, get?: ApiGet): Promise<EventOrderView | undefined> {
  try {
    return await getJson(`/api/Arrangement/Order/${encodeURIComponent(orderId)}`, EventOrderViewSchema, get);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

export type SubmitResult = { kind: "answer"; text: string } | { kind: "error"; message: string; issues: ApiIssue[] };

/** POST /api/Arrangement/Post/{slug}: `Done`, `Venteliste`, a Vipps address, or the server's Norwegian refusal. */
export async function submitEventOrder(slug: string, body: EventOrderInput): Promise<SubmitResult> {
  const response = await send(`/api/Arrangement/Post/${encodeURIComponent(slug)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.ok) return { kind: "answer", text: text.trim() };
  const error = parseErrorBody(text);
  return { kind: "error", message: error?.error ?? "Noe gikk galt. Prøv igjen.", issues: error?.issues ?? [] };
}
