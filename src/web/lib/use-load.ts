import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "./api-client.ts";

/** Data a page loads from the API: still loading, failed (with the technical detail to fold away), or there. */
export type Loadable<T> = { status: "loading" } | { status: "error"; detail: string } | { status: "ready"; data: T };

/**
 * Runs `load` on mount and on `retry`; an answer that arrives after unmount or a newer try is dropped.
 * `load` must be stable (a module function). `initial`: the data the page arrived with (its route loader); then nothing is loaded until `retry`.
 * `wanted`: false holds the first load back until it turns true (once loaded, the data stays).
 */
export function useLoad<T>(load: () => Promise<T>, initial?: T, wanted = true): [Loadable<T>, () => void] {
  const [state, setState] = useState<Loadable<T>>(initial === undefined ? { status: "loading" } : { status: "ready", data: initial });
  const [attempt, setAttempt] = useState(0);
  const [active, setActive] = useState(wanted);
  if (wanted && !active) setActive(true);
  const given = useRef(initial !== undefined);
  useEffect(() => {
    if (!active) return;
    if (given.current) {
      given.current = false;
      return;
    }
    let current = true;
    setState({ status: "loading" });
    load().then(
      (data) => current && setState({ status: "ready", data }),
      (error: unknown) => current && setState({ status: "error", detail: error instanceof ApiError ? error.detail : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [load, attempt, active]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return [state, retry];
}
