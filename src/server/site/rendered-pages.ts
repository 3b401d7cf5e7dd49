import { campPagePhase, laterCampOpen, type PageApiFetch, type SiteRenderContext } from "../../shared/site/render-context.ts";
import { siteSectionNames, siteSectionPages } from "../../shared/site/site-content.ts";
import { noticeShownAt } from "../../shared/site/site-notice.ts";
import type { SiteContentSnapshot } from "../site-content/site-content-store.ts";
import type { SiteContentWatch } from "./site-content-watch.ts";
import type { PrivacyFacts } from "../../shared/site/privacy-facts.ts";
import type { EditionSnapshot, EditionWatch } from "./edition-watch.ts";
import { prepareHtml, type HtmlPage } from "./html-pages.ts";
import type { PageRenderer } from "./page-renderer.ts";
import { deferRuntime, stripRuntime } from "./strip-runtime.ts";
import type { EventSummary } from "../../shared/events/event-api.ts";

export interface RenderedPage {
  status: number;
  page: HtmlPage;
  location?: string;
}

export interface RenderedPagesOptions {
  renderer: PageRenderer;
  watch: EditionWatch;
  /** The facts the club edits in «Nettsted». */
  siteWatch: SiteContentWatch;
  /** From the configuration, fixed while the process runs. */
  privacy: PrivacyFacts;
  now: () => Date;
  /** The text of one of the build's own files by its path (/assets/…): stylesheets to inline, chunks to order. */
  asset: (href: string) => Promise<string>;
  /** Told when an information page could not be rendered again and its previous rendering is served. */
  onStale?: (path: string, error: unknown) => void;
  /** The club's published events (for /arrangementer) and a key that changes when the list would. */
  events?: () => Promise<{ key: string; list: EventSummary[] }>;
}

/** The pages that list the club's events: rendered again when the list changes. */
export const eventListPages: readonly string[] = ["/arrangementer"];

/**
 * What a rendered page depends on besides its address: the current edition (year and version), the later
 * camps, and the time-dependent phase of the camp pages (campPagePhase: early-bird, full refund, registration
 * window, camp under way, camp over). A page is rendered again only when this changes.
 */
function renderKey(snapshot: EditionSnapshot | null, at: Date): string {
  // The later camps the pages announce, with what they say about them (dates, place, opening, and whether it
  // has opened: from then on the pages link to its registration).
  const later =
    snapshot?.later
      .map(
        (camp) =>
          `+${camp.year}/${camp.firstDay}/${camp.lastDay}/${camp.venue}/${camp.registrationOpensAt}/${laterCampOpen(camp, at) ? "open" : "notyet"}`,
      )
      .join("") ?? "";
  return snapshot ? `${snapshot.year}:${snapshot.version}${later}:${campPagePhase(snapshot.data, at)}` : `none:${campPagePhase(null, at)}`;
}

/**
 * The part of the key that the site's facts make for one page: the latest change of each section shown on
 * it (a training time changes the training-time pages, not the sponsors), and on the home page whether the
 * notice is still shown. A page not listed under any section (the 404 page) still has the footer's contact.
 */
function contentKey(path: string, site: SiteContentSnapshot, at: Date): string {
  const sections = siteSectionNames.filter((name) => {
    const pages = siteSectionPages[name];
    return pages === "all" || pages.includes(path);
  });
  const notice = path === "/" ? `:${noticeShownAt(site.content.forside, at) ? "notice" : "no-notice"}` : "";
  return sections.map((name) => `${name}=${site.versions[name]}`).join(",") + notice;
}

/**
 * The site's pages, rendered by the web app's server build and kept in memory, precompressed, with their
 * hash-based CSP:
 * - information pages once per (path, render key), stripped of the React runtime (static HTML);
 * - working pages (forms, admin, payment result) with the runtime, so they hydrate: rendered for every
 *   request, since their first view may show data of the moment (the participant list, the places left,
 *   a waiting-list offer) that their route loaders read through `api`.
 */
export function renderedPages({ renderer, watch, siteWatch, privacy, now, asset, onStale, events }: RenderedPagesOptions) {
  const info = new Map<string, { key: string; page: Promise<RenderedPage> }>();
  // The last information page that rendered, per path: served when a new render fails, rather than an error.
  const lastGood = new Map<string, RenderedPage>();

  async function render(
    url: string,
    snapshot: EditionSnapshot | null,
    content: SiteContentSnapshot,
    at: Date,
    strip: boolean,
    api?: PageApiFetch,
    eventList?: EventSummary[],
  ): Promise<RenderedPage> {
    const site: SiteRenderContext = {
      edition: snapshot?.data ?? null,
      laterCamps: snapshot?.later ?? [],
      renderedAt: at.toISOString(),
      content: content.content,
      privacy,
      ...(eventList ? { events: eventList } : {}),
    };
    const { status, html, location } = await renderer(url, site, api);
    if (status >= 500) throw new Error(`Rendering ${url} failed with status ${status}.`);
    return { status, location, page: await prepareHtml(strip ? await stripRuntime(html, asset) : await deferRuntime(html, asset)) };
  }

  async function cached(cache: typeof info, url: string, strip: boolean): Promise<RenderedPage> {
    const listsEvents = events !== undefined && eventListPages.includes(url);
    const [snapshot, content, eventList] = await Promise.all([watch.current(), siteWatch.current(), listsEvents ? events() : undefined]);
    const at = now();
    const key = `${renderKey(snapshot, at)}|${contentKey(url, content, at)}${eventList ? `|${eventList.key}` : ""}`;
    let entry = cache.get(url);
    if (!entry || entry.key !== key) {
      const fresh = { key, page: render(url, snapshot, content, at, strip, undefined, eventList?.list) };
      cache.delete(url);
      cache.set(url, fresh);
      // A failed render is not kept: the next request tries again.
      fresh.page.catch(() => {
        if (cache.get(url) === fresh) cache.delete(url);
      });
      entry = fresh;
    }
    return entry.page;
  }

  return {
    /** An information page (or the not-found page) as static HTML without the React runtime. */
    async info(path: string): Promise<RenderedPage> {
      try {
        const page = await cached(info, path, true);
        lastGood.set(path, page);
        return page;
      } catch (error) {
        const previous = lastGood.get(path);
        if (!previous) throw error;
        onStale?.(path, error);
        return previous;
      }
    },
    /** A working page with the runtime, for its address including the query, rendered now. */
    working: async (url: string, api: PageApiFetch) => render(url, await watch.current(), await siteWatch.current(), now(), false, api),
  };
}
