import type { FastifyInstance, FastifyRequest } from "fastify";
import { forgetPublishedEditions } from "./camp-edition-cache.ts";
import { campEditionCalls } from "../../shared/camp/camp-edition-calls.ts";
import { currentCampAccount } from "../admin-auth/camp-account.ts";
import { routeCall } from "../http/call-route.ts";
import { HttpError } from "../errors.ts";
import { publishEdition } from "./camp-edition-publish.ts";
import { chooseTheCamp, editionPhase } from "../../shared/camp/camp-edition-phase.ts";
import type { Db } from "../db/database.ts";
import { yearOfQuery } from "./camp-edition-lookup.ts";
import { currentEditionCalls } from "../../shared/camp/current-edition-calls.ts";
import {
  copyCampEdition,
  currentEditionView,
  listEditionChanges,
  listEditions,
  loadCurrentEdition,
  openEditionViews,
  putEdition,
  type StoredEdition,
} from "./camp-editions.ts";

/** The edition as the admin API shows it: the editable fields, then where it stands («the» camp's year given). */
function adminView(edition: StoredEdition, theCampYear: number | undefined, now: Date) {
  return {
    ...edition.data,
    current: edition.data.year === theCampYear,
    phase: editionPhase(edition.data, now),
    publishedAt: edition.publishedAt?.toISOString() ?? null,
    version: edition.version,
    updatedAt: edition.updatedAt.toISOString(),
  };
}

async function adminViewOf(db: Db, edition: StoredEdition, now: Date) {
  return adminView(edition, (await loadCurrentEdition(db, now))?.data.year, now);
}

function parseYear(raw: string): number {
  const year = /^\d{4}$/.test(raw) ? Number(raw) : NaN;
  if (!(year >= 2000 && year <= 2100)) throw new HttpError(400, "Året må være et årstall mellom 2000 og 2100.");
  return year;
}

/**
 * The camp editions: the current one for everybody, all of them for the camp admin. The admin paths carry
 * the token as their last segment, like the other admin calls, and logger.ts masks them; they are declared in
 * src/shared/camp/camp-edition-calls.ts.
 */
export async function registerCampEditionRoutes(app: FastifyInstance) {
  /** Who made a change: the signed-in camp account's username. */
  const accountName = async (request: FastifyRequest) => (await currentCampAccount(request)).username;

  // «The» camp, or with `?year=` another published edition (next year's camp, which has its own window).
  routeCall(app, currentEditionCalls.current, {}, async (request, reply) => {
    const year = yearOfQuery(request.query);
    const edition = await currentEditionView(app.db, app.now(), year);
    if (!edition)
      return reply
        .code(404)
        .header("cache-control", "no-store")
        .send({ error: year ? `Vinterleiren ${year} er ikke kunngjort.` : "Neste vinterleir er ikke kunngjort ennå." });
    return reply.header("cache-control", "no-cache").send(edition);
  });

  // Every published edition that takes registrations now (the wizard's «Hvilken vinterleir?»), oldest first.
  routeCall(app, currentEditionCalls.open, {}, async (_request, reply) =>
    reply.header("cache-control", "no-cache").send(await openEditionViews(app.db, app.now())),
  );

  routeCall(app, campEditionCalls.list, {}, async (_request, reply) => {
    const now = app.now();
    const editions = await listEditions(app.db);
    const theCamp = chooseTheCamp(
      editions.filter((edition) => edition.publishedAt),
      now,
    );
    return reply.header("cache-control", "no-store").send(editions.map((edition) => adminView(edition, theCamp?.data.year, now)));
  });

  routeCall(app, campEditionCalls.changes, {}, async (request, reply) => {
    const changes = await listEditionChanges(app.db, parseYear(request.params.year));
    return reply.header("cache-control", "no-store").send(changes.map((change) => ({ ...change, changedAt: change.changedAt.toISOString() })));
  });

  routeCall(app, campEditionCalls.put, {}, async (request, reply) => {
    const edition = await putEdition(app.db, parseYear(request.params.year), request.body, await accountName(request), app.now());
    forgetPublishedEditions(app.db);
    return reply.header("cache-control", "no-store").send(await adminViewOf(app.db, edition, app.now()));
  });

  routeCall(app, campEditionCalls.publish, {}, async (request, reply) => {
    const edition = await publishEdition(app.db, parseYear(request.params.year), await accountName(request), app.now());
    forgetPublishedEditions(app.db);
    return reply.header("cache-control", "no-store").send(await adminViewOf(app.db, edition, app.now()));
  });

  // «Kopier fra forrige gang»: a new draft from any earlier edition, dates moved by whole weeks.
  routeCall(app, campEditionCalls.copy, {}, async (request, reply) => {
    const now = app.now();
    const edition = await copyCampEdition(app.db, parseYear(request.params.fromYear), parseYear(request.params.toYear), {
      account: await accountName(request),
      now,
    });
    return reply
      .code(201)
      .header("cache-control", "no-store")
      .send(await adminViewOf(app.db, edition, now));
  });
}
