import type { FastifyInstance } from "fastify";
import { answerOnlyLocalRequests } from "../../security/local-only-setup.ts";
import { registerControlRoutes } from "./vipps-simulator-control-routes.ts";
import { registerLandingRoutes } from "./vipps-simulator-landing-routes.ts";
import { problem, SimError } from "./vipps-simulator-problems.ts";
import { ledgers, reportPage } from "./vipps-simulator-report.ts";
import type { VippsSimulator } from "./vipps-simulator.ts";
import type { Amount } from "./vipps-types.ts";

/**
 * The simulator's routes, under /vipps-sim: never registered in production (vipps-setup.ts), and even
 * then only for requests from this machine: anyone else gets the ordinary 404, as for any unknown path.
 * The test controls and the webhook registration API only when `control` is on.
 */
export async function registerVippsSimulator(app: FastifyInstance, sim: VippsSimulator, options: { control: boolean }) {
  await app.register(
    async (scope) => {
      answerOnlyLocalRequests(scope);
      setUpSimulatorBodies(scope);
      registerEpaymentRoutes(scope, sim);
      registerReportRoutes(scope, sim);
      registerLandingRoutes(scope, sim);
      if (options.control) registerControlRoutes(scope, sim);
    },
    { prefix: "/vipps-sim" },
  );
}

/** How the simulator reads bodies, and that none of its answers is kept by a cache. */
function setUpSimulatorBodies(scope: FastifyInstance) {
  // The API takes JSON; an empty body on POST is allowed (access token, cancel).
  scope.removeContentTypeParser("application/json");
  scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = String(body);
    if (text === "") return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error("Invalid JSON"), { statusCode: 400 }), undefined);
    }
  });
  scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  scope.addHook("onSend", async (_request, reply, payload) => {
    reply.header("cache-control", "no-store");
    return payload;
  });
}

type RefParams = { Params: { reference: string } };

/** A capture's or refund's amount, as Vipps answers a missing or bad one. */
function amountOf(body: unknown): Amount {
  const value = (body as { modificationAmount?: Amount } | undefined)?.modificationAmount;
  if (!value || typeof value.value !== "number" || !Number.isInteger(value.value) || value.value < 0) {
    throw new SimError(400, { ...problem(400, "Bad Request"), extraDetails: [{ name: "modificationAmount", reason: "required" }] });
  }
  return { currency: value.currency, value: value.value };
}

/** The access token and the ePayment API: create, read, capture, refund, cancel, and the test approval. */
function registerEpaymentRoutes(scope: FastifyInstance, sim: VippsSimulator) {
  scope.post("/accesstoken/get", (request, reply) => sim.handle(request, reply, "token", () => sim.issueToken(request), { auth: false }));
  scope.post("/epayment/v1/payments", (request, reply) =>
    sim.handle(request, reply, "create", (msn) => sim.create(request.body, msn, String(request.headers["idempotency-key"])), {
      successStatus: 201,
      idempotent: "required",
    }),
  );
  scope.get<RefParams>("/epayment/v1/payments/:reference", (request, reply) =>
    sim.handle(request, reply, "get", () => sim.getPayment(request.params.reference)),
  );
  scope.get<RefParams>("/epayment/v1/payments/:reference/events", (request, reply) =>
    sim.handle(request, reply, "events", () => {
      sim.getPayment(request.params.reference);
      return structuredClone(sim.payments.get(request.params.reference)!.events);
    }),
  );
  scope.post<RefParams>("/epayment/v1/payments/:reference/capture", (request, reply) =>
    sim.handle(
      request,
      reply,
      "capture",
      () => sim.capture(request.params.reference, amountOf(request.body), String(request.headers["idempotency-key"])),
      { idempotent: "required" },
    ),
  );
  scope.post<RefParams>("/epayment/v1/payments/:reference/refund", (request, reply) =>
    sim.handle(
      request,
      reply,
      "refund",
      () => sim.refund(request.params.reference, amountOf(request.body), String(request.headers["idempotency-key"])),
      { idempotent: "required" },
    ),
  );
  scope.post<RefParams>("/epayment/v1/payments/:reference/cancel", (request, reply) =>
    sim.handle(
      request,
      reply,
      "cancel",
      () => {
        const only = (request.body as { cancelTransactionOnly?: unknown } | undefined)?.cancelTransactionOnly === true;
        const key = request.headers["idempotency-key"];
        return sim.cancel(request.params.reference, only, typeof key === "string" ? key : undefined);
      },
      { idempotent: "optional" },
    ),
  );
  scope.post<RefParams>("/epayment/v1/test/payments/:reference/approve", (request, reply) =>
    sim.handle(request, reply, "approve", () => {
      sim.approve(request.params.reference);
      return undefined;
    }),
  );
}

/** The Report API (vipps-simulator-report.ts), with the same access token as the rest. */
function registerReportRoutes(scope: FastifyInstance, sim: VippsSimulator) {
  scope.get<{ Querystring: { settlesForRecipientHandles?: string } }>("/settlement/v1/ledgers", (request, reply) =>
    sim.handle(request, reply, "ledgers", (msn) => ledgers(msn, request.query.settlesForRecipientHandles)),
  );
  scope.get<{ Params: { ledgerId: string; topic: string; ledgerDate: string }; Querystring: { cursor?: string } }>(
    "/report/v2/ledgers/:ledgerId/:topic/dates/:ledgerDate",
    (request, reply) =>
      sim.handle(request, reply, "report", (msn) =>
        reportPage(sim.payments.values(), { msn, ...request.params, cursor: request.query.cursor, now: sim.now(), pageSize: sim.reportPageSize }),
      ),
  );
}
