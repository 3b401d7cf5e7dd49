import type { FastifyInstance } from "fastify";
import { isSiteSectionName, siteMessages } from "../../shared/site/site-content.ts";
import { siteCalls } from "../../shared/site/site-calls.ts";
import { currentCampAccount } from "../admin-auth/camp-account.ts";
import { HttpError } from "../errors.ts";
import { routeCall } from "../http/call-route.ts";
import { watchSiteContent, type SiteContentWatch } from "../site/site-content-watch.ts";
import { listSiteChanges, putSiteSection, undoSiteChange } from "./site-content-store.ts";
import { registerSiteImageRoutes } from "./site-image-routes.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The site's facts as this process last read them (checked against the database every couple of seconds). */
    siteContent: SiteContentWatch;
  }
}

export interface SiteContentRoutesOptions {
  /** How old the check of the site's facts may be when read (default 2 s). */
  maxAgeMs?: number;
}

/**
 * The club's own site («Nettsted»), declared in src/shared/site/site-calls.ts: every section for everybody, and for the accounts that edit the site
 * (`leder`, `redaktør`) a whole section at a time, the change log and undo. The admin paths carry the token
 * as their last segment, like the other admin calls, and logger.ts masks them.
 */
export async function registerSiteContentRoutes(app: FastifyInstance, options: SiteContentRoutesOptions = {}) {
  const watch = watchSiteContent(app.db, {
    maxAgeMs: options.maxAgeMs,
    onError: (error) => app.log.warn({ err: error }, "could not check the site's facts; using those read before"),
    onChange: (_snapshot, changed) => app.log.info({ sections: changed }, "site facts changed; pages and PDFs follow"),
  });
  app.decorate("siteContent", watch);
  const noStore = { "cache-control": "no-store" };

  routeCall(app, siteCalls.content, {}, async (_request, reply) => reply.header("cache-control", "no-cache").send((await watch.current()).content));

  routeCall(app, siteCalls.put, {}, async (request, reply) => {
    const { section } = request.params;
    if (!isSiteSectionName(section)) throw new HttpError(404, siteMessages.unknownSection);
    const saved = await putSiteSection(app.db, section, request.body, (await currentCampAccount(request)).username, app.now());
    watch.stale();
    if (saved.change) request.log.info({ section, change: saved.change.id }, "site section saved");
    return reply.headers(noStore).send(saved);
  });

  routeCall(app, siteCalls.changes, {}, async (_request, reply) => reply.headers(noStore).send(await listSiteChanges(app.db)));

  routeCall(app, siteCalls.undo, {}, async (request, reply) => {
    const raw = request.params.changeId;
    const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(id)) throw new HttpError(404, siteMessages.unknownChange);
    const undone = await undoSiteChange(app.db, id, (await currentCampAccount(request)).username, app.now());
    watch.stale();
    request.log.info({ section: undone.section, change: undone.change.id }, "site change undone");
    return reply.headers(noStore).send(undone);
  });

  await registerSiteImageRoutes(app);
}
