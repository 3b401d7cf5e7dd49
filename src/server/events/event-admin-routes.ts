import type { FastifyInstance } from "fastify";
import { eventAdminCalls } from "../../shared/events/event-admin-calls.ts";
import { currentCampAccount } from "../admin-auth/camp-account.ts";
import { xlsxContentType } from "../exports/xlsx.ts";
import { routeCall } from "../http/call-route.ts";
import type { EventAdminServices } from "./event-admin-services.ts";
import type { EventServices } from "./event-services.ts";

/**
 * The event admin (docs/decisions/0039-one-engine-for-every-event.md) with a camp account's token, declared in
 * src/shared/events/event-admin-calls.ts: the list of events for every account that works a door (its
 * chooser), every change, the participants with their contact details and answers, and the exports for a
 * `leder` only. The token is checked before the body is (http/call-route.ts).
 */
export function registerEventAdminRoutes(app: FastifyInstance, services: EventServices, admin: EventAdminServices) {
  const noStore = { "cache-control": "no-store" };

  routeCall(app, eventAdminCalls.list, {}, async (_request, reply) => reply.headers(noStore).send(await admin.list()));

  routeCall(app, eventAdminCalls.save, { bodyLimit: 128 * 1024 }, async (request, reply) => {
    reply.headers(noStore);
    const account = (await currentCampAccount(request)).username;
    const saved = await admin.save(request.params.slug, request.body, account, request.query.create === "1");
    return reply.code(saved.created ? 201 : 200).send(saved);
  });

  routeCall(app, eventAdminCalls.publish, {}, async (request, reply) => {
    reply.headers(noStore);
    await admin.publish(request.params.slug, (await currentCampAccount(request)).username);
    return reply.send({ slug: request.params.slug, published: true });
  });

  routeCall(app, eventAdminCalls.changes, {}, async (request, reply) => reply.headers(noStore).send(await admin.changes(request.params.slug)));

  routeCall(app, eventAdminCalls.copy, { bodyLimit: 4 * 1024 }, async (request, reply) => {
    reply.headers(noStore);
    const { fromSlug, toSlug } = request.params;
    const copied = await admin.copy(fromSlug, toSlug, request.body.weeks, (await currentCampAccount(request)).username);
    return reply.code(201).send(copied);
  });

  routeCall(app, eventAdminCalls.participants, {}, async (request, reply) =>
    reply.headers(noStore).send(await admin.participants(request.params.slug)),
  );
  routeCall(app, eventAdminCalls.money, {}, async (request, reply) => reply.headers(noStore).send(await admin.money(request.params.slug)));

  routeCall(app, eventAdminCalls.cancel, { bodyLimit: 1024 }, async (request, reply) => {
    const account = (await currentCampAccount(request)).username;
    const answer = await services.cancelByLeader(request.params.orderId, request.body, account);
    return reply.headers(noStore).send(answer);
  });

  routeCall(app, eventAdminCalls.xlsx, {}, async (request, reply) => {
    const file = await admin.xlsx(request.params.slug);
    return reply
      .headers({ ...noStore, "content-disposition": `attachment; filename="${file.name}"` })
      .type(xlsxContentType)
      .send(file.body);
  });

  routeCall(app, eventAdminCalls.csv, {}, async (request, reply) => {
    const file = await admin.csv(request.params.slug);
    return reply
      .headers({ ...noStore, "content-disposition": `attachment; filename="${file.name}"` })
      .type("text/csv; charset=utf-8")
      .send(file.body);
  });
}
