import Fastify, { type FastifyServerOptions } from "fastify";
import helmet from "@fastify/helmet";
import compress from "@fastify/compress";
import type { Env } from "./env.ts";
import { registerHealthRoutes } from "./health/health-routes.ts";
import { registerStaticSite } from "./site/static-site.ts";

export interface BuildAppOptions {
  env: Env;
  logger?: FastifyServerOptions["logger"];
  /** Serve the built site (off in API-only tests that run without a build). */
  serveSite?: boolean;
}

export async function buildApp({ env, logger = false, serveSite = true }: BuildAppOptions) {
  const app = Fastify({
    logger,
    trustProxy: true,
    bodyLimit: 256 * 1024,
    // Redirect-safe: never log full headers (cookies carry admin tokens).
    disableRequestLogging: false,
  });

  await app.register(helmet, {
    // HTML pages get their own hash-based policy (site/html-pages.ts); API answers are JSON or text.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // HSTS only means something behind HTTPS; the header is harmless on plain HTTP (browsers ignore it).
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });

  await app.register(registerHealthRoutes);
  if (serveSite) {
    await registerStaticSite(app, { staticDir: env.STATIC_DIR, publicBaseUrl: env.PUBLIC_BASE_URL });
  }
  return app;
}
