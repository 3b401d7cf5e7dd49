import { useCallback, useEffect, useRef, useState } from "react";
import type { Club, Grade } from "../../../shared/camp/grades.ts";
import { ApiError } from "../../lib/api-client.ts";
import { getClubs, getGrades } from "./registration-api.ts";

export type Loadable<T> =
  | { status: "loading" }
  | { status: "error"; detail: string }
  | { status: "ready"; data: T };

export interface CampData {
  clubs: Loadable<Club[]>;
  grades: Loadable<Grade[]>;
  retryClubs: () => void;
  retryGrades: () => void;
}

/** `initial`: the data the page arrived with (its route loader); then nothing is loaded until `retry`. */
export function useLoad<T>(load: () => Promise<T>, initial?: T): [Loadable<T>, () => void] {
  const [state, setState] = useState<Loadable<T>>(initial === undefined ? { status: "loading" } : { status: "ready", data: initial });
  const [attempt, setAttempt] = useState(0);
  const given = useRef(initial !== undefined);
  useEffect(() => {
    if (given.current) {
      given.current = false;
      return;
    }
    let current = true;
    setState({ status: "loading" });
    load().then(
      (data) => current && setState({ status: "ready", data }),
      (error: unknown) =>
        current && setState({ status: "error", detail: error instanceof ApiError ? error.detail : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return [state, retry];
}

/** Clubs and grades for the pickers and the price; loaded once per visit, each with its own retry. */
export function useCampData(): CampData {
  const [clubs, retryClubs] = useLoad(getClubs);
  const [grades, retryGrades] = useLoad(getGrades);
  return { clubs, grades, retryClubs, retryGrades };
}
