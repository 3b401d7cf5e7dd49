import type { FastifyInstance, FastifyReply } from "fastify";
import { myRegistrationPath } from "../../shared/camp/camp-my-registration.ts";
import { eventOrderLinkBase } from "../../shared/events/event-my-order.ts";
import { familyCalls } from "../../shared/family/family-calls.ts";
import { familyPageLinkPath, familyPageMessages, familyPagePath, newLinkAnswer } from "../../shared/family/family-page.ts";
import type { ErrorBody } from "../errors.ts";
import { routeCall } from "../http/call-route.ts";
import { publicPostRateLimit } from "../security/public-rate-limit.ts";
import { selfServiceMessages } from "../camp/camp-self-service.ts";
import { renewFamilyLinks } from "./family-links-renew.ts";
import { seasonOfLink, seasonView } from "./family-season.ts";

/**
 * «Min side» (docs/decisions/0042-one-family-page-for-the-season.md): the page behind every link, the season's
 * answer, a new link, and the older pages' addresses leading here. Everything under /api/MinPamelding/ so the
 * logger masks the link's secret; the pages are sent with `Cache-Control: no-store`.
 */
export async function registerFamilyRoutes(app: FastifyInstance) {
  const limited = { config: { rateLimit: publicPostRateLimit(app.env) } };
  const notFound = (reply: FastifyReply) =>
    reply
      .code(404)
      .header("cache-control", "no-store")
      .send({ error: selfServiceMessages.notFound } satisfies ErrorBody);
  const opens = async (token: string) => (await seasonOfLink(app.db, token, app.now())) !== undefined;
  // An unknown, anonymised or malformed link is answered with the 404 page (it then says so in Norwegian).
  const missingPage = (request: Parameters<NonNullable<FastifyInstance["sendWorkingPage"]>>[0], reply: FastifyReply) =>
    app.sendWorkingPage ? app.sendWorkingPage(request, reply, 404) : notFound(reply);

  app.get<{ Params: { token: string } }>(`${familyPagePath}/:token`, async (request, reply) => {
    if (await opens(request.params.token)) return reply.header("cache-control", "no-store").callNotFound();
    return missingPage(request, reply);
  });

  // The links already mailed (the camp's and an event order's) lead to «Min side» with their secret. An unknown
  // one too: «Min side» answers it with its 404 page, so the browser never renders the old address's redirect.
  for (const base of [myRegistrationPath, eventOrderLinkBase])
    app.get<{ Params: { token: string } }>(`${base}/:token`, async (request, reply) =>
      reply.header("cache-control", "no-store").redirect(familyPageLinkPath(encodeURIComponent(request.params.token)), 302),
    );

  routeCall(app, familyCalls.season, {}, async (request, reply) => {
    const now = app.now();
    const season = await seasonOfLink(app.db, request.params.token, now);
    const view = season && (await seasonView(app.db, season, now));
    if (!view) return notFound(reply);
    return reply.header("cache-control", "no-store").send(view);
  });

  routeCall(app, familyCalls.newLink, { bodyLimit: 1024, ...limited }, async (request, reply) => {
    const deps = { db: app.db, now: () => app.now(), publicBaseUrl: app.env.PUBLIC_BASE_URL, kickOutbox: () => app.outbox.kick() };
    const outcome = await renewFamilyLinks(deps, request.params.token);
    if (outcome === "notfound") return notFound(reply);
    if (outcome === "refused")
      return reply
        .code(403)
        .header("cache-control", "no-store")
        .send({ error: familyPageMessages.newLinkNotHere } satisfies ErrorBody);
    return reply.header("cache-control", "no-store").send({ message: newLinkAnswer });
  });
}
