import {
  EventDoorAnswerSchema,
  EventDoorListSchema,
  type EventDoorAction,
  type EventDoorAnswer,
  type EventDoorList,
} from "../../shared/events/event-door.ts";
import { ApiError, getJson, parseErrorBody, send } from "../lib/api-client.ts";

/** The door of an event: GET the list, POST a check-in (or a sale's pick-up), under /api/ArrangementInnsjekk/. */
const path = (call: "Get" | "CheckIn", slug: string, token: string) =>
  `/api/ArrangementInnsjekk/${call}/${encodeURIComponent(slug)}/${encodeURIComponent(token)}`;

export function getEventDoor(slug: string, token: string): Promise<EventDoorList> {
  return getJson(path("Get", slug, token), EventDoorListSchema);
}

export type EventDoorResult = { kind: "done"; answer: EventDoorAnswer } | { kind: "refused"; message: string } | { kind: "unauthorised" };

/** One action at the door; no network throws ApiError without a status (the page says so; nothing is kept). */
export async function sendEventDoorAction(slug: string, token: string, action: EventDoorAction): Promise<EventDoorResult> {
  const response = await send(path("CheckIn", slug, token), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(action),
    cache: "no-store",
  });
  const body = await response.text().catch(() => "");
  if (response.status === 401) return { kind: "unauthorised" };
  if (response.ok) return { kind: "done", answer: EventDoorAnswerSchema.parse(JSON.parse(body)) };
  if (response.status >= 500) throw new ApiError(`POST svarte ${response.status}`, response.status);
  return { kind: "refused", message: parseErrorBody(body)?.error ?? `Serveren svarte ${response.status}.` };
}
