import { createContext, useContext, type ReactNode } from "react";
import { comingSeasonYear } from "../../shared/camp/camp-edition-data.ts";
import type { CampEdition } from "../../shared/camp/camp-edition.ts";
import type { SiteRenderContext } from "../../shared/site/render-context.ts";

interface CampEditionValue {
  /** The edition the pages below show; undefined when the club has none. */
  edition: CampEdition | undefined;
  /** Its last day is over (and no newer edition is current): the pages say the next camp is not announced yet. */
  over: boolean;
}

const CampEditionContext = createContext<CampEditionValue>({ edition: undefined, over: false });

/**
 * The edition the camp pages below it show. The root gives the current edition from the database (the
 * server renders the pages with it); the wizard gives the one it prices with, and the camp admin's
 * preview a draft.
 */
export function CampEditionProvider({ edition, over = false, children }: { edition: CampEdition | undefined; over?: boolean; children: ReactNode }) {
  return <CampEditionContext.Provider value={{ edition, over }}>{children}</CampEditionContext.Provider>;
}

/** The edition a camp page shows, when one is announced: undefined when there is none or it is over. */
export function useAnnouncedCamp(): CampEdition | undefined {
  const { edition, over } = useContext(CampEditionContext);
  return over ? undefined : edition;
}

/** The edition of a page that only exists with one (the wizard's steps, inside their own provider). */
export function useCampEdition(): CampEdition {
  const { edition } = useContext(CampEditionContext);
  if (!edition) throw new Error("No camp edition is provided to this page.");
  return edition;
}

/** The edition the site is about, over or not (the camp admin's lists), or undefined when there is none. */
export function useCampEditionIfAny(): CampEdition | undefined {
  return useContext(CampEditionContext).edition;
}

/**
 * The year of the edition the site is about (the current one, even when it is over): the participant list
 * and the camp admin are titled with it. Without one, the coming season's year.
 */
export function useCampYear(): number {
  return useContext(CampEditionContext).edition?.year ?? comingSeasonYear(new Date());
}

/** The same for a route's meta function, from the root loader's data among its matches. */
export function campYearOfMatches(matches: readonly ({ id: string; data?: unknown } | undefined)[]): number {
  const root = matches.find((match) => match?.id === "root")?.data as SiteRenderContext | undefined;
  return root?.edition?.year ?? comingSeasonYear(new Date());
}
