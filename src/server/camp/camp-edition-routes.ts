import type { FastifyInstance, FastifyRequest } from "fastify";
import { currentCampAccount, requireCampRole } from "../admin-auth/camp-account.ts";
import { HttpError } from "../errors.ts";
import { publishEdition } from "./camp-edition-publish.ts";
import { currentEditionView, listEditionChanges, listEditions, putEdition, type StoredEdition } from "./camp-editions.ts";

/** The edition as the admin API shows it: the editable fields, then where it stands. */
function adminView(edition: StoredEdition) {
  return { ...edition.data, current: edition.isCurrent, publishedAt: edition.publishedAt?.toISOString() ?? null, version: edition.version, updatedAt: edition.updatedAt.toISOString() };
}

function parseYear(raw: string): number {
  const year = /^\d{4}$/.test(raw) ? Number(raw) : NaN;
  if (!(year >= 2000 && year <= 2100)) throw new HttpError(400, "Året må være et årstall mellom 2000 og 2100.");
  return year;
}

/**
 * The camp editions: the current one for everybody, all of them for the camp admin. The admin paths carry
 * the token as their last segment, like the other admin calls, and logger.ts masks them.
 */
export async function registerCampEditionRoutes(app: FastifyInstance) {
  const guard = { preHandler: requireCampRole("leder") };
  /** Who made a change: the signed-in camp account's username. */
  const accountName = async (request: FastifyRequest) => (await currentCampAccount(request)).username;

  app.get("/api/CampEdition/Current", async (_request, reply) => {
    const edition = await currentEditionView(app.db, app.now());
    if (!edition) return reply.code(404).header("cache-control", "no-store").send({ error: "Neste vinterleir er ikke kunngjort ennå." });
    return reply.header("cache-control", "no-cache").send(edition);
  });

  app.get("/api/CampEdition/Get/:token", guard, async (_request, reply) => {
    const editions = await listEditions(app.db);
    return reply.header("cache-control", "no-store").send(editions.map(adminView));
  });

  app.get<{ Params: { year: string } }>("/api/CampEdition/Changes/:year/:token", guard, async (request, reply) => {
    const changes = await listEditionChanges(app.db, parseYear(request.params.year));
    return reply.header("cache-control", "no-store").send(changes.map((change) => ({ ...change, changedAt: change.changedAt.toISOString() })));
  });

  app.put<{ Params: { year: string } }>("/api/CampEdition/Put/:year/:token", guard, async (request, reply) => {
    const edition = await putEdition(app.db, parseYear(request.params.year), request.body, await accountName(request), app.now());
    return reply.header("cache-control", "no-store").send(adminView(edition));
  });

  app.post<{ Params: { year: string } }>("/api/CampEdition/Publish/:year/:token", guard, async (request, reply) => {
    const edition = await publishEdition(app.db, parseYear(request.params.year), await accountName(request), app.now());
    return reply.header("cache-control", "no-store").send(adminView(edition));
  });
}
