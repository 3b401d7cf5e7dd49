import type { Logger } from "../log.ts";
import type { Db } from "../db/database.ts";

/**
 * What the events' services are made of, named: the feature's registration (event-routes.ts) builds them once
 * from these (event-services.ts), and no service reaches for the Fastify instance.
 */
export interface EventDeps {
  db: Db;
  /** The one clock (clock.ts); tests pin it. */
  now: () => Date;
  /** The site's address, for the links in mails. */
  publicBaseUrl: string;
  /** Wakes the outbox after a commit that queued mail. */
  kickOutbox: () => void;
  log: Pick<Logger, "warn" | "error">;
}
