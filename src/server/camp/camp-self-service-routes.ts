import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { findMyRegistrationAnswer, groupMemberParam } from "../../shared/camp/camp-my-registration.ts";
import { myRegistrationCalls } from "../../shared/camp/my-registration-calls.ts";
import { routeCall, type CallRouteOptions } from "../http/call-route.ts";
import { HttpError, type ErrorBody } from "../errors.ts";
import { publicPostRateLimit } from "../security/public-rate-limit.ts";
import type { CampPaymentGateway } from "./camp-payment-gateway.ts";
import { registrationsOfLink, type LinkedRegistration } from "./camp-personal-link.ts";
import { actionTarget, linkView } from "./camp-link-view.ts";
import { CampInputError } from "./camp-registrations.ts";
import { cancelMyRegistration, changeMyRegistration, selfServiceMessages } from "./camp-self-service.ts";
import { addMyCompanion, payMyOutstanding, setMyGrading } from "./camp-self-service-additions.ts";
import { findMyRegistration, findMyRegistrationKey } from "./camp-self-service-find.ts";
import { WorkQueue } from "../jobs/work-queue.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** "Finn påmeldingen min"'s work, done after the answer (tests wait for it with `idle()`). */
    findMyRegistrationQueue: WorkQueue<string>;
    /** Set by the site (static-site-routes.ts): answers a working page (server-rendered shell) with this status. */
    sendWorkingPage?: (request: import("fastify").FastifyRequest, reply: FastifyReply, status: number) => Promise<FastifyReply>;
  }
}

/** "Finn påmeldingen min"'s work queue, on the root instance (before the routes), drained on close. */
export function setUpFindMyRegistrationQueue(app: FastifyInstance): void {
  const queue = new WorkQueue<string>({
    handle: (key) => findMyRegistration(app.services, key),
    log: app.log,
    failureMessage: "Finn påmeldingen min failed",
  });
  app.decorate("findMyRegistrationQueue", queue);
  app.addHook("onClose", () => queue.idle());
}

/**
 * "Min påmelding" (docs/requirements.md): the page behind the personal link and its calls, and "Finn
 * påmeldingen min". Everything under /api/MinPamelding/ so the logger masks the link's secret.
 */
export async function registerCampSelfServiceRoutes(app: FastifyInstance, options: { payments: CampPaymentGateway }) {
  const limited = { config: { rateLimit: publicPostRateLimit(app.env) } };
  // The page behind a link and GET /api/MinPamelding/Get are «Min side»'s (family/family-routes.ts): the season.
  registerMyRegistrationActions(app, options.payments, limited);
  registerFindMyRegistration(app, limited);
}

/**
 * What the link opens, and which of it an action is for (`?orderId=`: another athlete of its group;
 * without it, the first).
 */
async function linkTarget(app: FastifyInstance, token: string, orderId: string | undefined) {
  const registrations = await registrationsOfLink(app.db, token, app.now());
  if (!registrations) return undefined;
  const id = actionTarget(registrations, orderId);
  return id === undefined ? undefined : { id, registrations };
}

/** After an action the page shows the whole link again. */
async function wholeLinkView(app: FastifyInstance, registrations: LinkedRegistration[]) {
  const view = await linkView(app.db, registrations, app.now());
  if (!view) throw new HttpError(404, selfServiceMessages.notFound);
  return view;
}

function notFound(reply: FastifyReply) {
  return reply
    .code(404)
    .header("cache-control", "no-store")
    .send({ error: selfServiceMessages.notFound } satisfies ErrorBody);
}

function inputRefused(reply: FastifyReply, error: CampInputError) {
  return reply.code(400).send({ error: error.message, issues: [{ path: error.path, message: error.message }] } satisfies ErrorBody);
}

