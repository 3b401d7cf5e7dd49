import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import type { ReactNode } from "react";
import type { Route } from "./+types/root";
import { campEditionFromData, comingSeasonYear, standardEditionData } from "../shared/camp/camp-edition-data.ts";
import { checkInPagePath, findSitePage, sitePages } from "../shared/site/site-pages.ts";
import { campMoment, type CampMoment } from "../shared/camp/camp-edition-phase.ts";
import type { PageApiFetch, SiteRenderContext } from "../shared/site/render-context.ts";
import { club } from "../shared/club/club-facts.ts";
import { seedSiteContent } from "../shared/site/site-content-seed.ts";
import { noticeShownAt } from "../shared/site/site-notice.ts";
import { defaultPrivacyFacts } from "../shared/site/privacy-facts.ts";
import { SiteContentProvider } from "./lib/site-content.tsx";
import { SiteChrome } from "./layout/SiteChrome.tsx";
import { ErrorScreen } from "./layout/ErrorScreen.tsx";
import { pickScript, pickStyle } from "./lib/random-pick.tsx";
import { pageScript } from "./lib/page-script.ts";
import { CampEditionProvider } from "./lib/camp-edition.tsx";
import { RenderTimeContext } from "./lib/use-now.ts";
import "./styles/app.css";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

declare module "react-router" {
  interface AppLoadContext {
    /** Given by our server (src/server/site); missing under `react-router dev`. */
    site?: SiteRenderContext;
    /** The site's own API for a working page's route loader (lib/page-api.ts); missing under `react-router dev`. */
    api?: PageApiFetch;
  }
}

/** What every page below the root gets: the server's render context and where its camp stands. */
interface RootData extends SiteRenderContext {
  /**
   * Where the camp stands at the render time (camp-edition-phase.ts; over when its phase is past). Judged here,
   * on the server: on Oslo's clock, which in the browser would load time-zone data in the middle of hydration.
   */
  campMoment: CampMoment | null;
}

/**
 * The current camp edition and the render time, from the server's load context. Under `react-router dev`
 * (no database) the pages show the coming season's usual edition.
 */
export function loader({ context }: Route.LoaderArgs): RootData {
  const now = new Date();
  const site = context.site ?? {
    edition: standardEditionData(comingSeasonYear(now)),
    renderedAt: now.toISOString(),
    content: seedSiteContent,
    privacy: defaultPrivacyFacts,
  };
  const renderedAt = new Date(site.renderedAt);
  const moment = site.edition === null ? null : campMoment(site.edition, renderedAt);
  // The home page's notice only until its last day is over (the server renders the page again then).
  const content = { ...site.content, forside: { notice: noticeShownAt(site.content.forside, renderedAt) } };
  return { ...site, content, campMoment: moment };
}

/** The edition stays as the page was first rendered with; client-side navigation never asks the server again. */
export function shouldRevalidate() {
  return false;
}

/** The edition, the site's facts and the render time for every page below the root, error screens included. */
function SiteProviders({ children }: { children: ReactNode }) {
  const site = useRouteLoaderData<typeof loader>("root");
  const edition = site?.edition ? campEditionFromData(site.edition) : undefined;
  return (
    <RenderTimeContext.Provider value={site?.renderedAt}>
      <CampEditionProvider edition={edition} over={site?.campMoment?.phase === "past"} moment={site?.campMoment ?? undefined}>
        <SiteContentProvider content={site?.content ?? seedSiteContent} privacy={site?.privacy ?? defaultPrivacyFacts}>
          {children}
        </SiteContentProvider>
      </CampEditionProvider>
    </RenderTimeContext.Provider>
  );
}

export function meta({ location }: Route.MetaArgs) {
  const page = findSitePage(location.pathname);
  const home = sitePages[0]!;
  const title = page && page.path !== "/" ? `${page.title} – ${club.name}` : home.title;
  return [
    { title },
    { name: "description", content: (page ?? home).description },
    { property: "og:title", content: title },
    { property: "og:locale", content: "nb_NO" },
  ];
}

export function Layout({ children }: { children: ReactNode }) {
  // The check-in page names its own manifest (an app for the door); every other page the site's.
  const ownManifest = useLocation().pathname === checkInPagePath;
  return (
    // The random-pick script sets data attributes on <html> before hydration (lib/random-pick.tsx).
    <html lang="nb" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" />
        {/* data-keep: the server strips every other script from static pages (src/server/site/strip-runtime.ts). */}
        <script data-keep="" dangerouslySetInnerHTML={{ __html: pickScript }} />
        <script data-keep="" dangerouslySetInnerHTML={{ __html: pageScript }} />
        <style dangerouslySetInnerHTML={{ __html: pickStyle }} />
        <Meta />
        {!ownManifest && <link rel="manifest" href="/manifest.webmanifest" />}
        <Links />
      </head>
      <body>
        <SiteProviders>{children}</SiteProviders>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

export function HydrateFallback() {
  return (
    <SiteChrome>
      <p className="loading" role="status">
        Laster...
      </p>
    </SiteChrome>
  );
}

/** Router errors (a failed route module, a thrown response) show the fallback screen (layout/ErrorScreen.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText || (error.status === 404 ? "Not Found" : "")}`.trim()
    : error instanceof Error
      ? error.message
      : "Ukjent feil";
  return (
    <SiteChrome>
      <ErrorScreen detail={detail} notFound={isRouteErrorResponse(error) && error.status === 404} />
    </SiteChrome>
  );
}
