import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { clientOnlyPathPatterns, notFoundPage, redirects } from "../../shared/site/site-pages.ts";
import { loadHtmlPages, type HtmlPage } from "./html-pages.ts";
import { sendPrecompressed } from "../http/precompressed.ts";
import { sameOriginPath } from "../http/same-origin-path.ts";
import { robotsTxt, sitemapXml } from "./sitemap.ts";

export interface StaticSiteOptions {
  staticDir: string;
  publicBaseUrl: string;
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, page: HtmlPage, status = 200) {
  reply
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-cache")
    .header("content-security-policy", page.contentSecurityPolicy);
  return sendPrecompressed(request, reply, page, status);
}

/**
 * The request target as sent, split at the query. Not `new URL(request.url, base)`: that reads `//host/` and
 * `/\host/` as another host (and throws on `//%0A`), where the server must see a path.
 */
function splitTarget(target: string): { pathname: string; search: string } {
  const queryAt = target.indexOf("?");
  return queryAt === -1 ? { pathname: target, search: "" } : { pathname: target.slice(0, queryAt), search: target.slice(queryAt) };
}

/**
 * Serves the built site: prerendered pages from memory, hashed assets with long caching (precompressed at
 * build), bare section paths as redirects, browser-rendered pages via the SPA fallback, and the static
 * "not found" page (the error screen) with status 404 for everything else.
 */
export async function registerStaticSite(app: FastifyInstance, options: StaticSiteOptions) {
  const root = path.resolve(options.staticDir);
  const { pages, fallback } = await loadHtmlPages(root);
  const notFound = pages.get(notFoundPage.path) ?? fallback;
  pages.delete(notFoundPage.path);

  // One address per page: /om/oss/ → /om/oss (before static files, which would answer a directory with 403).
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const { pathname, search } = splitTarget(request.url);
    if (pathname.length > 1 && pathname.endsWith("/")) {
      const target = sameOriginPath(pathname.replace(/\/+$/, "") + search);
      // A target that cannot be made local is left to the routes below (a 404), never redirected.
      if (target !== undefined) return reply.redirect(target, 301);
    }
  });

  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    index: false,
    redirect: false,
    wildcard: true,
    // Our own cache policy below: hashed assets forever, everything else an hour.
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });

  for (const [urlPath, page] of pages) {
    app.get(urlPath, (request, reply) => sendHtml(request, reply, page));
  }
  for (const [from, to] of Object.entries(redirects)) {
    app.get(from, (_request, reply) => reply.redirect(to, 302));
  }
  app.get("/robots.txt", (_request, reply) => reply.type("text/plain; charset=utf-8").send(robotsTxt(options.publicBaseUrl)));
  app.get("/sitemap.xml", (_request, reply) => reply.type("application/xml; charset=utf-8").send(sitemapXml(options.publicBaseUrl)));

  app.setNotFoundHandler((request, reply) => {
    const { pathname } = splitTarget(request.url);
    if (pathname.startsWith("/api/") || (request.method !== "GET" && request.method !== "HEAD")) {
      return reply.code(404).send({ error: "Fant ikke det du spurte etter." });
    }
    if (clientOnlyPathPatterns.some((pattern) => pattern.test(pathname))) return sendHtml(request, reply, fallback);
    return sendHtml(request, reply, notFound, 404);
  });
}
