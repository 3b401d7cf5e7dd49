import { createContext, useCallback, useContext, type ReactNode } from "react";

/**
 * The camp edition the camp admin has open (a year), or undefined for «the» camp (the server's default):
 * every list, total, export and the waiting list below ask the server for it with `?year=`.
 */
const AdminEditionContext = createContext<number | undefined>(undefined);

export function AdminEditionYearProvider({ year, children }: { year: number | undefined; children: ReactNode }) {
  return <AdminEditionContext.Provider value={year}>{children}</AdminEditionContext.Provider>;
}

export function useAdminEditionYear(): number | undefined {
  return useContext(AdminEditionContext);
}

/** An admin call's address for the chosen edition: `?year=` added, or unchanged for «the» camp. */
export function inEdition(url: string, year: number | undefined): string {
  return year === undefined ? url : `${url}${url.includes("?") ? "&" : "?"}year=${year}`;
}

/** A data fetcher for `useAdminData` that asks for the chosen edition; a new edition loads afresh. */
export function useEditionFetcher<T>(fetch: (token: string, year: number | undefined) => Promise<T>): (token: string) => Promise<T> {
  const year = useAdminEditionYear();
  return useCallback((token: string) => fetch(token, year), [fetch, year]);
}
