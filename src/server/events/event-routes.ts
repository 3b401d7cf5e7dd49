import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { ErrorBody } from "../errors.ts";
import { HttpError, parseWith } from "../errors.ts";
import { currentCampAccount, requireCampRole } from "../admin-auth/camp-account.ts";
import { copyCampEdition, loadEdition } from "../camp/camp-editions.ts";
import { campSlugPattern } from "../../shared/events/event-definition.ts";
import { PeriodicJob } from "../jobs/periodic-job.ts";
import { publicPostRateLimit } from "../security/public-rate-limit.ts";
import { xlsxContentType } from "../exports/xlsx.ts";
import { eventOrderIdPattern, EventInputError, submitEventOrder, type EventOrderDeps } from "./event-orders.ts";
import { eventBySlug, eventDetail, publishedEvents, eventById } from "./event-store.ts";
import { adminEvents, copyEvent, eventAdminMessages, eventParticipantList, publishEvent, putEvent } from "./event-admin.ts";
import { eventChangeLog } from "./event-changes.ts";
import { eventXlsx } from "./event-xlsx.ts";
import { eventCsv } from "./event-csv.ts";
import { registerEventDoorRoutes } from "./event-door-routes.ts";
import { offerEventPlaces } from "./event-waitlist.ts";
import { registerEventWaitlistRoutes, setUpEventWaitlistJob } from "./event-waitlist-routes.ts";
import { EventVipps } from "../payments/event-vipps.ts";
import { eq } from "drizzle-orm";
import { eventOrderItems, eventOrders } from "../db/schema/events.ts";
import type { EventOrderView } from "../../shared/events/event-api.ts";
import { eventMyOrderMessages, type EventCancelAnswer } from "../../shared/events/event-my-order.ts";
import { cancelEventOrder, myEventOrderView, orderOfLink, type PlacesFreedListener } from "./event-my-order.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Present when Vipps is offered: the event orders' side of it (tests run its reconciliation by hand). */
    eventVipps?: EventVipps;
  }
}

export interface EventRoutesOptions {
  /** Default on; tests run `app.eventVipps.reconcileOnce()` themselves. */
  startReconciler?: boolean;
  /** Default on; tests run `app.eventWaitlist.drain()` themselves. */
  startWaitlistJob?: boolean;
  /** Told after a cancellation that freed places has committed (a waiting list's offers plug in here). */
  onPlacesFreed?: PlacesFreedListener;
}

export const eventPostBodyLimit = 96 * 1024;
export const CopyBodySchema = z
  .object({
    weeks: z
      .number({ error: "Antall uker må være et helt tall." })
      .int("Antall uker må være et helt tall.")
      .min(-520, "For mange uker.")
      .max(520, "For mange uker.")
      .default(52),
  })
  .default({ weeks: 52 });

/**
 * The club's events besides the winter camp (docs/decisions/0022-events-side-by-side.md): the public list,
 * one event, registration or order; the Vipps result page's view of an order; and the event admin with a
 * camp account's token: the list of events for every account that works a door (its chooser), the
 * participants with their contact details and answers, the export and every change for a `leder` only.
 */
