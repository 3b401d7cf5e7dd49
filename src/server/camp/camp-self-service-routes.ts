import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { findMyRegistrationAnswer, groupMemberParam, myRegistrationPath } from "../../shared/camp/camp-my-registration.ts";
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
    /** Set by the site (static-site.ts): answers a working page (server-rendered shell) with this status. */
    sendWorkingPage?: (request: import("fastify").FastifyRequest, reply: FastifyReply, status: number) => Promise<FastifyReply>;
  }
}

/** "Finn påmeldingen min"'s work queue, on the root instance (before the routes), drained on close. */
export function setUpFindMyRegistrationQueue(app: FastifyInstance): void {
  const queue = new WorkQueue<string>({ handle: (key) => findMyRegistration(app, key), log: app.log, failureMessage: "Finn påmeldingen min failed" });
  app.decorate("findMyRegistrationQueue", queue);
  app.addHook("onClose", () => queue.idle());
}

/**
 * "Min påmelding" (docs/requirements.md): the page behind the personal link and its calls, and "Finn
 * påmeldingen min". Everything under /api/MinPamelding/ so the logger masks the link's secret.
 */
export async function registerCampSelfServiceRoutes(app: FastifyInstance, options: { payments: CampPaymentGateway }) {
  const gateway = options.payments;
  const limited = { config: { rateLimit: publicPostRateLimit(app.env) } };
  // The registration an action is for: the link's own, or another athlete of its group (`?orderId=`).
  // What the link opens, and which of it an action is for (`?orderId=`; without it, the first).
  const target = async (request: FastifyRequest<{ Params: { token: string }; Querystring: { orderId?: string } }>) => {
    const registrations = await registrationsOfLink(app.db, request.params.token, app.now());
    const orderId = request.query[groupMemberParam];
    if (!registrations || (orderId !== undefined && typeof orderId !== "string")) return undefined;
    const id = actionTarget(registrations, orderId);
    return id === undefined ? undefined : { id, registrations };
  };
  // After an action the page shows the whole link again.
  const viewOf = async (registrations: LinkedRegistration[]) => {
    const view = await linkView(app.db, registrations, app.now());
    if (!view) throw new HttpError(404, selfServiceMessages.notFound);
    return view;
  };
  const findQueue = app.findMyRegistrationQueue;
  const notFound = (reply: FastifyReply) =>
    reply
      .code(404)
      .header("cache-control", "no-store")
      .send({ error: selfServiceMessages.notFound } satisfies ErrorBody);

  // The page: an unknown, anonymised or malformed link is answered 404 (the page then says so in Norwegian).
  app.get<{ Params: { token: string } }>(`${myRegistrationPath}/:token`, async (request, reply) => {
    if ((await registrationsOfLink(app.db, request.params.token, app.now())) !== undefined)
      return reply.header("cache-control", "no-store").callNotFound();
    if (app.sendWorkingPage) return app.sendWorkingPage(request, reply, 404);
    return notFound(reply);
  });

  app.get<{ Params: { token: string } }>("/api/MinPamelding/Get/:token", async (request, reply) => {
    const registrations = await registrationsOfLink(app.db, request.params.token, app.now());
    const view = registrations && (await linkView(app.db, registrations, app.now()));
    if (!view) return notFound(reply);
    return reply.header("cache-control", "no-store").send(view);
  });

  app.post<{ Params: { token: string }; Querystring: { orderId?: string } }>("/api/MinPamelding/Cancel/:token", limited, async (request, reply) => {
    const found = await target(request);
    if (found === undefined) return notFound(reply);
    const { id, registrations } = found;
    const outcome = await cancelMyRegistration(app, gateway, id, request.body ?? {});
    return reply.header("cache-control", "no-store").send({ ...(await viewOf(registrations)), changed: outcome.changed, refund: outcome.refund });
  });

  app.post<{ Params: { token: string }; Querystring: { orderId?: string } }>("/api/MinPamelding/Change/:token", limited, async (request, reply) => {
    const found = await target(request);
    if (found === undefined) return notFound(reply);
    const { id, registrations } = found;
    try {
      const outcome = await changeMyRegistration(app, id, request.body ?? {});
      return reply.header("cache-control", "no-store").send({ ...(await viewOf(registrations)), changed: outcome.changed });
    } catch (error) {
      if (error instanceof CampInputError) {
        return reply.code(400).send({ error: error.message, issues: [{ path: error.path, message: error.message }] } satisfies ErrorBody);
      }
      throw error;
    }
  });

  app.post<{ Params: { token: string }; Querystring: { orderId?: string } }>(
    "/api/MinPamelding/AddCompanion/:token",
    limited,
    async (request, reply) => {
      const found = await target(request);
      if (found === undefined) return notFound(reply);
      const { id, registrations } = found;
      try {
        const outcome = await addMyCompanion(app, gateway, id, request.body ?? {});
        return reply
          .header("cache-control", "no-store")
          .send({ ...(await viewOf(registrations)), ...(outcome.payUrl ? { payUrl: outcome.payUrl } : {}) });
      } catch (error) {
        if (error instanceof CampInputError) {
          return reply.code(400).send({ error: error.message, issues: [{ path: error.path, message: error.message }] } satisfies ErrorBody);
        }
        throw error;
      }
    },
  );

  app.post<{ Params: { token: string }; Querystring: { orderId?: string } }>("/api/MinPamelding/Grading/:token", limited, async (request, reply) => {
    const found = await target(request);
    if (found === undefined) return notFound(reply);
    const { id, registrations } = found;
    try {
      const outcome = await setMyGrading(app, gateway, id, request.body ?? {});
      return reply.header("cache-control", "no-store").send({
        ...(await viewOf(registrations)),
        changed: outcome.changed,
        refund: outcome.refund,
        ...(outcome.payUrl ? { payUrl: outcome.payUrl } : {}),
      });
    } catch (error) {
      if (error instanceof CampInputError) {
        return reply.code(400).send({ error: error.message, issues: [{ path: error.path, message: error.message }] } satisfies ErrorBody);
      }
      throw error;
    }
  });

  // The open difference of a change, at Vipps again: answers the address to go to, as text.
  app.post<{ Params: { token: string }; Querystring: { orderId?: string } }>("/api/MinPamelding/Pay/:token", limited, async (request, reply) => {
    const found = await target(request);
    if (found === undefined) return notFound(reply);
    const url = await payMyOutstanding(app, gateway, found.id);
    return reply.header("cache-control", "no-store").type("text/plain; charset=utf-8").send(url);
  });

  // Always the same answer, at once (after a valid address): the lookup and the mail start only once the
  // answer has been sent, so neither the answer nor its time tells who is registered.
  const asked = new WeakMap<FastifyRequest, string>();
  const lookUpAfterAnswer = async (request: FastifyRequest) => {
    const key = asked.get(request);
    if (key !== undefined) findQueue.push(key);
  };
  app.post("/api/MinPamelding/Find", { bodyLimit: 4096, ...limited, onResponse: lookUpAfterAnswer }, async (request, reply) => {
    asked.set(request, findMyRegistrationKey(request.body));
    return reply.header("cache-control", "no-store").send({ message: findMyRegistrationAnswer });
  });
}
