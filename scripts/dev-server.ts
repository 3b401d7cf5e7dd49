/**
 * `npm run dev`: the whole site in one process for development. The real server (API, database in
 * DATA_DIR or DATABASE_URL, mail to the development mail page, the Vipps simulator) with Vite in
 * middleware mode inside it: pages are rendered from the web app's source by React Router with the same
 * load context production gives them (the current camp edition, the API for working pages' loaders), and
 * a saved change to a page reaches the browser at once (hot module replacement).
 *
 * Run under `tsx watch` (package.json), so a change to the server's own code restarts this process.
 * Production never runs this file: it serves the build (`npm start`, src/server/site/static-site-routes.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestListener } from "@react-router/node";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { buildApp } from "../src/server/app.ts";
import { loadEnv } from "../src/server/env.ts";
import { errorMessages } from "../src/server/errors.ts";
import { createLogger } from "../src/server/logger.ts";
import { watchCurrentEdition } from "../src/server/site/edition-watch.ts";
import { pageApiOf } from "../src/server/site/page-api.ts";
import type { SiteRenderContext } from "../src/shared/site/render-context.ts";
import { privacyFactsFromEnv } from "../src/server/privacy/privacy-statement.ts";

const env = loadEnv({ NODE_ENV: "development", ...process.env });
if (env.NODE_ENV === "production") throw new Error("npm run dev is for development; production runs npm start.");

/** Vite's modules and assets first (its middleware calls `next` for anything else), then the page. */
async function registerDevPages(app: FastifyInstance) {
  const dev = await createViteServer({
    // The HMR socket shares the site's port.
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: "custom",
    logLevel: "warn",
  });
  const watch = watchCurrentEdition(app.db, { onError: (error) => app.log.warn({ err: error }, "could not check the current camp edition") });
  const api = pageApiOf((request) => app.inject(request));
  const renderPage = createRequestListener({
    // Loaded through Vite on every request, so the page's latest source is what renders.
    build: () => dev.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    getLoadContext: async () => {
      const site: SiteRenderContext = {
        edition: (await watch.current())?.data ?? null,
        renderedAt: app.now().toISOString(),
        content: (await app.siteContent.current()).content,
        privacy: privacyFactsFromEnv(app.env),
      };
      return { site, api };
    },
    mode: "development",
  });
  const serveFromVite = (req: IncomingMessage, res: ServerResponse) => dev.middlewares(req, res, () => void renderPage(req, res));

  // An unknown personal link: the page itself, which says so, with the status the route chose (production
  // does the same from its build).
  app.decorate("sendWorkingPage", async (request: FastifyRequest, reply: FastifyReply, status: number) => {
    reply.hijack();
    const res = reply.raw;
    const writeHead = res.writeHead.bind(res) as (code: number, ...rest: unknown[]) => ServerResponse;
    res.writeHead = ((_code: number, ...rest: unknown[]) => writeHead(status, ...rest)) as typeof res.writeHead;
    serveFromVite(request.raw, res);
    return reply;
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith("/api/") || (request.method !== "GET" && request.method !== "HEAD")) {
      return reply.code(404).send({ error: errorMessages.notFound });
    }
    reply.hijack();
    serveFromVite(request.raw, reply.raw);
  });
  // Saving a camp edition through the admin shows on the pages at once.
  app.addHook("onResponse", async (request, reply) => {
    if (request.method !== "GET" && request.url.startsWith("/api/CampEdition/") && reply.statusCode < 300) watch.stale();
  });
  app.addHook("onClose", () => dev.close());
}

const app = await buildApp({ env, logger: createLogger(env), serveSite: false, registerPages: registerDevPages });

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: env.PORT, host: env.HOST });
app.log.info(`Development site at http://${env.HOST}:${env.PORT}/ (pages reload as you save; the server restarts on its own changes)`);
