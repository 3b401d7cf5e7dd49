import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { messageCalls } from "../../shared/messages/message-calls.ts";
import { currentCampAccount } from "../admin-auth/camp-account.ts";
import { parseWith } from "../errors.ts";
import { routeCall } from "../http/call-route.ts";
import { PeriodicJob } from "../jobs/periodic-job.ts";
import { createDueReminder, reminderOf, saveReminder, sendReminderNow } from "./message-reminder.ts";
import { cancelPlannedMessage, queueDueMessages, sendPlannedNow } from "./message-planning.ts";
import { createMessage, previewMessage } from "./messages.ts";
import { messageLog, resendFailed } from "./message-log.ts";

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
 * «Send melding» (only a `leder` account: the messages carry families' links and addresses), declared in
 * src/shared/messages/message-calls.ts. Under /api/Melding/, which logger.ts masks like the other admin areas.
 */
export async function registerMessageRoutes(app: FastifyInstance) {
  const noStore = { "cache-control": "no-store" };

  routeCall(app, messageCalls.send, {}, async (request, reply) => {
    const account = await currentCampAccount(request);
    const result = await createMessage(
      app.db,
      request.params.slug,
      request.body,
      account.username,
      app.now(),
      app.env.PUBLIC_BASE_URL,
      app.env.MAIL_REPLY_TO,
    );
    app.outbox.kick();
    return reply.code(201).headers(noStore).send(result);
  });

  routeCall(app, messageCalls.preview, {}, async (request, reply) => {
    const { message, orderId } = request.body;
    return reply.headers(noStore).send(await previewMessage(app.db, request.params.slug, message, orderId, app.env.MAIL_REPLY_TO));
  });

  routeCall(app, messageCalls.log, {}, async (request, reply) =>
    reply.headers(noStore).send(await messageLog(app.db, request.params.slug, app.now())),
  );

  routeCall(app, messageCalls.reminder, {}, async (request, reply) =>
    reply.headers(noStore).send(await reminderOf(app.db, request.params.slug, app.now())),
  );

  routeCall(app, messageCalls.saveReminder, {}, async (request, reply) => {
    const saved = await saveReminder(app.db, request.params.slug, request.body, (await currentCampAccount(request)).username, app.now());
    app.messageScheduler.kick();
    return reply.headers(noStore).send(saved);
  });

  routeCall(app, messageCalls.cancel, {}, async (request, reply) => {
    const id = Number(parseWith(messageIdParam, request.params.messageId));
    await cancelPlannedMessage(app.db, request.params.slug, id, (await currentCampAccount(request)).username, app.now());
    return reply.headers(noStore).send(await messageLog(app.db, request.params.slug, app.now()));
  });

  routeCall(app, messageCalls.reminderNow, {}, async (request, reply) => {
    const view = await sendReminderNow(app.db, request.params.slug, app.now(), app.env.PUBLIC_BASE_URL, app.env.MAIL_REPLY_TO);
    app.outbox.kick();
    return reply.headers(noStore).send(view);
  });

  routeCall(app, messageCalls.sendNow, {}, async (request, reply) => {
    const id = Number(parseWith(messageIdParam, request.params.messageId));
    await sendPlannedNow(app.db, request.params.slug, id, app.now(), app.env.PUBLIC_BASE_URL, app.env.MAIL_REPLY_TO);
    app.outbox.kick();
    return reply.headers(noStore).send(await messageLog(app.db, request.params.slug, app.now()));
  });

  routeCall(app, messageCalls.sendAgain, {}, async (request, reply) => {
    const id = Number(parseWith(messageIdParam, request.params.messageId));
    const requeued = await resendFailed(app.db, request.params.slug, id, app.now());
    if (requeued > 0) app.outbox.kick();
    return reply.headers(noStore).send({ requeued });
  });
}
