import type { FastifyInstance } from "fastify";
import { mailFolderOf } from "./mail-folder.ts";
import { createFolderTransport, createSmtpTransport, type MailTransport } from "./mail-transport.ts";
import type { MailKinds } from "./mail-kinds.ts";
import { OutboxWorker, type OutboxWorkerOptions } from "./outbox-worker.ts";
import { registerDevMailRoutes } from "./dev-mail-routes.ts";
import { answerOnlyLocalRequests } from "../security/local-only-setup.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Sends the mail outbox; `kick()` it after a commit that queued mail. */
    outbox: OutboxWorker;
  }
}

export interface MailSetupOptions {
  /** Replaces SMTP / the mail folder (tests). */
  transport?: MailTransport;
  /** Off in tests that drive the worker themselves. Default on. */
  startWorker?: boolean;
  worker?: Partial<Pick<OutboxWorkerOptions, "intervalMs" | "batchSize" | "recordEvery" | "leaseMs" | "maxAttempts" | "perMinute">>;
}

/**
 * SMTP when SMTP_URL is set, otherwise the local mail folder (with /dev/mail outside production). `kinds`: every
 * feature's mails rendered at send time (mail-kinds.ts).
 */
export async function setUpMail(app: FastifyInstance, kinds: MailKinds, options: MailSetupOptions = {}) {
  const folder = mailFolderOf(app.env.DATA_DIR);
  const transport = options.transport ?? (app.env.SMTP_URL ? createSmtpTransport(app.env.SMTP_URL) : createFolderTransport(folder, app.now));
  if (transport.kind === "folder" && app.env.NODE_ENV === "production") {
    app.log.warn("SMTP_URL is not set: mail is written to DATA_DIR/mail and not sent");
  }
  const worker = new OutboxWorker({
    perMinute: app.env.MAIL_PER_MINUTE,
    ...options.worker,
    db: app.db,
    kinds,
    transport,
    from: app.env.MAIL_FROM,
    publicBaseUrl: app.env.PUBLIC_BASE_URL,
    now: app.now,
    log: app.log,
  });
  app.decorate("outbox", worker);
  if (options.startWorker !== false) app.addHook("onReady", async () => worker.start());
  // preClose runs before every onClose hook, so the worker finishes before the database closes.
  app.addHook("preClose", async () => worker.stop());
  if (app.env.NODE_ENV !== "production" && !app.env.SMTP_URL && !options.transport) {
    // The mails hold names and addresses: only for someone at this machine.
    await app.register(async (scope) => {
      answerOnlyLocalRequests(scope);
      await registerDevMailRoutes(scope, { dir: folder });
    });
  }
}
