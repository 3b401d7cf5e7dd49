import { EventDoorListSchema, type EventDoorEntry, type EventDoorList } from "../../shared/events/event-door.ts";
import { clearDoorDevice, indexedDbListStore, type DoorListStore } from "../components/door/door-list-store.ts";
import type { EventQueuedAction } from "./event-door-api.ts";

/**
 * What the events' door keeps on the phone, with the doors' shared machinery (components/door/): each
 * event's door list in IndexedDB (one database, a key per event), and in localStorage the one queue of
 * waiting actions (each names its event) and the refused ones. «Logg ut» and an ended token remove all of
 * it; an event whose door has closed, its own list and actions.
 */
export type EventDoorListStore = DoorListStore<EventDoorList>;

export const eventDoorDatabase = { database: "stk-dor", store: "dorliste" } as const;
export const eventDoorLocalKeys = { queue: "stk-dor-venter", refused: "stk-dor-avvist" } as const;

export function indexedDbEventDoorStore(slug: string): EventDoorListStore {
  return indexedDbListStore(EventDoorListSchema, { ...eventDoorDatabase, key: slug });
}

/** Removes every event's list, the waiting actions and the refused ones from this device. */
export function clearEventDoorDevice(listStore: EventDoorListStore = indexedDbEventDoorStore("")): Promise<void> {
  return clearDoorDevice(listStore, Object.values(eventDoorLocalKeys));
}

/** An order as the door shows it now: the server's last answer with this phone's waiting actions laid on top. */
export interface EventDoorView extends EventDoorEntry {
  /** Positions (a sale's order: "order") with a check-in or an undo that waits for the network. */
  waiting: Set<number | "order">;
}

export function withPending(entry: EventDoorEntry, slug: string, pending: readonly EventQueuedAction[]): EventDoorView {
  const view: EventDoorView = { ...entry, persons: entry.persons.map((person) => ({ ...person })), waiting: new Set() };
  for (const action of pending) {
    if (action.slug !== slug || action.orderId !== entry.orderId) continue;
    const done = action.undo ? null : { at: action.madeAt, by: "" };
    if (action.position === undefined) {
      view.pickedUp = done;
      view.waiting.add("order");
      continue;
    }
    const person = view.persons.find((candidate) => candidate.position === action.position);
    if (!person) continue;
    person.checkedIn = done;
    view.waiting.add(action.position);
  }
  return view;
}

/** The list with one order as the server last answered it (after an action). */
export function withOrder(list: EventDoorList, entry: EventDoorEntry): EventDoorList {
  return { ...list, entries: list.entries.map((candidate) => (candidate.orderId === entry.orderId ? entry : candidate)) };
}
