import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { findMyRegistrationAnswer, groupMemberParam } from "../../shared/camp/camp-my-registration.ts";
import type { ErrorBody } from "../errors.ts";
import { publicPostRateLimit } from "../security/public-rate-limit.ts";
import type { CampPaymentGateway } from "./camp-payment-gateway.ts";
import { registrationIdOfLink } from "./camp-personal-link.ts";
import { CampInputError } from "./camp-registrations.ts";
import { actionTarget, addMyCompanion, cancelMyRegistration, changeMyRegistration, findMyRegistration, myRegistrationView, payMyOutstanding, selfServiceMessages, setMyGrading } from "./camp-self-service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Set by the site (static-site.ts): answers a working page (server-rendered shell) with this status. */
    sendWorkingPage?: (request: import("fastify").FastifyRequest, reply: FastifyReply, status: number) => Promise<FastifyReply>;
  }
}

/**
 * "Min påmelding" (docs/requirements.md): the page behind the personal link and its calls, and "Finn
 * påmeldingen min". Everything under /api/MinPamelding/ so the logger masks the link's secret.
 */
export async function registerCampSelfServiceRoutes(app: FastifyInstance, options: { payments: CampPaymentGateway }) {
  const gateway = options.payments;
  const limited = { config: { rateLimit: publicPostRateLimit(app.env) } };
  // The registration an action is for: the link's own, or another athlete of its group (`?orderId=`).
  const target = async (request: FastifyRequest<{ Params: { token: string }; Querystring: { orderId?: string } }>) => {
    const id = await registrationIdOfLink(app.db, request.params.token);
    const orderId = request.query[groupMemberParam];
    if (id === undefined || (orderId !== undefined && typeof orderId !== "string")) return undefined;
    return actionTarget(app.db, id, orderId);
  };
  const notFound = (reply: FastifyReply) => reply.code(404).header("cache-control", "no-store").send({ error: selfServiceMessages.notFound } satisfies ErrorBody);

  // The page: an unknown, anonymised or malformed link is answered 404 (the page then says so in Norwegian).
  app.get<{ Params: { token: string } }>("/vinterleir/min-pamelding/:token", async (request, reply) => {
    if ((await registrationIdOfLink(app.db, request.params.token)) !== undefined) return reply.callNotFound();
    if (app.sendWorkingPage) return app.sendWorkingPage(request, reply, 404);
    return notFound(reply);
  });

  app.get<{ Params: { token: string } }>("/api/MinPamelding/Get/:token", async (request, reply) => {
    const id = await registrationIdOfLink(app.db, request.params.token);
    const view = id === undefined ? undefined : await myRegistrationView(app.db, id, app.now());
    if (!view) return notFound(reply);
    return reply.header("cache-control", "no-store").send(view);
  });

  app.post<{ Params: { token: string }; Querystring: { orderId?: string } }>("/api/MinPamelding/Cancel/:token", limited, async (request, reply) => {
    const id = await target(request);
    if (id === undefined) return notFound(reply);
    const outcome = await cancelMyRegistration(app, gateway, id, request.body ?? {});
    return reply.header("cache-control", "no-store").send({ ...outcome.view, changed: outcome.changed, refund: outcome.refund });
  });

  app.post<{ Params: { token: string }; Querystring: { orderId?: string } }>("/api/MinPamelding/Change/:token", limited, async (request, reply) => {
    const id = await target(request);
    if (id === undefined) return notFound(reply);
    try {
      const outcome = await changeMyRegistration(app, id, request.body ?? {});
      return reply.header("cache-control", "no-store").send({ ...outcome.view, changed: outcome.changed });
    } catch (error) {
      if (error instanceof CampInputError) {
        return reply.code(400).send({ error: error.message, issues: [{ path: error.path, message: error.message }] } satisfies ErrorBody);
      }
      throw error;
    }
  });

  app.post<{ Params: { token: string }; Querystring: { orderId?: string } }>("/api/MinPamelding/AddCompanion/:token", limited, async (request, reply) => {
    const id = await target(request);
    if (id === undefined) return notFound(reply);
    try {
      const outcome = await addMyCompanion(app, gateway, id, request.body ?? {});
      return reply.header("cache-control", "no-store").send({ ...outcome.view, ...(outcome.payUrl ? { payUrl: outcome.payUrl } : {}) });
    } catch (error) {
      if (error instanceof CampInputError) {
        return reply.code(400).send({ error: error.message, issues: [{ path: error.path, message: error.message }] } satisfies ErrorBody);
      }
      throw error;
    }
  });

  app.post<{ Params: { token: string }; Querystring: { orderId?: string } }>("/api/MinPamelding/Grading/:token", limited, async (request, reply) => {
    const id = await target(request);
    if (id === undefined) return notFound(reply);
    try {
      const outcome = await setMyGrading(app, gateway, id, request.body ?? {});
      return reply.header("cache-control", "no-store").send({ ...outcome.view, changed: outcome.changed, refund: outcome.refund, ...(outcome.payUrl ? { payUrl: outcome.payUrl } : {}) });
    } catch (error) {
      if (error instanceof CampInputError) {
        return reply.code(400).send({ error: error.message, issues: [{ path: error.path, message: error.message }] } satisfies ErrorBody);
      }
      throw error;
    }
  });

  // The open difference of a change, at Vipps again: answers the address to go to, as text.
  app.post<{ Params: { token: string }; Querystring: { orderId?: string } }>("/api/MinPamelding/Pay/:token", limited, async (request, reply) => {
    const id = await target(request);
    if (id === undefined) return notFound(reply);
    const url = await payMyOutstanding(app, gateway, id);
    return reply.header("cache-control", "no-store").type("text/plain; charset=utf-8").send(url);
  });

  // Always the same answer (after a valid address), so nobody can learn who is registered.
  app.post("/api/MinPamelding/Find", { bodyLimit: 4096, ...limited }, async (request, reply) => {
    await findMyRegistration(app, request.body);
    return reply.header("cache-control", "no-store").send({ message: findMyRegistrationAnswer });
  });
}
