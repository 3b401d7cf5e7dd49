import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { clientOnlyPathPatterns, notFoundPage, redirects, staticPaths } from "../../shared/site/site-pages.ts";
import { documentsPath } from "../../shared/camp/camp-documents.ts";
import { campDocuments } from "../camp-documents/camp-documents.ts";
import { sendPrecompressed } from "../http/precompressed.ts";
import { sameOriginPath } from "../http/same-origin-path.ts";
import { watchCurrentEdition, type EditionWatch } from "./edition-watch.ts";
import { pageApiOf } from "./page-api.ts";
import { loadServerBuildRenderer, type PageRenderer } from "./page-renderer.ts";
import { renderedPages, type RenderedPage } from "./rendered-pages.ts";
import { robotsTxt, sitemapXml } from "./sitemap.ts";
import { privacyFactsFromEnv } from "../privacy/privacy-statement.ts";
import { watchPublishedEvents } from "./events-watch.ts";

export interface StaticSiteOptions {
  /** The web app's browser build (build/client): assets, public files. */
  staticDir: string;
  publicBaseUrl: string;
  /** Renders the pages; default: the web app's server build beside staticDir (build/server/index.js). */
  renderer?: PageRenderer;
  /** How old the check of the current edition (and of the site's facts) may be when a page is served (default 2 s). */
  editionMaxAgeMs?: number;
}

/**
 * `personal`: a page the browser fills with someone's data (the family page, a waiting-list offer, the
 * admin) behind an address that may hold a secret: no copy may be kept anywhere (no-store). The
 * information pages are the same for everyone: revalidated (no-cache).
 */
function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  { page, location, status: rendered }: RenderedPage,
  status = rendered,
  { personal = false } = {},
) {
  if (location && status >= 300 && status < 400) return reply.redirect(location, status);
  reply
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", personal ? "no-store" : "no-cache")
    .header("content-security-policy", page.contentSecurityPolicy);
  return sendPrecompressed(request, reply, page, status);
}

/** A camp edition was changed by a request to this process: its pages follow at once, not after the next check. */
const editionChange = /^\/api\/CampEdition\/(?!Get\/|Current|Changes\/)/;

/**
 * The request target as sent, split at the query. Not `new URL(request.url, base)`: that reads `//host/` and
 * `/\host/` as another host (and throws on `//%0A`), where the server must see a path.
 */
function splitTarget(target: string): { pathname: string; search: string } {
  const queryAt = target.indexOf("?");
  return queryAt === -1 ? { pathname: target, search: "" } : { pathname: target.slice(0, queryAt), search: target.slice(queryAt) };
}

/**
 * Serves the site: the pages rendered by the web app's server build from the current camp edition in the
 * database and kept in memory (rendered-pages.ts; information pages as static HTML without the runtime,
 * rendered again when the edition, the camp's phase or a fact the club edits in «Nettsted» that the page
 * shows changes), the camp's PDFs made the same way, hashed
 * assets with long caching (precompressed at build), bare section paths as redirects, and the "not found"
 * page (the error screen) with status 404 for everything else.
 */
export async function registerStaticSite(app: FastifyInstance, options: StaticSiteOptions) {
  const root = path.resolve(options.staticDir);
  const renderer = options.renderer ?? (await loadServerBuildRenderer(path.join(root, "..", "server", "index.js")));
  const { watch, documents, pages } = watchAndRender(app, options, root, renderer);

  // A page's reads count against its visitor's address, as the browser's own reads do (the API's per-address limits).
  const pageApiFor = (visitor: FastifyRequest) => pageApiOf((request) => app.inject({ ...request, remoteAddress: visitor.ip }));

  addSiteHooks(app, pages, watch);
  await registerBuildFiles(app, root);
  registerSitePaths(app, options.publicBaseUrl, pages, documents);

  // For a working page whose route knows the address is not there (an unknown personal link): the page
  // itself with status 404, so it says so in its own words once it has loaded.
  app.decorate("sendWorkingPage", async (request: FastifyRequest, reply: FastifyReply, status: number) =>
    sendHtml(request, reply, await pages.working(request.url, pageApiFor(request)), status, { personal: true }),
  );

  app.setNotFoundHandler(async (request, reply) => {
    const { pathname } = splitTarget(request.url);
    if (pathname.startsWith("/api/") || (request.method !== "GET" && request.method !== "HEAD")) {
      return reply.code(404).send({ error: "Fant ikke det du spurte etter." });
    }
    if (clientOnlyPathPatterns.some((pattern) => pattern.test(pathname)))
      return sendHtml(request, reply, await pages.working(request.url, pageApiFor(request)), undefined, { personal: true });
    return sendHtml(request, reply, await pages.info(notFoundPage.path), 404);
  });
}

