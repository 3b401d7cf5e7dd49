import type { EventDetail, EventOrderView } from "../../shared/events/event-api.ts";
import { eventCalls } from "../../shared/events/event-calls.ts";
import type { EventOrderInput } from "../../shared/events/event-order.ts";
import { clubGradeCalls } from "../../shared/camp/club-grade-calls.ts";
import type { Club, Grade } from "../../shared/camp/grades.ts";
import { ApiError, type ApiGet, type ApiIssue } from "../lib/api-client.ts";
import { callApi, readCall } from "../lib/call-api.ts";

/** One published event (eventCalls.detail). */
export function getEvent(slug: string, get?: ApiGet): Promise<EventDetail> {
  return readCall(eventCalls.detail, { params: { slug } }, get);
}

export function getClubs(get?: ApiGet): Promise<Club[]> {
  return readCall(clubGradeCalls.clubs, { params: {} }, get);
}

export function getGrades(get?: ApiGet): Promise<Grade[]> {
  return readCall(clubGradeCalls.grades, { params: {} }, get);
}

/** An event order's kind for the Vipps result page (eventCalls.orderView); undefined for a camp order (404). */
export async function getEventOrder(orderId: string, get?: ApiGet): Promise<EventOrderView | undefined> {
  try {
    return await readCall(eventCalls.orderView, { params: { orderId } }, get);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

export type SubmitResult = { kind: "answer"; text: string } | { kind: "error"; message: string; issues: ApiIssue[] };

/** Registers or orders (eventCalls.order): `Done`, `Venteliste`, a Vipps address, or the server's Norwegian refusal. */
export async function submitEventOrder(slug: string, body: EventOrderInput): Promise<SubmitResult> {
  const outcome = await callApi(eventCalls.order, { params: { slug }, body });
  if (outcome.kind === "ok") return { kind: "answer", text: outcome.answer };
  const error = outcome.kind === "refused" ? outcome.error : undefined;
  return { kind: "error", message: error?.error ?? "Noe gikk galt. Prøv igjen.", issues: error?.issues ?? [] };
}
