/**
 * The simulator's test controls, registered only under NODE_ENV=test or VIPPS_SIMULATOR_CONTROL=true (see
 * env.ts): faults, webhook misbehaviour, the request log, expiring a payment, the simulator's credentials
 * (so another process can use it as its external Vipps, as tests/reliability/scale-out.test.ts does), and
 * Vipps's webhook registration API. A development server has none of them.
 */
import type { FastifyInstance } from "fastify";
import { problem, SimError } from "./vipps-simulator-problems.ts";
import type { SimFault, WebhookMode } from "./vipps-simulator-types.ts";
import type { VippsSimulator } from "./vipps-simulator.ts";

type RefParams = { Params: { reference: string } };

export function registerControlRoutes(scope: FastifyInstance, sim: VippsSimulator) {
  scope.post("/webhooks/v1/webhooks", (request, reply) =>
    sim.handle(
      request,
      reply,
      "create",
      () => {
        const body = request.body as { url?: unknown; events?: unknown } | undefined;
        if (typeof body?.url !== "string" || !Array.isArray(body.events) || body.events.length === 0)
          throw new SimError(400, problem(400, "Bad Request"));
        return sim.registerWebhook(body.url, body.events.map(String));
      },
      { successStatus: 201 },
    ),
  );

  scope.get("/control/credentials", (_request, reply) => reply.send(sim.credentials));
  scope.post("/control/faults", (request, reply) => {
    const body = request.body as { faults?: SimFault[]; clear?: boolean } | undefined;
    if (body?.clear) sim.clearFaults();
    for (const fault of body?.faults ?? []) sim.addFault(fault);
    return reply.send({ ok: true });
  });
  scope.post("/control/webhooks", (request, reply) => {
    const mode = (request.body as { mode?: WebhookMode } | undefined)?.mode ?? "normal";
    sim.webhookMode = mode;
    return reply.send({ ok: true, mode });
  });
  // What the simulator was asked, e.g. ?operation=capture: one line per request (reference from the URL,
  // Idempotency-Key), so a test can count calls per payment across every process that uses this simulator.
  scope.get<{ Querystring: { operation?: string } }>("/control/requests", (request, reply) => {
    const wanted = request.query.operation;
    return reply.send(
      sim.requests
        .filter((entry) => !wanted || entry.operation === wanted)
        .map((entry) => ({
          operation: entry.operation,
          method: entry.method,
          reference: /\/payments\/([^/?]+)/.exec(entry.url)?.[1] ?? null,
          idempotencyKey: entry.headers["idempotency-key"] ?? null,
        })),
    );
  });
  scope.post<RefParams>("/control/payments/:reference/expire", (request, reply) => {
    try {
      sim.expire(request.params.reference);
    } catch (error) {
      if (error instanceof SimError) return reply.code(error.status).send(error.body);
      throw error;
    }
    return reply.send({ ok: true });
  });
}
