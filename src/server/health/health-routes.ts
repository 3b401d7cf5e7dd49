import type { FastifyInstance } from "fastify";
import { healthCalls } from "../../shared/api/health-calls.ts";
import { routeCall } from "../http/call-route.ts";
import { errorMessages } from "../errors.ts";

export async function registerHealthRoutes(app: FastifyInstance) {
  const startedAt = Date.now();
  routeCall(app, healthCalls.health, {}, async (_request, reply) => {
    const ok = await app.database.ping();
    const body = {
      status: ok ? ("ok" as const) : ("error" as const),
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      // The server's clock (CLOCK_START shifts it outside production): a browser test sets the page's to it.
      now: app.now().toISOString(),
      database: { kind: app.database.kind, ok },
    };
    // A load balancer takes a server whose database is gone out of rotation.
    if (!ok)
      return reply
        .code(503)
        .header("cache-control", "no-store")
        .send({ ...body, error: errorMessages.databaseUnavailable });
    return reply.header("cache-control", "no-store").send(body);
  });
}
