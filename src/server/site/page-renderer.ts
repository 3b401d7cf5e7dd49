import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { PageApiFetch, SiteRenderContext } from "../../shared/site/render-context.ts";

interface RenderedDocument {
  status: number;
  html: string;
  /** Set when the app answered with a redirect. */
  location?: string;
}

/**
 * Renders one page of the web app for a path (with its query) and the given edition; `api` (working pages
 * only) lets the page's route loader read the site's own API for its first view.
 */
export type PageRenderer = (url: string, site: SiteRenderContext, api?: PageApiFetch) => Promise<RenderedDocument>;

/**
 * The web app's server build (build/server/index.js, made by `react-router build`), loaded at run time by
 * its file path: the server never imports the web app's source. The edition goes in as React Router's load
 * context, which the root loader hands to the pages, with `api` for the working pages' route loaders.
 */
export async function loadServerBuildRenderer(serverBuildFile: string): Promise<PageRenderer> {
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  return async (url, site, api) => {
    const response = await handle(new Request(new URL(url, "http://localhost")), { site, api } as Parameters<typeof handle>[1]);
    const location = response.headers.get("location") ?? undefined;
    return { status: response.status, html: await response.text(), location };
  };
}
