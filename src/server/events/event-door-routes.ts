import type { FastifyInstance } from "fastify";
import { currentCampAccount, requireCampRole } from "../admin-auth/camp-account.ts";
import { eventDoorAction, eventDoorList } from "./event-door.ts";

/**
 * The door of the club's events (docs/decisions/0030-event-door.md), for every account that works a door
 * (`leder`, `innsjekk`; a `redaktør` is refused): the door list, and check-in or a sale's pick-up with undo.
 * Nothing else: the door takes no money and changes no order.
 */
export async function registerEventDoorRoutes(app: FastifyInstance) {
  const door = { preHandler: requireCampRole() };

  app.get<{ Params: { slug: string } }>("/api/ArrangementInnsjekk/Get/:slug/:token", door, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return reply.send(await eventDoorList(app.db, request.params.slug, app.now()));
  });

  app.post<{ Params: { slug: string } }>(
    "/api/ArrangementInnsjekk/CheckIn/:slug/:token",
    { ...door, bodyLimit: 4 * 1024 },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const account = await currentCampAccount(request);
      return reply.send(await eventDoorAction(app.db, request.params.slug, request.body, account, app.now()));
    },
  );
}