export async function registerEventRoutes(app: FastifyInstance, options: EventRoutesOptions = {}) {
  let vipps: EventVipps | undefined;
  if (app.vipps) {
    vipps = new EventVipps({
      client: app.vipps.client,
      db: app.db,
      now: app.now,
      log: app.log,
      publicBaseUrl: app.env.PUBLIC_BASE_URL,
      mailQueued: () => app.outbox.kick(),
    });
    app.vipps.orderHandlers.push(vipps);
    app.decorate("eventVipps", vipps);
    const job = new PeriodicJob({
      intervalMs: app.env.VIPPS_RECONCILE_INTERVAL_MS,
      log: app.log,
      failureMessage: "event vipps reconciliation failed",
      run: async () => void (await vipps!.reconcileOnce()),
    });
    if (options.startReconciler !== false) app.addHook("onReady", async () => job.start());
    app.addHook("preClose", async () => job.stop());
  }

  setUpEventWaitlistJob(app, { startJob: options.startWaitlistJob });
  registerEventWaitlistRoutes(app, vipps);

  app.get("/api/Arrangement/Get", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return reply.send(await publishedEvents(app.db, app.now()));
  });

  app.get<{ Params: { slug: string } }>("/api/Arrangement/Get/:slug", async (request, reply) => {
    reply.header("cache-control", "no-store");
    const detail = await eventDetail(app.db, request.params.slug, app.now());
    if (!detail) return reply.code(404).send({ error: eventAdminMessages.notFound } satisfies ErrorBody);
    return reply.send(detail);
  });

  app.get<{ Params: { orderId: string } }>("/api/Arrangement/Order/:orderId", async (request, reply) => {
    reply.header("cache-control", "no-store");
    const { orderId } = request.params;
    const [order] = eventOrderIdPattern.test(orderId) ? await app.db.select().from(eventOrders).where(eq(eventOrders.orderId, orderId)) : [];
    const event = order ? await eventById(app.db, order.eventId) : undefined;
    if (!order || !event) return reply.code(404).send({ error: "Fant ikke ordren." } satisfies ErrorBody);
    const [item] = await app.db.select({ name: eventOrderItems.name }).from(eventOrderItems).where(eq(eventOrderItems.orderId, order.id)).limit(1);
    return reply.send({ orderId, kind: event.kind, title: event.definition.title, itemName: item?.name ?? null } satisfies EventOrderView);
  });

  const orderDeps: EventOrderDeps = { db: app.db, now: () => app.now(), kickOutbox: () => app.outbox.kick() };
  app.post<{ Params: { slug: string } }>(
    "/api/Arrangement/Post/:slug",
    { bodyLimit: eventPostBodyLimit, config: { rateLimit: publicPostRateLimit(app.env) } },
    async (request, reply) => {
      let answer: string;
      try {
        answer = await submitEventOrder(orderDeps, request.params.slug, request.body, vipps);
      } catch (error) {
        if (error instanceof EventInputError) return reply.code(400).send({ error: error.message, issues: error.issues } satisfies ErrorBody);
        throw error;
      }
      return reply.header("cache-control", "no-store").type("text/plain; charset=utf-8").send(answer);
    },
  );

  /**
   * A changed event may have more places (a raised capacity, a later close): its waiting list gets them at
   * once. The change is stored whatever happens here; the job tries again within seconds if this fails.
   */
  const offerFreedPlaces = async (slug: string) => {
    try {
      const row = await eventBySlug(app.db, slug);
      if (row && (await offerEventPlaces(app.db, row.id, app.now(), { publicBaseUrl: app.env.PUBLIC_BASE_URL })) > 0) app.outbox.kick();
    } catch (error) {
      app.log.warn({ err: error instanceof Error ? error.message : String(error) }, "event waiting-list offers after a change failed");
      app.eventWaitlist.kick();
    }
  };
  // A cancellation that freed places offers them to the waiting list at once (the job retries if this fails).
  const onPlacesFreed: PlacesFreedListener =
    options.onPlacesFreed ??
    (async (eventId) => {
      if ((await offerEventPlaces(app.db, eventId, app.now(), { publicBaseUrl: app.env.PUBLIC_BASE_URL })) > 0) app.outbox.kick();
    });

  // «Min påmelding» for an event order: the link's secret is the last segment. An unknown, anonymised or
  // malformed link is answered 404 (the page then says so in Norwegian).
  const linkNotFound = (reply: FastifyReply) =>
    reply
      .code(404)
      .header("cache-control", "no-store")
      .send({ error: eventMyOrderMessages.notFound } satisfies ErrorBody);

  app.get<{ Params: { token: string } }>("/arrangementer/min-pamelding/:token", async (request, reply) => {
    if ((await orderOfLink(app.db, request.params.token)) !== undefined) return reply.header("cache-control", "no-store").callNotFound();
    if (app.sendWorkingPage) return app.sendWorkingPage(request, reply, 404);
    return linkNotFound(reply);
  });

  app.get<{ Params: { token: string } }>("/api/Arrangement/MinPamelding/:token", async (request, reply) => {
    const order = await orderOfLink(app.db, request.params.token);
    if (!order) return linkNotFound(reply);
    return reply.header("cache-control", "no-store").send(await myEventOrderView(app.db, order, app.now()));
  });

  app.post<{ Params: { token: string } }>(
    "/api/Arrangement/Cancel/:token",
    { bodyLimit: 1024, config: { rateLimit: publicPostRateLimit(app.env) } },
    async (request, reply) => {
      const order = await orderOfLink(app.db, request.params.token);
      if (!order) return linkNotFound(reply);
      const outcome = await cancelEventOrder(app, order.id, request.body, { actor: "deltaker", by: "av deltakeren (Min påmelding)" }, onPlacesFreed);
      const view = await myEventOrderView(app.db, outcome.order, app.now());
      return reply
        .header("cache-control", "no-store")
        .send({ ...view, changed: outcome.changed, refund: outcome.refund } satisfies EventCancelAnswer);
    },
  );

  const reader = { preHandler: requireCampRole() };
  const leder = { preHandler: requireCampRole("leder") };
  /** Who made a change (the change log says it): the signed-in camp account's username. */
  const accountName = async (request: FastifyRequest) => (await currentCampAccount(request)).username;

  app.get("/api/ArrangementAdmin/Get/:token", reader, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return reply.send(await adminEvents(app.db, app.now()));
  });

  app.put<{ Params: { slug: string }; Querystring: { create?: string } }>(
    "/api/ArrangementAdmin/Put/:slug/:token",
    { ...leder, bodyLimit: 128 * 1024 },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const createOnly = request.query.create === "1";
      const { created } = await putEvent(app.db, request.params.slug, request.body, app.now(), { account: await accountName(request), createOnly });
      if (!created) await offerFreedPlaces(request.params.slug);
      return reply.code(created ? 201 : 200).send({ slug: request.params.slug, created });
    },
  );

  app.post<{ Params: { slug: string } }>("/api/ArrangementAdmin/Publish/:slug/:token", leder, async (request, reply) => {
    reply.header("cache-control", "no-store");
    await publishEvent(app.db, request.params.slug, await accountName(request), app.now());
    return reply.send({ slug: request.params.slug, published: true });
  });

  // Who changed what and when: one entry per save, publish or copy, oldest first.
  app.get<{ Params: { slug: string } }>("/api/ArrangementAdmin/Changes/:slug/:token", leder, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const log = await eventChangeLog(app.db, request.params.slug);
    if (!log) throw new HttpError(404, eventAdminMessages.notFound);
    return reply.send(log);
  });

  app.post<{ Params: { fromSlug: string; toSlug: string } }>(
    "/api/ArrangementAdmin/Copy/:fromSlug/:toSlug/:token",
    { ...leder, bodyLimit: 4 * 1024 },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { weeks } = parseWith(CopyBodySchema, request.body ?? {});
      const [fromCamp, toCamp] = [campSlugPattern.exec(request.params.fromSlug), campSlugPattern.exec(request.params.toSlug)];
      if (fromCamp && toCamp) {
        // A winter camp is copied as a camp edition: its dates move by whole weeks into the new year.
        const now = app.now();
        const account = await accountName(request);
        const copy = await copyCampEdition(app.db, Number(fromCamp[1]), Number(toCamp[1]), { account, now });
        const movedWeeks = Math.round(
          (Date.parse(copy.data.firstDay) - Date.parse((await loadEdition(app.db, Number(fromCamp[1])))!.data.firstDay)) / (7 * 86_400_000),
        );
        return reply.code(201).send({ slug: request.params.toSlug, weeks: movedWeeks });
      }
      await copyEvent(app.db, request.params.fromSlug, request.params.toSlug, weeks, await accountName(request), app.now());
      return reply.code(201).send({ slug: request.params.toSlug, weeks });
    },
  );

  app.get<{ Params: { slug: string } }>("/api/ArrangementAdmin/Participants/:slug/:token", leder, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const list = await eventParticipantList(app.db, request.params.slug, app.now());
    if (!list) throw new HttpError(404, eventAdminMessages.notFound);
    return reply.send(list);
  });

  app.post<{ Params: { orderId: string } }>("/api/ArrangementAdmin/Cancel/:orderId/:token", { ...leder, bodyLimit: 1024 }, async (request, reply) => {
    const { orderId } = request.params;
    const [order] = eventOrderIdPattern.test(orderId) ? await app.db.select().from(eventOrders).where(eq(eventOrders.orderId, orderId)) : [];
    if (!order) throw new HttpError(404, "Fant ikke ordren.");
    const account = (await currentCampAccount(request)).username;
    const outcome = await cancelEventOrder(app, order.id, request.body, { actor: account, by: "av arrangøren", byOrganiser: true }, onPlacesFreed);
    const view = await myEventOrderView(app.db, outcome.order, app.now());
    return reply.header("cache-control", "no-store").send({ ...view, changed: outcome.changed, refund: outcome.refund } satisfies EventCancelAnswer);
  });

  app.get<{ Params: { slug: string } }>("/api/ArrangementAdmin/GetXlsx/:slug/:token", leder, async (request, reply) => {
    const row = await eventBySlug(app.db, request.params.slug);
    const list = row ? await eventParticipantList(app.db, row.slug, app.now()) : undefined;
    if (!row || !list) throw new HttpError(404, eventAdminMessages.notFound);
    const body = await eventXlsx(row.definition, list);
    return reply
      .header("cache-control", "no-store")
      .header("content-disposition", `attachment; filename="${row.slug}.xlsx"`)
      .type(xlsxContentType)
      .send(body);
  });

  app.get<{ Params: { slug: string } }>("/api/ArrangementAdmin/GetCsv/:slug/:token", leder, async (request, reply) => {
    const row = await eventBySlug(app.db, request.params.slug);
    const list = row ? await eventParticipantList(app.db, row.slug, app.now()) : undefined;
    if (!row || !list) throw new HttpError(404, eventAdminMessages.notFound);
    return reply
      .header("cache-control", "no-store")
      .header("content-disposition", `attachment; filename="${row.slug}.csv"`)
      .type("text/csv; charset=utf-8")
      .send(eventCsv(row.definition, list));
  });

  await registerEventDoorRoutes(app);
}
