import { clear, createStore, del, get, set, type UseStore } from "idb-keyval";
import type { z } from "zod";

/**
 * Where a door phone keeps its door list: IndexedDB (idb-keyval), which survives a reload, the browser
 * discarding the tab and a restart of the phone. Each door has its own database, so «Logg ut», an ended
 * token and the end of the event clear it in one go, together with the door's waiting actions.
 */
export interface DoorListStore<L> {
  read(): Promise<L | undefined>;
  save(list: L): Promise<void>;
  /** Removes this list only. */
  remove(): Promise<void>;
  /** Removes every list of this door on the device. */
  clear(): Promise<void>;
}

const stores = new Map<string, UseStore>();
// Opened on first use: the page modules are also loaded on the server, which has no IndexedDB.
const idb = (database: string, store: string) => {
  const name = `${database}/${store}`;
  let opened = stores.get(name);
  if (!opened) stores.set(name, (opened = createStore(database, store)));
  return opened;
};

/** A list kept under `key` in the door's IndexedDB database; what no longer fits `schema` reads as none. */
export function indexedDbListStore<L>(schema: z.ZodType<L>, place: { database: string; store: string; key: string }): DoorListStore<L> {
  const db = () => idb(place.database, place.store);
  return {
    async read() {
      try {
        const parsed = schema.safeParse(await get(place.key, db()));
        return parsed.success ? parsed.data : undefined;
      } catch {
        // No IndexedDB (a private window in an old browser): the page works online without the list.
        return undefined;
      }
    },
    async save(list) {
      try {
        await set(place.key, list, db());
      } catch {
        // Storage full or blocked: the page keeps the list in memory for now.
      }
    },
    async remove() {
      try {
        await del(place.key, db());
      } catch {
        // Nothing stored, or no IndexedDB: nothing to remove.
      }
    },
    async clear() {
      try {
        await clear(db());
      } catch {
        // Nothing stored, or no IndexedDB: nothing to clear.
      }
    },
  };
}

/** For tests and for a browser without IndexedDB. */
export function memoryListStore<L>(initial?: L): DoorListStore<L> {
  let kept = initial;
  return {
    read: async () => kept,
    save: async (list) => void (kept = list),
    remove: async () => void (kept = undefined),
    clear: async () => void (kept = undefined),
  };
}

/** Removes everything about a door from this device: its lists and the localStorage keys it names (the waiting actions, the refused ones). */
export async function clearDoorDevice(listStore: DoorListStore<unknown>, localKeys: readonly string[]): Promise<void> {
  try {
    for (const key of localKeys) localStorage.removeItem(key);
  } catch {
    // localStorage blocked: nothing was kept there either.
  }
  await listStore.clear();
}
