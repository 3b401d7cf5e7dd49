import { campMoment, campMomentKey } from "../camp/camp-edition-phase.ts";
import type { CampEditionData } from "../camp/camp-edition-schema.ts";
import type { PrivacyFacts } from "./privacy-facts.ts";
import type { SiteContent } from "./site-content.ts";
import type { EventSummary } from "../events/event-api.ts";

/**
 * What the server hands the web app when it renders a page (React Router's load context, returned by the
 * root loader): the current camp edition from the database and the instant the page is rendered for.
 */
export interface SiteRenderContext {
  /** The current edition, or null when the club has none. */
  edition: CampEditionData | null;
  /** Published camps after it that have not ended (next year's camp), nearest first: the camp pages name them. */
  laterCamps?: LaterCamp[];
  /** ISO 8601: time-dependent text (the early-bird banner, "camp is over") is rendered as of this instant. */
  renderedAt: string;
  /** The facts the club edits in «Nettsted» (training times, prices, contact, sponsors, …). */
  content: SiteContent;
  /** What /personvern states from the server's configuration (retention periods, processors). */
  privacy: PrivacyFacts;
  /** The club's published events that have not ended, for /arrangementer (missing: none known). */
  events?: EventSummary[];
}

/** What the camp pages say about a later published camp: its dates and place, and when its registration opens. */
export type LaterCamp = Pick<CampEditionData, "year" | "firstDay" | "lastDay" | "registrationOpensAt"> & Partial<Pick<CampEditionData, "venue">>;

/** A later camp's registration has opened at `at` (its link to the wizard is offered from then on). */
export function laterCampOpen(camp: Pick<LaterCamp, "registrationOpensAt">, at: Date): boolean {
  return at.getTime() >= Date.parse(camp.registrationOpensAt);
}

/**
 * A GET of the site's own API made in the server's process while a working page renders (the page's route
 * loader asks for its first view's data the way the browser would, under the same rules: the public
 * participant list is the same list the browser gets). The answer is a fetch `Response`.
 */
export type PageApiFetch = (path: string) => Promise<Response>;

/**
 * Everything about time that changes what a camp page shows (camp-edition-phase.ts `campMoment`): the
 * early-bird price, the full-refund deadline, the registration window, the camp under way, the camp over. A
 * rendered page is valid while this (and the edition's version) stays the same.
 */
export function campPagePhase(data: CampEditionData | null, at: Date): string {
  return data ? campMomentKey(campMoment(data, at)) : "none";
}
