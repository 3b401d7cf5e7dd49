import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { ReactNode } from "react";
import type { Route } from "./+types/root";
import { findSitePage, sitePages } from "../shared/site/site-pages.ts";
import { club } from "../shared/club/club-facts.ts";
import { SiteChrome } from "./layout/SiteChrome.tsx";
import { ErrorScreen } from "./layout/ErrorScreen.tsx";
import { pickScript, pickStyle } from "./lib/random-pick.tsx";
import { pageScript } from "./lib/page-script.ts";
import "./styles/app.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

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
  return (
    // The random-pick script sets data attributes on <html> before hydration (lib/random-pick.tsx).
    <html lang="nb" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" />
        {/* data-keep: the build strips every other script from static pages (scripts/static-pages.ts). */}
        <script data-keep="" dangerouslySetInnerHTML={{ __html: pickScript }} />
        <script data-keep="" dangerouslySetInnerHTML={{ __html: pageScript }} />
        <style dangerouslySetInnerHTML={{ __html: pickStyle }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
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

/** Router errors (a failed route module, a thrown response) show the spec's fallback screen. */
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
