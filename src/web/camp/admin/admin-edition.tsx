import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { useCampYear } from "../../lib/camp-edition.tsx";
// Types only: the login form's code does not carry the editions' schemas.
import type { AdminEdition } from "./editions/editions-api.ts";

/**
 * The year the camp admin shows, owned in one place: the heading, «Vis leir», every list, total and export,
 * the waiting list, the treasurer and «Send melding» read it, and the server is asked for that year with
 * `?year=`. The leader changes it with «Vis leir» or by opening an edition under «Leirer».
 */
export interface AdminYear {
  /** The year every part of the admin shows. */
  year: number;
  /** The leader's choice; undefined: «the» camp, the edition the site shows. */
  chosen: number | undefined;
  /** Every edition as last read (a leader's view), or undefined until read. */
  editions: readonly AdminEdition[] | undefined;
  /** The shown year's edition, when the list has it. */
  edition: AdminEdition | undefined;
  choose: (year: number | undefined) => void;
  /**
   * Reads the list with `read` and takes it in, unless an edition changed while it was on its way (then the
   * answer is older than what is shown, and the next read brings both).
   */
  readEditions: (read: () => Promise<AdminEdition[]>) => Promise<AdminEdition[]>;
  /** One edition as the server answered a save or a publish: shown at once, everywhere. */
  editionChanged: (edition: AdminEdition) => void;
  /** Signed out: back to «the» camp, and the list is forgotten. */
  reset: () => void;
}

const AdminYearContext = createContext<AdminYear | undefined>(undefined);

/** Without a choice: the site's edition when the list has it, else the one the server calls current. */
function defaultYear(siteYear: number, editions: readonly AdminEdition[] | undefined): number {
  if (!editions || editions.length === 0 || editions.some((edition) => edition.year === siteYear)) return siteYear;
  return editions.find((edition) => edition.current)?.year ?? siteYear;
}

/** Owns the year shown (see AdminYear) for the camp admin below it; `initialYear` opens another than «the» camp. */
export function AdminYearProvider({ initialYear, children }: { initialYear?: number; children: ReactNode }) {
  const siteYear = useCampYear();
  const [chosen, setChosen] = useState(initialYear);
  const [editions, setEditions] = useState<readonly AdminEdition[]>();
  /** Counts the changes to the list, so a read that started before one does not undo it. */
  const changes = useRef(0);

  const readEditions = useCallback(async (read: () => Promise<AdminEdition[]>) => {
    const before = changes.current;
    const list = await read();
    if (changes.current === before) setEditions(list);
    return list;
  }, []);
  const editionChanged = useCallback((changed: AdminEdition) => {
    changes.current += 1;
    setEditions((list) => list && [changed, ...list.filter((edition) => edition.year !== changed.year)].sort((a, b) => b.year - a.year));
  }, []);
  const reset = useCallback(() => {
    changes.current += 1;
    setChosen(undefined);
    setEditions(undefined);
  }, []);

  const value = useMemo((): AdminYear => {
    const year = chosen ?? defaultYear(siteYear, editions);
    return {
      year,
      chosen,
      editions,
      edition: editions?.find((edition) => edition.year === year),
      choose: setChosen,
      readEditions,
      editionChanged,
      reset,
    };
  }, [chosen, siteYear, editions, readEditions, editionChanged, reset]);
  return <AdminYearContext.Provider value={value}>{children}</AdminYearContext.Provider>;
}

export function useAdminYear(): AdminYear {
  const value = useContext(AdminYearContext);
  if (!value) throw new Error("The camp admin's parts need an AdminYearProvider above them.");
  return value;
}

/** The year the admin shows (see AdminYear). */
export function useAdminEditionYear(): number {
  return useAdminYear().year;
}

/** A declared admin call's `?year=` for an edition (none: «the» camp). */
export function editionQuery(year: number | undefined): { year?: string } {
  return year === undefined ? {} : { year: String(year) };
}

/** An admin call's address for an edition: `?year=` added. */
export function inEdition(url: string, year: number | undefined): string {
  return year === undefined ? url : `${url}${url.includes("?") ? "&" : "?"}year=${year}`;
}

/** A data fetcher for `useAdminData` that asks for the year shown; another year loads afresh. */
export function useEditionFetcher<T>(fetch: (token: string, year: number) => Promise<T>): (token: string) => Promise<T> {
  const year = useAdminEditionYear();
  return useCallback((token: string) => fetch(token, year), [fetch, year]);
}
