import type { FastifyInstance } from "fastify";
import type { EventDeps } from "./event-deps.ts";
import { EventWaitlistJob } from "./event-waitlist.ts";

/** How often the events' waiting-list job looks for offers past their deadline and places to pass on. */
const eventWaitlistJobIntervalMs = 5_000;

/** The events' waiting-list job (`app.eventWaitlist`): on by default; tests drain it themselves. */
export function setUpEventWaitlistJob(app: FastifyInstance, deps: EventDeps, options: { startJob?: boolean; intervalMs?: number } = {}) {
  const job = new EventWaitlistJob(deps, options.intervalMs ?? eventWaitlistJobIntervalMs);
  app.decorate("eventWaitlist", job);
  if (options.startJob !== false) app.addHook("onReady", async () => job.start());
  app.addHook("preClose", async () => job.stop());
  return job;
}
