import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

export const hstsValue = "max-age=31536000; includeSubDomains";

/**
 * The headers every answer gets: nosniff, no framing (X-Frame-Options DENY here; the HTML pages'
 * CSP adds frame-ancestors 'none'), a referrer policy, and HSTS only on a request that came over HTTPS —
 * request.protocol, which believes X-Forwarded-Proto only from a proxy TRUST_PROXY names. HTML pages set
 * their own hash-based Content-Security-Policy (site/html-pages.ts, the dev mail page, the simulator).
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  app.addHook("onRequest", async (request, reply) => {
    if (request.protocol === "https") reply.header("strict-transport-security", hstsValue);
  });
  // An API answer says itself how it may be kept (the public lists revalidate); one that says nothing may
  // hold someone's data (an admin list, a registration, an error about one) and is never stored.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
}
