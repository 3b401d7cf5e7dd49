import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False on the server and while React hydrates the server's HTML; true once the page runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
