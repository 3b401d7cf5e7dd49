import type { FastifyInstance } from "fastify";
import { campAdminCalls } from "../../shared/camp/camp-admin-calls.ts";
import type { ErrorBody } from "../errors.ts";
import { routeCall, type CallReply } from "../http/call-route.ts";
import { requestedEditionYear } from "./camp-edition-lookup.ts";
import type { CampPaymentGateway } from "./camp-payment-gateway.ts";
import { listWaitlist, moveInWaitlist, removeFromWaitlist } from "./camp-waitlist-admin.ts";
import type { OfferKinds } from "../events/offer-answers.ts";
import { campOfferKind } from "./camp-offer-kind.ts";

const notOnList = "Fant ikke noen på ventelisten med den id-en.";

/**
 * The waiting list: the camp's part of the offer behind a mailed link, and the camp admin's list, removal
 * and reordering. Registered in the camp routes' scope.
 */
export async function registerCampWaitlistRoutes(app: FastifyInstance, options: { payments: CampPaymentGateway; offerKinds?: OfferKinds }) {
  // The offer's answers are every kind's (events/offer-routes.ts); the camp's part is answered in this scope.
  if (options.offerKinds) options.offerKinds.camp = campOfferKind(app.services, options.payments);
  const job = app.waitlist;
  // A changed edition may have more places (a raised capacity): pass them on at once. The job would find
  // them within seconds anyway, also when the change was made by another process.
  app.addHook("onResponse", async (request, reply) => {
    if (request.method === "PUT" && request.routeOptions.url === "/api/CampEdition/Put/:year/:token" && reply.statusCode === 200) job.kick();
  });

  const editionYear = (query: unknown) => requestedEditionYear(app.db, app.now(), query);
  const sendList = async (
    reply: CallReply<typeof campAdminCalls.waitlist | typeof campAdminCalls.waitlistRemove | typeof campAdminCalls.waitlistMove>,
    year: number | undefined,
  ) => {
    reply.header("cache-control", "no-store");
    if (year === undefined) return reply.code(404).send({ error: notOnList } satisfies ErrorBody);
    return reply.send(await listWaitlist(app.db, year, app.now()));
  };
  const registrationId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : undefined);

  routeCall(app, campAdminCalls.waitlist, {}, async (request, reply) => sendList(reply, await editionYear(request.query)));

  routeCall(app, campAdminCalls.waitlistRemove, {}, async (request, reply) => {
    const id = registrationId(request.params.registrationId);
    const year = id === undefined ? undefined : await removeFromWaitlist(app.db, id, app.now());
    // A withdrawn offer gave its place back: the next in line gets it now.
    if (year !== undefined) await job.drain();
    return sendList(reply, year);
  });

  routeCall(app, campAdminCalls.waitlistMove, {}, async (request, reply) => {
    const id = registrationId(request.params.registrationId);
    const year = id === undefined ? undefined : await moveInWaitlist(app.db, id, request.body.position);
    return sendList(reply, year);
  });
}
