import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import type { ErrorBody } from "../errors.ts";
import { publicPostRateLimit } from "../security/public-rate-limit.ts";
import { eventOrders } from "../db/schema/events.ts";
import type { EventVipps } from "../payments/event-vipps.ts";
import { EventWaitlistJob } from "./event-waitlist.ts";
import { acceptEventOffer, declineEventOffer, eventOfferView, eventWaitlistMessages } from "./event-waitlist-offers.ts";
import { eventById } from "./event-store.ts";

/** How often the events' waiting-list job looks for offers past their deadline and places to pass on. */
const eventWaitlistJobIntervalMs = 5_000;

/** The events' waiting-list job (`app.eventWaitlist`): on by default; tests drain it themselves. */
export function setUpEventWaitlistJob(app: FastifyInstance, options: { startJob?: boolean; intervalMs?: number } = {}) {
  const job = new EventWaitlistJob(app, options.intervalMs ?? eventWaitlistJobIntervalMs);
  app.decorate("eventWaitlist", job);
  if (options.startJob !== false) app.addHook("onReady", async () => job.start());
  app.addHook("preClose", async () => job.stop());
}

/**
 * The offer behind the link in an event's waiting-list mail (everybody with the link): the view, «Ja takk»
 * and «Nei takk». The token is the last path segment, masked in the log (logger.ts).
 */
export function registerEventWaitlistRoutes(app: FastifyInstance, vipps: EventVipps | undefined) {
  const deps = () => ({ publicBaseUrl: app.env.PUBLIC_BASE_URL });

  app.get<{ Params: { offerToken: string } }>("/api/Arrangement/Venteliste/Get/:offerToken", async (request, reply) => {
    reply.header("cache-control", "no-store");
    const view = await eventOfferView(app.db, request.params.offerToken, app.now());
    if (!view) return reply.code(404).send({ error: eventWaitlistMessages.notFound } satisfies ErrorBody);
    return reply.send(view);
  });

  app.post<{ Params: { offerToken: string } }>(
    "/api/Arrangement/Venteliste/Accept/:offerToken",
    { config: { rateLimit: publicPostRateLimit(app.env) } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const outcome = await acceptEventOffer(app.db, request.params.offerToken, app.now(), { ...deps(), vippsAvailable: vipps !== undefined });
      if (outcome.kind === "not-found") return reply.code(404).send({ error: eventWaitlistMessages.notFound } satisfies ErrorBody);
      if (outcome.kind === "gone") {
        if (outcome.offers > 0) app.outbox.kick();
        return reply.code(410).send({ error: outcome.message } satisfies ErrorBody);
      }
      const [order] = await app.db.select().from(eventOrders).where(eq(eventOrders.id, outcome.orderRowId));
      if (order?.status === "confirmed") {
        if (outcome.kind === "accepted") app.outbox.kick();
        return reply.type("text/plain; charset=utf-8").send("Done");
      }
      if (order?.status === "pending_payment" && vipps) {
        const event = await eventById(app.db, order.eventId);
        const url = await vipps.createRedirect({
          id: order.id,
          orderId: order.orderId,
          amount: order.amount,
          telephone: order.telephone,
          title: event?.definition.title ?? order.orderId,
        });
        return reply.type("text/plain; charset=utf-8").send(url);
      }
      // Accepted earlier, but the payment ended unpaid since: the places are gone.
      return reply.code(410).send({ error: eventWaitlistMessages.withdrawn } satisfies ErrorBody);
    },
  );

  // «Nei takk»: off the list, and the places go to the next in line at once (in the same transaction).
  app.post<{ Params: { offerToken: string } }>(
    "/api/Arrangement/Venteliste/Decline/:offerToken",
    { config: { rateLimit: publicPostRateLimit(app.env) } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const outcome = await declineEventOffer(app.db, request.params.offerToken, app.now(), deps());
      if (outcome.kind === "not-found") return reply.code(404).send({ error: eventWaitlistMessages.notFound } satisfies ErrorBody);
      if (outcome.kind === "accepted") return reply.code(409).send({ error: eventWaitlistMessages.alreadyAccepted } satisfies ErrorBody);
      if (outcome.kind === "gone") {
        if (outcome.offers > 0) app.outbox.kick();
        return reply.code(410).send({ error: outcome.message } satisfies ErrorBody);
      }
      if (outcome.offers > 0) app.outbox.kick();
      return reply.send((await eventOfferView(app.db, request.params.offerToken, app.now()))!);
    },
  );
}
