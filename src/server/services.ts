/**
 * The server's shared services, named once. The composition root (app.ts) builds one `AppServices` per app;
 * the route adapters (`*-routes.ts`) hand it, or the part of it a service names, to the services. A service
 * never receives the Fastify instance: it declares what it uses as a `Pick` of this interface (e.g.
 * `CampRegistrationDeps`), so its dependencies can be read off its signature and a test can give it exactly
 * those.
 */
import type { Clock } from "./clock.ts";
import type { Database, Db } from "./db/database.ts";
import type { Env } from "./env.ts";
import type { PeriodicJob } from "./jobs/periodic-job.ts";
import type { WorkQueue } from "./jobs/work-queue.ts";
import type { Logger } from "./log.ts";
import type { OutboxWorker } from "./mail/outbox-worker.ts";
import type { VippsServices } from "./payments/vipps/vipps-services.ts";
import type { RetentionRun } from "./privacy/retention-run.ts";
import type { SiteContentWatch } from "./site/site-content-watch.ts";

export type { Logger };

/** A call that tells whoever listens that something changed; the listeners join at start-up. */
export interface Notice {
  (): void;
  listen(listener: () => void): void;
}

export function createNotice(): Notice {
  const listeners: (() => void)[] = [];
  const notice = () => {
    for (const listener of listeners) listener();
  };
  return Object.assign(notice, { listen: (listener: () => void) => void listeners.push(listener) });
}

export interface AppServices {
  /** The query API (Drizzle) for every feature. */
  db: Db;
  /** The connection behind `db`: kind, ping, close. */
  database: Database;
  /** The one clock for every rule, job, page and mail (clock.ts); tests inject their own. */
  now: Clock;
  env: Env;
  log: Logger;
  /** Sends the mail outbox; `kick()` it after a commit that queued mail. */
  outbox: OutboxWorker;
  /** The one waiting line's job (events/event-waitlist.ts): `kick()` after places may have freed; `drain()` runs a pass and waits. */
  waitlist: PeriodicJob<number>;
  /** Present when Vipps (or its simulator) is in use. */
  vipps: VippsServices | undefined;
  /** Call after a camp registration is confirmed, cancelled or changes its public part: the public lists show it at once. */
  campListsChanged: Notice;
  /** The personal-data retention job (privacy/privacy-setup.ts). */
  privacy: PeriodicJob<RetentionRun>;
  /** Queues the messages whose time has come; `kick()` after storing one. */
  messageScheduler: PeriodicJob<number>;
  /** The site's facts as this process last read them. */
  siteContent: SiteContentWatch;
  /** "Finn påmeldingen min"'s work, done after the answer. */
  findMyRegistrationQueue: WorkQueue<string>;
}
