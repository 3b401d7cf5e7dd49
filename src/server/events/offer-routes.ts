import type { FastifyInstance } from "fastify";
import type { Call } from "../../shared/api/call.ts";
import { campOfferAlias, offerCalls } from "../../shared/events/offer-calls.ts";
import { offerMessages } from "../../shared/events/waitlist-offer.ts";
import { routeCall, type CallHandler, type CallRouteOptions } from "../http/call-route.ts";
import { publicPostRateLimit } from "../security/public-rate-limit.ts";
import { createOfferAnswers, type OfferKinds } from "./offer-answers.ts";

/**
 * The offer behind the link in a waiting-list mail, for every kind of event (everybody with the link): the
 * view, «Ja takk» and «Nei takk», each registered from its declaration at its address and at the camp's
 * first one (`/api/Venteliste/*`), which pages already loaded still call. The token is the last path
 * segment, masked in the log (logger.ts). `kinds` is filled by the camp's and the events' registration.
 */
export function registerOfferRoutes(app: FastifyInstance, kinds: OfferKinds) {
  const answers = createOfferAnswers({ db: app.db, now: () => app.now(), kinds });
  const rateLimited = { config: { rateLimit: publicPostRateLimit(app.env) } };
  const both = <C extends Call>(call: C, options: CallRouteOptions, handler: CallHandler<C>) => {
    routeCall(app, call, options, handler);
    routeCall(app, campOfferAlias(call), options, handler);
  };

  both(offerCalls.view, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const view = await answers.view(request.params.offerToken);
    if (!view) return reply.code(404).send({ error: offerMessages.notFound });
    return reply.send(view);
  });

  both(offerCalls.accept, rateLimited, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const answer = await answers.accept(request.params.offerToken);
    if (answer.kind === "refused") return reply.code(answer.status).send({ error: answer.message });
    return reply.type("text/plain; charset=utf-8").send(answer.text);
  });

  both(offerCalls.decline, rateLimited, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const answer = await answers.decline(request.params.offerToken);
    if (answer.kind === "refused") return reply.code(answer.status).send({ error: answer.message });
    return reply.send(answer.view);
  });
}
