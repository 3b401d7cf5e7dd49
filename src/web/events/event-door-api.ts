import { callPath, type CallBody } from "../../shared/api/call.ts";
import { eventDoorCalls } from "../../shared/events/event-admin-calls.ts";
import type { EventDoorAnswer, EventDoorList } from "../../shared/events/event-door.ts";
import { postDoorAction, type DoorQueuedAction, type SendResult } from "../components/door/action-queue.ts";
import { readCall } from "../lib/call-api.ts";

/** The door of an event (eventDoorCalls): the list, and a check-in (or a sale's pick-up). */
export function getEventDoor(slug: string, token: string): Promise<EventDoorList> {
  return readCall(eventDoorCalls.list, { params: { slug, token } });
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

/**
 * One action with its id, safe to send again: through the doors' one sender (components/door/action-queue.ts),
 * which tells no answer (try later) from a refusal (drop it).
 */
export function sendEventDoorAction(token: string, action: EventQueuedAction): Promise<SendResult<EventDoorAnswer>> {
  const call = eventDoorCalls.checkIn;
  const body: CallBody<typeof call> = {
    actionId: action.actionId,
    orderId: action.orderId,
    ...(action.position !== undefined ? { position: action.position } : {}),
    ...(action.undo ? { undo: true } : {}),
  };
  return postDoorAction(callPath(call, { slug: action.slug, token }), body, call.answer.schema);
}
