import type { FastifyInstance } from "fastify";
import { eventCalls } from "../../shared/events/event-calls.ts";
import { routeCall } from "../http/call-route.ts";
import { publicPostRateLimit } from "../security/public-rate-limit.ts";
import type { EventDeps } from "./event-deps.ts";
import type { EventServices } from "./event-services.ts";
import { EventWaitlistJob } from "./event-waitlist.ts";
import { eventWaitlistMessages } from "./event-waitlist-offers.ts";

/** How often the events' waiting-list job looks for offers past their deadline and places to pass on. */
const eventWaitlistJobIntervalMs = 5_000;

/** The events' waiting-list job (`app.eventWaitlist`): on by default; tests drain it themselves. */
export function setUpEventWaitlistJob(app: FastifyInstance, deps: EventDeps, options: { startJob?: boolean; intervalMs?: number } = {}) {
  const job = new EventWaitlistJob(deps, options.intervalMs ?? eventWaitlistJobIntervalMs);
  app.decorate("eventWaitlist", job);
  if (options.startJob !== false) app.addHook("onReady", async () => job.start());
  app.addHook("preClose", async () => job.stop());
  return job;
}

/**
 * The offer behind the link in an event's waiting-list mail (everybody with the link): the view, «Ja takk»
 * and «Nei takk». The token is the last path segment, masked in the log (logger.ts).
 */
export function registerEventWaitlistRoutes(app: FastifyInstance, services: EventServices) {
  const rateLimited = { config: { rateLimit: publicPostRateLimit(app.env) } };

  routeCall(app, eventCalls.offer, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const view = await services.offer(request.params.offerToken);
    if (!view) return reply.code(404).send({ error: eventWaitlistMessages.notFound });
    return reply.send(view);
  });

  routeCall(app, eventCalls.acceptOffer, rateLimited, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const answer = await services.acceptOffer(request.params.offerToken);
    if (answer.kind === "refused") return reply.code(answer.status).send({ error: answer.message });
    return reply.type("text/plain; charset=utf-8").send(answer.text);
  });

  routeCall(app, eventCalls.declineOffer, rateLimited, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const answer = await services.declineOffer(request.params.offerToken);
    if (answer.kind === "refused") return reply.code(answer.status).send({ error: answer.message });
    return reply.send(answer.view);
  });
}
