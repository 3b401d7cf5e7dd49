import { useState } from "react";
import type { EventDoorEntry } from "../../shared/events/event-door.ts";
import { isUnauthorised, type AdminSession } from "../components/admin/AdminShell.tsx";
import { newActionId, type QueueStorage } from "../components/door/action-queue.ts";
import type { DoorNotice } from "../components/door/DoorArea.tsx";
import { useDoorActions } from "../components/door/use-door-actions.ts";
import { useDoorList } from "../components/door/use-door-list.ts";
import { ApiError } from "../lib/api-client.ts";
import { getEventDoor, sendEventDoorAction, type EventQueuedAction } from "./event-door-api.ts";
import type { DoorRequest } from "./EventDoorCard.tsx";
import { eventDoorLocalKeys, withOrder, type EventDoorListStore } from "./event-door-device.ts";

/**
 * One event's door list and its queued actions: the list kept on the phone and read again, each action
 * queued with its id and shown at once, sent when the network is there; why the list is missing, if it is.
 */
export function useEventDoor({
  session,
  slug,
  listStore,
  storage,
}: {
  session: AdminSession;
  slug: string;
  listStore: EventDoorListStore;
  storage?: QueueStorage<EventQueuedAction>;
}) {
  const { token } = session;
  const [loadProblem, setLoadProblem] = useState<string>();
  const [notice, setNotice] = useState<DoorNotice>();
  const { pending, add, remove, refused, expire } = useDoorActions({
    session,
    keys: eventDoorLocalKeys,
    storage,
    send: sendEventDoorAction,
    onSent: (action, answer) => {
      if (action.slug === slug) update((current) => withOrder(current, answer.entry));
      if (answer.duplicate) setNotice({ ok: true, text: action.duplicateLabel });
    },
    onRefused: (text) => setNotice({ ok: false, text }),
  });

  // The door has closed (or the event is gone): its list and what waits for it leave the phone.
  const closeDoor = () => {
    forget();
    void listStore.remove();
    remove((action) => action.slug === slug);
  };
  const { list, offline, refresh, update, forget } = useDoorList(listStore, {
    fetchList: () => getEventDoor(slug, token),
    keepUntil: (kept) => kept.keepUntil,
    onExpired: closeDoor,
    onError: (error) => {
      if (isUnauthorised(error)) return expire();
      if (!(error instanceof ApiError)) return setLoadProblem("Fikk ikke hentet lista. Prøv igjen.");
      if (error.status === 403) return setLoadProblem("Kontoen din kan ikke åpne døra. Logg inn med en innsjekk- eller lederkonto.");
      if (error.status === 404 || error.status === 409) closeDoor();
      setLoadProblem(errorText(error) ?? "Fikk ikke hentet lista. Prøv igjen.");
    },
  });
  const reload = () => {
    setLoadProblem(undefined);
    void refresh();
  };

  function act(entry: EventDoorEntry, { position, undo, label, duplicateLabel }: DoorRequest) {
    add({
      actionId: newActionId(),
      slug,
      orderId: entry.orderId,
      ...(position !== undefined ? { position } : {}),
      ...(undo ? { undo: true } : {}),
      label,
      duplicateLabel,
      madeAt: new Date().toISOString(),
    });
    setNotice({ ok: true, text: `${label}.` });
  }

  return { list, offline, loadProblem, notice, pending, refused, reload, act };
}

/** The server's own words from a refused fetch's body, when it sent any. */
function errorText(error: ApiError): string | undefined {
  const body = /svarte \d+: (.*)$/s.exec(error.detail)?.[1];
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === "string" ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}
