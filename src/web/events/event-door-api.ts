import {
  EventDoorAnswerSchema,
  EventDoorListSchema,
  type EventDoorAction,
  type EventDoorAnswer,
  type EventDoorList,
} from "../../shared/events/event-door.ts";
import { postDoorAction, type DoorQueuedAction, type SendResult } from "../components/door/action-queue.ts";
import { getJson } from "../lib/api-client.ts";

/** The door of an event: GET the list, POST a check-in (or a sale's pick-up), under /api/ArrangementInnsjekk/. */
const path = (call: "Get" | "CheckIn", slug: string, token: string) =>
  `/api/ArrangementInnsjekk/${call}/${encodeURIComponent(slug)}/${encodeURIComponent(token)}`;

export function getEventDoor(slug: string, token: string): Promise<EventDoorList> {
  return getJson(path("Get", slug, token), EventDoorListSchema);
}

/**
 * An event door's action as it waits on the phone (the doors' one queue, components/door/action-queue.ts):
 * what the server takes, the event it belongs to, and what the page shows meanwhile.
 */
export interface EventQueuedAction extends DoorQueuedAction {
  slug: string;
  orderId: string;
  position?: number;
  undo?: boolean;
  /** When the phone made it (ISO): shown as the check-in's time until the server has it. */
  madeAt: string;
  /** What the page says when the server answers that it already stood so (another door did it). */
  duplicateLabel: string;
}

/** POST …/CheckIn/{slug}/{token}: one action with its id, safe to send again. */
export function sendEventDoorAction(token: string, action: EventQueuedAction): Promise<SendResult<EventDoorAnswer>> {
  const body: EventDoorAction = {
    actionId: action.actionId,
    orderId: action.orderId,
    ...(action.position !== undefined ? { position: action.position } : {}),
    ...(action.undo ? { undo: true } : {}),
  };
  return postDoorAction(path("CheckIn", action.slug, token), body, EventDoorAnswerSchema);
}
