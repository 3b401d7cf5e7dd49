import { clear, createStore, get, set, type UseStore } from "idb-keyval";
import { DoorListSchema, type DoorEntry, type DoorList } from "../../../shared/camp/door-list.ts";

/**
 * Where a door phone keeps the event's door list: IndexedDB (idb-keyval), which survives a reload, the
 * browser discarding the tab and a restart of the phone. One store, so «Logg ut», an ended token and the
 * end of the event clear it in one go (`clearDoorDevice`), together with the queue of waiting actions.
 */
export interface DoorListStore {
  read(): Promise<DoorList | undefined>;
  save(list: DoorList): Promise<void>;
  clear(): Promise<void>;
}

export const doorDatabaseName = "stk-innsjekk";
export const doorStoreName = "dorliste";
const listKey = "liste";

let store: UseStore | undefined;
// Opened on first use: the page module is also loaded on the server, which has no IndexedDB.
const idb = () => (store ??= createStore(doorDatabaseName, doorStoreName));

export const indexedDbDoorListStore: DoorListStore = {
  async read() {
    try {
      const parsed = DoorListSchema.safeParse(await get(listKey, idb()));
      return parsed.success ? parsed.data : undefined;
    } catch {
      // No IndexedDB (a private window in an old browser): the page works online without the list.
      return undefined;
    }
  },
  async save(list) {
    try {
      await set(listKey, list, idb());
    } catch {
      // Storage full or blocked: the page keeps the list in memory for now.
    }
  },
  async clear() {
    try {
      await clear(idb());
    } catch {
      // Nothing stored, or no IndexedDB: nothing to clear.
    }
  },
};

/** For tests and for a browser without IndexedDB. */
export function memoryDoorListStore(initial?: DoorList): DoorListStore {
  let kept = initial;
  return {
    read: async () => kept,
    save: async (list) => void (kept = list),
    clear: async () => void (kept = undefined),
  };
}

/** The localStorage keys the door uses besides the list: the waiting actions and the refused ones. */
export const doorLocalKeys = { queue: "stk-innsjekk-venter", refused: "stk-innsjekk-avvist", legacyCounts: "stk-innsjekk-dager" } as const;

/** Removes everything about the event from this device: the list, the waiting actions, the refused ones. */
export async function clearDoorDevice(listStore: DoorListStore = indexedDbDoorListStore): Promise<void> {
  try {
    for (const key of Object.values(doorLocalKeys)) localStorage.removeItem(key);
  } catch {
    // localStorage blocked: nothing was kept there either.
  }
  await listStore.clear();
}

/** The list with one registration as the server last answered it (after an action); its code hash stays. */
export function withEntry(
  list: DoorList,
  hit: Omit<DoorEntry, "codeHash" | "persons"> & { persons: (DoorEntry["persons"][number] & { age?: number })[] },
): DoorList {
  const { persons, ...rest } = hit;
  return {
    ...list,
    entries: list.entries.map((entry) =>
      entry.registrationId === hit.registrationId
        ? { ...rest, persons: persons.map(({ age: _age, ...person }) => person), codeHash: entry.codeHash }
        : entry,
    ),
  };
}

/** Whether the event is over for this device: the list and what waits are to be removed. */
export function doorListExpired(list: DoorList, now: Date): boolean {
  return now.getTime() > new Date(list.event.keepUntil).getTime();
}
