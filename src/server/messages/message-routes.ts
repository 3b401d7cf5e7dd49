import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { previewMessageSchema, ReminderSchema, sendMessageSchema } from "../../shared/messages/message.ts";
import { currentCampAccount, requireCampRole } from "../admin-auth/camp-account.ts";
import { parseWith } from "../errors.ts";
import { PeriodicJob } from "../jobs/periodic-job.ts";
import { createDueReminder, reminderOf, saveReminder, sendReminderNow } from "./message-reminder.ts";
import { cancelPlannedMessage, createMessage, messageLog, previewMessage, queueDueMessages, resendFailed, sendPlannedNow } from "./messages.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Queues the messages whose time has come; `kick()` after storing one, `runOnce()` in tests. */
    messageScheduler: PeriodicJob<number>;
  }
}

export interface MessageSchedulerOptions {
  /** Off in tests, which run it themselves. Default on. */
  startJob?: boolean;
  intervalMs?: number;
}

/**
 * A message set for a time is queued within this long after it. Every pass reads the app's clock. A time the
 * scheduler missed (the server was down) is made up for: the camp's reminder until the camp begins, a
 * planned message up to `plannedMessageGraceHours` late; past that, the admin shows it as not sent.
 */
const schedulerIntervalMs = 30_000;

export function setUpMessageScheduler(app: FastifyInstance, options: MessageSchedulerOptions = {}) {
  const job = new PeriodicJob<number>({
    intervalMs: options.intervalMs ?? schedulerIntervalMs,
    log: app.log,
    failureMessage: "message scheduler run failed",
    run: async () => {
      const now = app.now();
      await createDueReminder(app.db, now);
      const queued = await queueDueMessages(app.db, now, app.env.PUBLIC_BASE_URL, app.env.MAIL_REPLY_TO);
      if (queued > 0) app.outbox.kick();
      return queued;
    },
  });
  app.decorate("messageScheduler", job);
  if (options.startJob !== false) app.addHook("onReady", async () => job.start());
  app.addHook("preClose", async () => job.stop());
}

const messageIdParam = z.string().regex(/^\d{1,9}$/);

/**
 * «Send melding» (only a `leder` account: the messages carry families' links and addresses). Under /api/Melding/,
 * which logger.ts masks like the other admin areas.
 */
export async function registerMessageRoutes(app: FastifyInstance) {
  const leder = { preHandler: requireCampRole("leder") };

  app.post<{ Params: { slug: string } }>("/api/Melding/Send/:slug/:token", leder, async (request, reply) => {
    const input = parseWith(sendMessageSchema, request.body);
    const account = await currentCampAccount(request);
    const result = await createMessage(
      app.db,
      request.params.slug,
      input,
      account.username,
      app.now(),
      app.env.PUBLIC_BASE_URL,
      app.env.MAIL_REPLY_TO,
    );
    app.outbox.kick();
    return reply.code(201).header("cache-control", "no-store").send(result);
  });

  app.post<{ Params: { slug: string } }>("/api/Melding/Preview/:slug/:token", leder, async (request, reply) => {
    const { message, orderId } = parseWith(previewMessageSchema, request.body);
    return reply.header("cache-control", "no-store").send(await previewMessage(app.db, request.params.slug, message, orderId, app.env.MAIL_REPLY_TO));
  });

  app.get<{ Params: { slug: string } }>("/api/Melding/Get/:slug/:token", leder, async (request, reply) =>
    reply.header("cache-control", "no-store").send(await messageLog(app.db, request.params.slug, app.now())),
  );

  app.get<{ Params: { slug: string } }>("/api/Melding/Reminder/:slug/:token", leder, async (request, reply) =>
    reply.header("cache-control", "no-store").send(await reminderOf(app.db, request.params.slug, app.now())),
  );

  app.put<{ Params: { slug: string } }>("/api/Melding/Reminder/:slug/:token", leder, async (request, reply) => {
    const reminder = parseWith(ReminderSchema, request.body);
    const saved = await saveReminder(app.db, request.params.slug, reminder, (await currentCampAccount(request)).username, app.now());
    app.messageScheduler.kick();
    return reply.header("cache-control", "no-store").send(saved);
  });

  app.post<{ Params: { slug: string; messageId: string } }>("/api/Melding/Cancel/:slug/:messageId/:token", leder, async (request, reply) => {
    const id = Number(parseWith(messageIdParam, request.params.messageId));
    await cancelPlannedMessage(app.db, request.params.slug, id, (await currentCampAccount(request)).username, app.now());
    return reply.header("cache-control", "no-store").send(await messageLog(app.db, request.params.slug, app.now()));
  });

  app.post<{ Params: { slug: string } }>("/api/Melding/ReminderNow/:slug/:token", leder, async (request, reply) => {
    const view = await sendReminderNow(app.db, request.params.slug, app.now(), app.env.PUBLIC_BASE_URL, app.env.MAIL_REPLY_TO);
    app.outbox.kick();
    return reply.header("cache-control", "no-store").send(view);
  });

  app.post<{ Params: { slug: string; messageId: string } }>("/api/Melding/SendNow/:slug/:messageId/:token", leder, async (request, reply) => {
    const id = Number(parseWith(messageIdParam, request.params.messageId));
    await sendPlannedNow(app.db, request.params.slug, id, app.now(), app.env.PUBLIC_BASE_URL, app.env.MAIL_REPLY_TO);
    app.outbox.kick();
    return reply.header("cache-control", "no-store").send(await messageLog(app.db, request.params.slug, app.now()));
  });

  app.post<{ Params: { slug: string; messageId: string } }>("/api/Melding/SendAgain/:slug/:messageId/:token", leder, async (request, reply) => {
    const id = Number(parseWith(messageIdParam, request.params.messageId));
    const requeued = await resendFailed(app.db, request.params.slug, id, app.now());
    if (requeued > 0) app.outbox.kick();
    return reply.header("cache-control", "no-store").send({ requeued });
  });
}