type SitePages = ReturnType<typeof renderedPages>;
type CampDocuments = ReturnType<typeof campDocuments>;

/** The current edition's watch, and the pages and PDFs made from it (and rendered again when it changes). */
function watchAndRender(app: FastifyInstance, options: StaticSiteOptions, root: string, renderer: PageRenderer) {
  const watch = watchCurrentEdition(app.db, {
    maxAgeMs: options.editionMaxAgeMs,
    clock: app.now,
    onError: (error) => app.log.warn({ err: error }, "could not check the current camp edition; serving the pages rendered before"),
    onChange: (snapshot) => {
      app.log.info({ year: snapshot?.year, version: snapshot?.version }, "camp edition changed; pages and PDFs follow");
      documents.refresh(snapshot);
    },
  });
  const documents = campDocuments(watch, app.siteContent, app.now);
  const assets = new Map<string, Promise<string>>();
  const pages = renderedPages({
    renderer,
    watch,
    siteWatch: app.siteContent,
    privacy: privacyFactsFromEnv(app.env),
    now: app.now,
    onStale: (urlPath, error) => app.log.error({ err: error, path: urlPath }, "could not render a page again; serving its previous rendering"),
    events: watchPublishedEvents(app.services, options.editionMaxAgeMs),
    // Only the build's own files under root; the hashed names never change while the process runs.
    // React Router marks a stylesheet that a lazily loaded module also imports with a "#" after its name
    // (…/x.css#): the file is the part before it, read once under either name.
    asset: (href) => {
      const file = path.join(root, path.normalize(href.split(/[?#]/, 1)[0]!));
      if (!file.startsWith(root + path.sep)) return Promise.reject(new Error(`Asset outside the build: ${href}`));
      if (!assets.has(file)) assets.set(file, readFile(file, "utf8"));
      return assets.get(file)!;
    },
  });
  return { watch, documents, pages };
}

/** Rendering ahead once listening, following an edition changed here, and one address per page. */
function addSiteHooks(app: FastifyInstance, pages: SitePages, watch: EditionWatch) {
  // Once listening (never under inject), render every information page in the background, one at a time,
  // so the first visitors do not wait for a render.
  app.addHook("onListen", async () => {
    void (async () => {
      for (const urlPath of [...staticPaths, notFoundPage.path]) {
        await pages.info(urlPath).catch((error: unknown) => app.log.warn({ err: error, path: urlPath }, "could not render a page ahead"));
      }
    })();
  });

  app.addHook("onResponse", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 300 && editionChange.test(request.url)) watch.stale();
  });

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
}

/** The build's files (assets, public files), with our own cache policy. */
async function registerBuildFiles(app: FastifyInstance, root: string) {
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
      // The doors' service workers and the manifests: a new build reaches the door phones at their next visit.
      const revalidate = /(-sw\.js|\.webmanifest)$/.test(filePath);
      res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : revalidate ? "no-cache" : "public, max-age=3600");
    },
  });
}

/** The information pages, the camp's documents, the redirects, robots.txt and the sitemap. */
function registerSitePaths(app: FastifyInstance, publicBaseUrl: string, pages: SitePages, documents: CampDocuments) {
  for (const urlPath of staticPaths) {
    app.get(urlPath, async (request, reply) => sendHtml(request, reply, await pages.info(urlPath)));
  }
  // The camp's PDFs from the current edition; every other document is a file of the build.
  app.get<{ Params: { file: string } }>(`${documentsPath}/:file`, async (request, reply) => {
    const { file } = request.params;
    const document = await documents.find(file);
    if (document) {
      reply.header("content-type", "application/pdf").header("cache-control", "no-cache").header("etag", document.etag);
      if (request.headers["if-none-match"] === document.etag) return reply.code(304).send();
      return reply.send(document.body);
    }
    if (!/^[a-z0-9][a-z0-9._-]*$/i.test(file)) return reply.callNotFound();
    return reply.sendFile(`${documentsPath.slice(1)}/${file}`);
  });
  for (const [from, to] of Object.entries(redirects)) {
    app.get(from, (_request, reply) => reply.redirect(to, 302));
  }
  app.get("/robots.txt", (_request, reply) => reply.type("text/plain; charset=utf-8").send(robotsTxt(publicBaseUrl)));
  app.get("/sitemap.xml", (_request, reply) => reply.type("application/xml; charset=utf-8").send(sitemapXml(publicBaseUrl)));
}
