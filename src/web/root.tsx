import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { ReactNode } from "react";
import type { Route } from "./+types/root";
import { findSitePage, sitePages } from "../shared/site/site-pages.ts";
import { club } from "../shared/club/club-facts.ts";
import { SiteChrome } from "./layout/SiteChrome.tsx";
import { pickScript, pickStyle } from "./lib/random-pick.tsx";
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
        <script dangerouslySetInnerHTML={{ __html: pickScript }} />
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

/** The spec's fallback screen for unmatched routes and router errors. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText || (error.status === 404 ? "Not Found" : "")}`.trim()
    : error instanceof Error
      ? error.message
      : "Ukjent feil";
  return (
    <SiteChrome>
      <section className="page error-screen" aria-labelledby="error-title">
        <h1 id="error-title">Unexpected Application Error!</h1>
        <p className="error-detail">{detail}</p>
        <p>
          {isRouteErrorResponse(error) && error.status === 404
            ? "Vi finner ikke siden du leter etter. Kanskje lenken er gammel, eller adressen har en skrivefeil."
            : "Noe gikk galt da siden skulle vises. Prøv igjen om litt."}
        </p>
        <p>
          <a className="button" href="/">
            Til forsiden
          </a>
        </p>
      </section>
    </SiteChrome>
  );
}
