import type { FastifyInstance, FastifyReply } from "fastify";
import { eventCalls } from "../../shared/events/event-calls.ts";
import { eventMyOrderMessages } from "../../shared/events/event-my-order.ts";
import type { ErrorBody } from "../errors.ts";
import { routeCall } from "../http/call-route.ts";
import { publicLookupRateLimit, publicPostRateLimit } from "../security/public-rate-limit.ts";
import { eventAdminMessages } from "./event-admin.ts";
import { registerEventAdminRoutes } from "./event-admin-routes.ts";
import { createEventAdminServices } from "./event-admin-services.ts";
import type { EventDeps } from "./event-deps.ts";
import { registerEventDoorRoutes } from "./event-door-routes.ts";
import type { PlacesFreedListener } from "./event-my-order.ts";
import { EventInputError } from "./event-orders.ts";
import { createEventServices, type EventServices } from "./event-services.ts";
import { eventOfferKind } from "./event-offer-kind.ts";
import type { OfferKinds } from "./offer-answers.ts";

export interface EventRoutesOptions {
  /** Told after a cancellation that freed places has committed (a waiting list's offers plug in here). */
  onPlacesFreed?: PlacesFreedListener;
  /** Where the events' part of a waiting-list offer goes (offer-routes.ts answers every kind's offers). */
  offerKinds?: OfferKinds;
}

export const eventPostBodyLimit = 96 * 1024;

/**
 * The club's events besides the winter camp (docs/decisions/0022-events-side-by-side.md): the public list,
 * one event, registration or order; the Vipps result page's view of an order; «Min påmelding»; the events'
 * part of the waiting list's offers; the event admin and the door with a camp account's token. The one place the events' services
 * are built, from named dependencies; each call is declared once in src/shared/events/event-calls.ts and
 * event-admin-calls.ts, and registered here by its declaration.
 */
export async function registerEventRoutes(app: FastifyInstance, options: EventRoutesOptions = {}) {
  const deps: EventDeps = {
    db: app.db,
    now: () => app.now(),
    publicBaseUrl: app.env.PUBLIC_BASE_URL,
    kickOutbox: () => app.outbox.kick(),
    log: app.log,
  };
  // The one Vipps service (payments/vipps/vipps-setup.ts), its reconciliation job the camp's and the events' alike.
  const payments = app.vipps?.service;
  // The one waiting-list job of every event (event-waitlist.ts), set up at the app's root.
  const kickWaitlist = () => app.waitlist.kick();
  const services = createEventServices({ ...deps, payments, kickWaitlist, onPlacesFreed: options.onPlacesFreed });
  const adminServices = createEventAdminServices({ ...deps, offerPlaces: services.offerPlaces, kickWaitlist });

  if (options.offerKinds)
    options.offerKinds.event = eventOfferKind({ db: deps.db, payments, kickOutbox: deps.kickOutbox, offerPlaces: services.offerPlaces });

  registerPublicEventRoutes(app, services);
  registerEventAdminRoutes(app, services, adminServices);
  registerEventDoorRoutes(app, adminServices);
}

/** An unknown, anonymised or malformed personal link is answered 404 (the page then says so in Norwegian). */
const linkNotFound = (reply: FastifyReply) =>
  reply
    .code(404)
    .header("cache-control", "no-store")
    .send({ error: eventMyOrderMessages.notFound } satisfies ErrorBody);

function registerPublicEventRoutes(app: FastifyInstance, services: EventServices) {
  const rateLimited = { config: { rateLimit: publicPostRateLimit(app.env) } };

  routeCall(app, eventCalls.list, {}, async (_request, reply) => reply.header("cache-control", "no-store").send(await services.published()));

  routeCall(app, eventCalls.detail, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const detail = await services.detail(request.params.slug);
    if (!detail) return reply.code(404).send({ error: eventAdminMessages.notFound });
    return reply.send(detail);
  });

  // By a guessable order id, like a Vipps payment's status: limited per address, so no one walks the ids.
  routeCall(app, eventCalls.orderView, { config: { rateLimit: publicLookupRateLimit(app.env) } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const view = await services.orderView(request.params.orderId);
    if (!view) return reply.code(404).send({ error: eventMyOrderMessages.orderNotFound });
    return reply.send(view);
  });

  routeCall(app, eventCalls.order, { bodyLimit: eventPostBodyLimit, ...rateLimited }, async (request, reply) => {
    let answer: string;
    try {
      answer = await services.submitOrder(request.params.slug, request.body);
    } catch (error) {
      if (error instanceof EventInputError) return reply.code(400).send({ error: error.message, issues: error.issues });
      throw error;
    }
    return reply.header("cache-control", "no-store").type("text/plain; charset=utf-8").send(answer);
  });

  // The page behind a link is «Min side» (family/family-routes.ts); the old address leads there.

  routeCall(app, eventCalls.myOrder, {}, async (request, reply) => {
    const order = await services.orderOfLink(request.params.token, request.query.orderId);
    if (!order) return linkNotFound(reply);
    return reply.header("cache-control", "no-store").send(await services.myOrder(order));
  });

  routeCall(app, eventCalls.cancel, { bodyLimit: 1024, ...rateLimited }, async (request, reply) => {
    // Authorised by the link: its own order, or (an address's link) an order of the address named by its id.
    const order = await services.orderOfLink(request.params.token, request.query.orderId);
    if (!order) return linkNotFound(reply);
    return reply.header("cache-control", "no-store").send(await services.cancelByFamily(order.id, request.body));
  });
}
