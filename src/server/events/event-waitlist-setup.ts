import type { FastifyInstance } from "fastify";
import type { EventDeps } from "./event-deps.ts";
import { WaitlistJob } from "./event-waitlist.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The waiting line's job: `kick()` after places may have freed; `drain()` runs one pass and waits (tests). */
    waitlist: WaitlistJob;
  }
}

export interface WaitlistJobOptions {
  /** Default on; tests drive `app.waitlist.drain()` themselves. */
  startJob?: boolean;
  intervalMs?: number;
}

/** How often the job looks for offers past their deadline and places to pass on. */
const waitlistJobIntervalMs = 5_000;

/** The one waiting-list job, at the app's root (`app.waitlist`: the camp, the events and Vipps kick it). */
export function setUpWaitlistJob(app: FastifyInstance, options: WaitlistJobOptions = {}) {
  const deps: EventDeps = {
    db: app.db,
    now: () => app.now(),
    publicBaseUrl: app.env.PUBLIC_BASE_URL,
    kickOutbox: () => app.outbox.kick(),
    log: app.log,
  };
  const job = new WaitlistJob(deps, options.intervalMs ?? waitlistJobIntervalMs);
  app.decorate("waitlist", job);
  if (options.startJob !== false) app.addHook("onReady", async () => job.start());
  app.addHook("preClose", async () => job.stop());
}
