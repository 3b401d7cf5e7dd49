import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../lib/api-client.ts";
import type { DoorListStore } from "./door-list-store.ts";

/** How often an open page fetches the list again while it has a network. */
const refreshMs = 60_000;

/** What a door list must tell: when the server made it, and until when the phone may keep it. */
export interface KeptDoorList {
  fetchedAt: string;
}

export interface DoorListOptions<L> {
  /** GET the list from the server (throws ApiError: without a status when there is no network). */
  fetchList: () => Promise<L>;
  /** When the list may no longer stay on the phone (the event is over). */
  keepUntil: (list: L) => string;
  /** The event is over for this device: remove the list and what waits for it. */
  onExpired: () => void;
  /** A fetch failed with an answer (not for want of a network): 401 and the like. */
  onError: (error: unknown) => void;
}

/**
 * A door's list on this device: the kept copy at once (so a page opened with no network can search and
 * count), then the server's when there is a network: on opening, when the network comes back and every
 * minute. After the event the list is removed from the device (`onExpired`). The camp's door and the
 * events' door both use it, each with its own list.
 */
export function useDoorList<L extends KeptDoorList>(store: DoorListStore<L>, options: DoorListOptions<L>) {
  const [list, setList] = useState<L>();
  // The last fetch never reached the server: with no list kept, the page can say why it has none.
  const [offline, setOffline] = useState(false);
  const latest = useRef<L | undefined>(undefined);
  // Off once the area is gone (signed out): an answer arriving after that must not store the list again.
  const active = useRef(true);
  const callbacks = useRef(options);
  callbacks.current = options;

  const keep = useCallback(
    (next: L | undefined) => {
      if (!active.current) return;
      latest.current = next;
      setList(next);
      if (next) void store.save(next);
    },
    [store],
  );

  const refresh = useCallback(async () => {
    try {
      const fresh = await callbacks.current.fetchList();
      setOffline(false);
      if (pastKeeping(fresh, callbacks.current)) {
        keep(undefined);
        callbacks.current.onExpired();
        return;
      }
      keep(fresh);
    } catch (error) {
      // No network: the kept list stays, and says how old it is.
      const noNetwork = error instanceof ApiError && error.status === undefined;
      setOffline(noNetwork);
      if (!noNetwork) callbacks.current.onError(error);
    }
  }, [keep]);

  useEffect(() => {
    active.current = true;
    return () => {
      active.current = false;
    };
  }, []);

  useEffect(() => {
    let live = true;
    void (async () => {
      const stored = await store.read();
      if (!live || !stored || latest.current) return;
      if (pastKeeping(stored, callbacks.current)) return void callbacks.current.onExpired();
      latest.current = stored;
      setList(stored);
    })();
    void refresh();
    const again = () => void refresh();
    window.addEventListener("online", again);
    const timer = setInterval(() => {
      if (navigator.onLine !== false) again();
    }, refreshMs);
    return () => {
      live = false;
      window.removeEventListener("online", again);
      clearInterval(timer);
    };
  }, [store, refresh]);

  /** The kept list changed by an action's answer (one registration or order as the server now has it). */
  const update = useCallback(
    (change: (current: L) => L) => {
      if (latest.current) keep(change(latest.current));
    },
    [keep],
  );

  /** Drops the list from the page (the caller removes it from the store). */
  const forget = useCallback(() => keep(undefined), [keep]);

  return { list, offline, refresh, update, forget };
}

/** Whether the event is over for this device: the list and what waits are to be removed. */
function pastKeeping<L>(list: L, options: Pick<DoorListOptions<L>, "keepUntil">): boolean {
  return Date.now() > new Date(options.keepUntil(list)).getTime();
}
