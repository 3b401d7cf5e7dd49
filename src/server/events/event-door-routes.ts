import type { FastifyInstance } from "fastify";
import { eventDoorCalls } from "../../shared/events/event-admin-calls.ts";
import { currentCampAccount } from "../admin-auth/camp-account.ts";
import { routeCall } from "../http/call-route.ts";
import type { EventAdminServices } from "./event-admin-services.ts";

/**
 * The door of the club's events (docs/decisions/0030-event-door.md), for every account that works a door
 * (`leder`, `innsjekk`; a `redaktør` is refused): the door list, and check-in or a sale's pick-up with undo.
 * Nothing else: the door takes no money and changes no order.
 */
export function registerEventDoorRoutes(app: FastifyInstance, admin: EventAdminServices) {
  routeCall(app, eventDoorCalls.list, {}, async (request, reply) =>
    reply.header("cache-control", "no-store").send(await admin.doorList(request.params.slug)),
  );

  routeCall(app, eventDoorCalls.checkIn, { bodyLimit: 4 * 1024 }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return reply.send(await admin.doorAction(request.params.slug, request.body, await currentCampAccount(request)));
  });
}
