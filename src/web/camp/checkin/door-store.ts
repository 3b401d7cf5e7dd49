import { DoorListSchema, type DoorEntry, type DoorList } from "../../../shared/camp/door-list.ts";
import { clearDoorDevice, indexedDbListStore, type DoorListStore } from "../../components/door/door-list-store.ts";

/**
 * Where the camp's door phone keeps the camp's door list (IndexedDB, through the doors' shared store) and the
 * localStorage keys of its waiting and refused actions: «Logg ut», an ended token and the end of the camp
 * clear them in one go (`clearCampDoorDevice`).
 */
export type CampDoorListStore = DoorListStore<DoorList>;

export const doorDatabaseName = "stk-innsjekk";
export const doorStoreName = "dorliste";

export const indexedDbDoorListStore: CampDoorListStore = indexedDbListStore(DoorListSchema, {
  database: doorDatabaseName,
  store: doorStoreName,
  key: "liste",
});

/** The localStorage keys the door uses besides the list: the waiting actions and the refused ones. */
export const doorLocalKeys = { queue: "stk-innsjekk-venter", refused: "stk-innsjekk-avvist", legacyCounts: "stk-innsjekk-dager" } as const;

/** Removes everything about the camp from this device: the list, the waiting actions, the refused ones. */
export function clearCampDoorDevice(listStore: CampDoorListStore = indexedDbDoorListStore): Promise<void> {
  return clearDoorDevice(listStore, Object.values(doorLocalKeys));
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
