import { createContext, useContext, useMemo, type ReactNode } from "react";
import { comingSeasonYear } from "../../shared/camp/camp-edition-data.ts";
import type { CampEdition } from "../../shared/camp/camp-edition.ts";
import { isEarlyBird } from "../../shared/camp/camp-edition.ts";
import type { CampMoment } from "../../shared/camp/camp-edition-phase.ts";
import { startOfOsloDay } from "../../shared/time.ts";
import { useNow } from "./use-now.ts";
import type { SiteRenderContext } from "../../shared/site/render-context.ts";

interface CampEditionValue {
  /** The edition the pages below show; undefined when the club has none. */
  edition: CampEdition | undefined;
  /** Its last day is over (and no newer edition is current): the pages say the next camp is not announced yet. */
  over: boolean;
  /** Where the camp stands as the page is rendered (judged on the server, root loader); missing: judged here. */
  moment?: CampMoment;
}

const CampEditionContext = createContext<CampEditionValue>({ edition: undefined, over: false });

/**
 * The edition the camp pages below it show. The root gives the current edition from the database (the
 * server renders the pages with it); the wizard gives the one it prices with, and the camp admin's
 * preview a draft.
 */
export function CampEditionProvider({
  edition,
  over = false,
  moment,
  children,
}: {
  edition: CampEdition | undefined;
  over?: boolean;
  moment?: CampMoment;
  children: ReactNode;
}) {
  return <CampEditionContext.Provider value={{ edition, over, moment }}>{children}</CampEditionContext.Provider>;
}

/**
 * Shows `edition` to the pages below when there is one, else what the pages above show. It is the same element
 * either way: when the edition arrives (the camp admin's list of camps), the pages below keep their state, such
 * as a message half written, where swapping a fragment for a provider would start them again.
 */
export function CampEditionOverride({ edition, children }: { edition: CampEdition | undefined; children: ReactNode }) {
  const outer = useContext(CampEditionContext);
  const value = useMemo(() => (edition ? { edition, over: false } : outer), [edition, outer]);
  return <CampEditionContext.Provider value={value}>{children}</CampEditionContext.Provider>;
}

/**
 * Where the shown camp stands now (before, under way, over; early-bird, full refund, registration window),
 * as the server judged it for the page; without that (a page given an edition alone: the camp admin's
 * preview, a test), judged by the page's clock with registration taken as open. Undefined without an edition.
 */
export function useCampMoment(): CampMoment | undefined {
  const { edition, over, moment } = useContext(CampEditionContext);
  const now = useNow();
  if (moment) return moment;
  if (!edition) return undefined;
  const started = now.getTime() >= startOfOsloDay(edition.start).getTime();
  return {
    phase: over ? "past" : started ? "running" : "upcoming",
    earlyBird: isEarlyBird(edition, now),
    fullRefund: now.getTime() < edition.fullRefundEndsAt.getTime(),
    registration: "open",
    opensAt: new Date(0).toISOString(),
  };
}

/** The camp that is over, when the pages have no newer one to show: they speak of it in the past. */
export function usePastCamp(): CampEdition | undefined {
  const { edition, over } = useContext(CampEditionContext);
  return over ? edition : undefined;
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
