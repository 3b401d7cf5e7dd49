/**
 * Privacy by default (D6): the retention job (retention.ts) at start-up and every hour, and the admin's
 * calls for a person's rights, from a camp registration or from a grading's, a course's or a sale's order:
 *   GET  /api/VinterleirAdmin/PersonExport/{registrationId}/{token}  everything held, as a JSON download
 *   POST /api/VinterleirAdmin/Forget/{registrationId}/{token}        anonymise now, keep the payments
 *   GET  /api/ArrangementAdmin/PersonExport/{orderId}/{token}        everything held under the order's address
 *   POST /api/ArrangementAdmin/Forget/{orderId}/{token}              blank the order now, keep the money
 */
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { campAdminCalls } from "../../shared/camp/camp-admin-calls.ts";
import { eventPrivacyCalls } from "../../shared/privacy/event-privacy-calls.ts";
import { currentCampAccount } from "../admin-auth/camp-account.ts";
import { routeCall } from "../http/call-route.ts";
import type { Db } from "../db/database.ts";
import type { ErrorBody } from "../errors.ts";
import { PeriodicJob } from "../jobs/periodic-job.ts";
import { eventOrderIdPattern } from "../events/event-orders.ts";
import { eventMyOrderMessages } from "../../shared/events/event-my-order.ts";
import { exportEventOrderPerson, exportPerson } from "./person-data.ts";
import { forgetEventOrder, forgetPerson } from "./person-forget.ts";
import { retentionFromEnv, type RetentionSettings } from "./retention-settings.ts";
import { runRetention, type RetentionRun } from "./retention.ts";

declare module "fastify" {
  interface FastifyInstance {
    privacy: PrivacyJob;
  }
}

export interface PrivacySetupOptions {
  /** Default on; tests run `app.privacy.runOnce()` themselves with their frozen clock. */
  startJob?: boolean;
  intervalMs?: number;
}

const privacyMessages = {
  notFound: "Fant ikke registreringen.",
  orderNotFound: "Fant ikke ordren.",
  orderWaiting: "Ordren står på ventelisten. Avbestill den først, så kan personopplysningene slettes.",
} as const;

/**
 * Runs the retention rules now and then every `intervalMs`. A failing run (the database away) is logged
 * and the next one tries again; one run at a time per process, and the rules are safe to run in several.
 * `runOnce()` answers the run's counts (undefined when it failed or the job is stopped).
 */
class PrivacyJob extends PeriodicJob<RetentionRun> {
  constructor(options: {
    db: Db;
    now: () => Date;
    log: FastifyBaseLogger;
    settings: RetentionSettings;
    intervalMs: number;
    /** After a run that changed camp registrations (the public lists cache them). */
    changed: () => void;
  }) {
    const { db, now, log, settings, changed } = options;
    super({
      intervalMs: options.intervalMs,
      log,
      failureMessage: "personal data retention failed; retrying later",
      run: async () => {
        const run = await runRetention(db, now(), settings);
        if (run.anonymised > 0 || run.accountingDeleted > 0) changed();
        if (Object.values(run).some((count) => count > 0)) log.info({ retention: run }, "personal data retention applied");
        return run;
      },
    });
  }
}

/** The retention job, on the root instance (app.ts). */
export function setUpPrivacyJob(app: FastifyInstance, options: PrivacySetupOptions = {}) {
  const job = new PrivacyJob({
    db: app.db,
    now: app.now,
    log: app.log,
    settings: retentionFromEnv(app.env),
    intervalMs: options.intervalMs ?? 60 * 60_000,
    changed: () => app.services.campListsChanged(),
  });
  app.decorate("privacy", job);
  if (options.startJob !== false) app.addHook("onReady", async () => job.start());
  app.addHook("preClose", async () => job.stop());
}

/** The camp admin's calls, in the camp routes' scope. */
export async function registerPrivacyRoutes(app: FastifyInstance) {
  const idOf = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : undefined);

  routeCall(app, campAdminCalls.personExport, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const id = idOf(request.params.registrationId);
    const data = id === undefined ? undefined : await exportPerson(app.db, id, app.now(), (queued) => app.outbox.render(queued));
    if (!data) return reply.code(404).send({ error: privacyMessages.notFound } satisfies ErrorBody);
    return reply
      .header("content-disposition", `attachment; filename="personopplysninger-vinterleir-${id}.json"`)
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(data, null, 2));
  });

  routeCall(app, campAdminCalls.forget, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const id = idOf(request.params.registrationId);
    const outcome =
      id === undefined ? ({ kind: "not-found" } as const) : await forgetPerson(app.db, id, app.now(), (await currentCampAccount(request)).username);
    if (outcome.kind === "not-found") return reply.code(404).send({ error: privacyMessages.notFound } satisfies ErrorBody);
    if (outcome.changed) {
      app.services.campListsChanged();
      request.log.info({ registrationId: outcome.registrationId }, "personal data anonymised on request");
    }
    const { kind: _kind, ...body } = outcome;
    return reply.send(body);
  });
}

/**
 * The event admin's calls for a family that may have only gradings, courses or gear orders: the export from
 * one order (everything under its address) and blanking that order now, for a `leder`
 * (src/shared/privacy/event-privacy-calls.ts).
 */
export async function registerEventPrivacyRoutes(app: FastifyInstance) {
  const orderIdOf = (raw: string) => (eventOrderIdPattern.test(raw) ? raw : undefined);

  routeCall(app, eventPrivacyCalls.personExport, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const orderId = orderIdOf(request.params.orderId);
    const data = orderId === undefined ? undefined : await exportEventOrderPerson(app.db, orderId, app.now(), (queued) => app.outbox.render(queued));
    if (!data) return reply.code(404).send({ error: privacyMessages.orderNotFound } satisfies ErrorBody);
    return reply
      .header("content-disposition", `attachment; filename="personopplysninger-${orderId}.json"`)
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(data, null, 2));
  });

  routeCall(app, eventPrivacyCalls.forgetOrder, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const orderId = orderIdOf(request.params.orderId);
    const outcome = orderId === undefined ? ({ kind: "not-found" } as const) : await forgetEventOrder(app.db, orderId, app.now());
    if (outcome.kind === "not-found") return reply.code(404).send({ error: privacyMessages.orderNotFound } satisfies ErrorBody);
    if (outcome.kind === "payment-busy") return reply.code(409).send({ error: eventMyOrderMessages.paymentBusy } satisfies ErrorBody);
    if (outcome.kind === "waiting") return reply.code(409).send({ error: privacyMessages.orderWaiting } satisfies ErrorBody);
    // The record of the request: the order's anonymisedAt says when, this line who asked the site to do it.
    if (outcome.changed)
      request.log.info(
        { orderId: outcome.orderId, by: (await currentCampAccount(request)).username },
        "event order personal data blanked on request",
      );
    const { kind: _kind, ...body } = outcome;
    return reply.send(body);
  });
}
