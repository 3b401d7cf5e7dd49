import { useCallback, useEffect, useRef, useState } from "react";

export type LoadState<T> = { kind: "loading" } | { kind: "loaded"; data: T } | { kind: "failed"; error: unknown };

/**
 * Runs `load` on mount and on `retry`; an answer that arrives after unmount or a newer try is dropped.
 * `initial`: the data the page arrived with (its route loader); then nothing is loaded until `retry`.
 */
export function useLoad<T>(load: () => Promise<T>, initial?: T): [LoadState<T>, () => void] {
  const [state, setState] = useState<LoadState<T>>(initial === undefined ? { kind: "loading" } : { kind: "loaded", data: initial });
  const [attempt, setAttempt] = useState(0);
  const given = useRef(initial !== undefined);

  useEffect(() => {
    if (given.current) {
      given.current = false;
      return;
    }
    let current = true;
    setState({ kind: "loading" });
    load().then(
      (data) => current && setState({ kind: "loaded", data }),
      (error: unknown) => current && setState({ kind: "failed", error }),
    );
    return () => {
      current = false;
    };
    // `load` is a module function; reloading is driven by `attempt` only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return [state, retry];
}