/** What the family does through its link: cancel, change, add a companion, choose grading, pay what is open. */
function registerMyRegistrationActions(app: FastifyInstance, gateway: CampPaymentGateway, limited: CallRouteOptions) {
  const target = (token: string, orderId: string | undefined) => linkTarget(app, token, orderId);
  const viewOf = (registrations: LinkedRegistration[]) => wholeLinkView(app, registrations);

  routeCall(app, myRegistrationCalls.cancel, limited, async (request, reply) => {
    const found = await target(request.params.token, request.query[groupMemberParam]);
    if (found === undefined) return notFound(reply);
    const { id, registrations } = found;
    const outcome = await cancelMyRegistration(app.services, gateway, id, request.body);
    return reply.header("cache-control", "no-store").send({ ...(await viewOf(registrations)), changed: outcome.changed, refund: outcome.refund });
  });

  routeCall(app, myRegistrationCalls.change, limited, async (request, reply) => {
    const found = await target(request.params.token, request.query[groupMemberParam]);
    if (found === undefined) return notFound(reply);
    const { id, registrations } = found;
    try {
      const outcome = await changeMyRegistration(app.services, id, request.body);
      return reply.header("cache-control", "no-store").send({ ...(await viewOf(registrations)), changed: outcome.changed });
    } catch (error) {
      if (error instanceof CampInputError) return inputRefused(reply, error);
      throw error;
    }
  });

  routeCall(app, myRegistrationCalls.addCompanion, limited, async (request, reply) => {
    const found = await target(request.params.token, request.query[groupMemberParam]);
    if (found === undefined) return notFound(reply);
    const { id, registrations } = found;
    try {
      const outcome = await addMyCompanion(app.services, gateway, id, request.body);
      return reply
        .header("cache-control", "no-store")
        .send({ ...(await viewOf(registrations)), ...(outcome.payUrl ? { payUrl: outcome.payUrl } : {}) });
    } catch (error) {
      if (error instanceof CampInputError) return inputRefused(reply, error);
      throw error;
    }
  });

  routeCall(app, myRegistrationCalls.grading, limited, async (request, reply) => {
    const found = await target(request.params.token, request.query[groupMemberParam]);
    if (found === undefined) return notFound(reply);
    const { id, registrations } = found;
    try {
      const outcome = await setMyGrading(app.services, gateway, id, request.body);
      return reply.header("cache-control", "no-store").send({
        ...(await viewOf(registrations)),
        changed: outcome.changed,
        refund: outcome.refund,
        ...(outcome.payUrl ? { payUrl: outcome.payUrl } : {}),
      });
    } catch (error) {
      if (error instanceof CampInputError) return inputRefused(reply, error);
      throw error;
    }
  });

  // The open difference of a change, at Vipps again: answers the address to go to, as text.
  routeCall(app, myRegistrationCalls.pay, limited, async (request, reply) => {
    const found = await target(request.params.token, request.query[groupMemberParam]);
    if (found === undefined) return notFound(reply);
    const url = await payMyOutstanding(app.services, gateway, found.id);
    return reply.header("cache-control", "no-store").type("text/plain; charset=utf-8").send(url);
  });
}

/**
 * "Finn påmeldingen min": always the same answer, at once (after a valid address): the lookup and the mail
 * start only once the answer has been sent, so neither the answer nor its time tells who is registered.
 */
function registerFindMyRegistration(app: FastifyInstance, limited: CallRouteOptions) {
  const findQueue = app.findMyRegistrationQueue;
  const asked = new WeakMap<FastifyRequest, string>();
  const lookUpAfterAnswer = async (request: FastifyRequest) => {
    const key = asked.get(request);
    if (key !== undefined) findQueue.push(key);
  };
  // On every response of this scope: only a Find request has a key to look up.
  app.addHook("onResponse", lookUpAfterAnswer);
  routeCall(app, myRegistrationCalls.find, { bodyLimit: 4096, ...limited }, async (request, reply) => {
    asked.set(request, findMyRegistrationKey(request.body));
    return reply.header("cache-control", "no-store").send({ message: findMyRegistrationAnswer });
  });
}
