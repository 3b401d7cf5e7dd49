import { useCallback, useEffect, useRef, useState } from "react";
import type { DoorList } from "../../../shared/camp/door-list.ts";
import { isUnauthorised } from "../../components/admin/AdminShell.tsx";
import { getDoorList } from "./checkin-api.ts";
import { clearDoorDevice, doorListExpired, withEntry, type DoorListStore } from "./door-store.ts";
import type { DoorHit } from "./pending-view.ts";

/** How often an open page fetches the list again while it has a network. */
const refreshMs = 60_000;

/**
 * The event's door list on this device: the kept copy at once (so a page opened with no network can
 * search, read codes and count), then the server's when there is a network: on opening, when the network
 * comes back and every minute. After the event the list and what waits are removed from the device.
 */
export function useDoorList(token: string, store: DoorListStore, onUnauthorised: () => void) {
  const [list, setList] = useState<DoorList>();
  const latest = useRef<DoorList | undefined>(undefined);
  // Off once the area is gone (signed out): an answer arriving after that must not store the list again.
  const active = useRef(true);
  const unauthorised = useRef(onUnauthorised);
  unauthorised.current = onUnauthorised;

  const keep = useCallback(
    (next: DoorList | undefined) => {
      if (!active.current) return;
      latest.current = next;
      setList(next);
      if (next) void store.save(next);
    },
    [store],
  );

  const refresh = useCallback(async () => {
    try {
      const fresh = await getDoorList(token);
      if (doorListExpired(fresh, new Date())) {
        keep(undefined);
        await clearDoorDevice(store);
        return;
      }
      keep(fresh);
    } catch (error) {
      if (isUnauthorised(error)) unauthorised.current();
      // No network: the kept list stays, and says how old it is.
    }
  }, [token, store, keep]);

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
      if (doorListExpired(stored, new Date())) return void clearDoorDevice(store);
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

  /** One registration as an action's answer has it, into the kept list. */
  const updateEntry = useCallback(
    (hit: DoorHit) => {
      if (latest.current) keep(withEntry(latest.current, hit));
    },
    [keep],
  );

  return { list, refresh, updateEntry };
}
