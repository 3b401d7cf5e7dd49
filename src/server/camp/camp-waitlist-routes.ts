import type { FastifyInstance, FastifyReply } from "fastify";
import { WaitlistMoveSchema } from "../../shared/camp/camp-waitlist.ts";
import { requireCampRole } from "../admin-auth/camp-account.ts";
import { parseWith, type ErrorBody } from "../errors.ts";
import { publicPostRateLimit } from "../security/public-rate-limit.ts";
import { requestedEditionYear } from "./camp-edition-lookup.ts";
import type { CampPaymentGateway } from "./camp-payment-gateway.ts";
import { answerFor, loadStoredRegistration } from "./camp-registrations.ts";
import { listWaitlist, moveInWaitlist, removeFromWaitlist } from "./camp-waitlist-admin.ts";
import { WaitlistJob } from "./camp-waitlist-job.ts";
import { acceptOffer, declineOffer, offerView, waitlistMessages } from "./camp-waitlist-offers.ts";

export interface WaitlistJobOptions {
  /** Default on; tests drive `app.campWaitlist.drain()` themselves. */
  startJob?: boolean;
  intervalMs?: number;
}

/** How often the waiting-list job looks for offers past their deadline and places to pass on. */
const waitlistJobIntervalMs = 5_000;

/** The job that expires offers and passes places on, at the app's root (Vipps kicks it too). */
export function setUpCampWaitlistJob(app: FastifyInstance, options: WaitlistJobOptions = {}) {
  const job = new WaitlistJob(app, options.intervalMs ?? waitlistJobIntervalMs);
  app.decorate("campWaitlist", job);
  if (options.startJob !== false) app.addHook("onReady", async () => job.start());
  app.addHook("preClose", async () => job.stop());
}

/**
 * The waiting list: the offer behind a mailed link (everybody with the link), and the camp admin's list,
 * removal and reordering. Registered in the camp routes' scope.
 */
export async function registerCampWaitlistRoutes(app: FastifyInstance, options: { payments: CampPaymentGateway }) {
  const gateway = options.payments;
  const job = app.campWaitlist;
  // A changed edition may have more places (a raised capacity): pass them on at once. The job would find
  // them within seconds anyway, also when the change was made by another process.
  app.addHook("onResponse", async (request, reply) => {
    if (request.method === "PUT" && request.routeOptions.url === "/api/CampEdition/Put/:year/:token" && reply.statusCode === 200) job.kick();
  });

  app.get<{ Params: { offerToken: string } }>("/api/Venteliste/Get/:offerToken", async (request, reply) => {
    const view = await offerView(app.db, request.params.offerToken, app.now());
    reply.header("cache-control", "no-store");
    if (!view) return reply.code(404).send({ error: waitlistMessages.notFound } satisfies ErrorBody);
    return reply.send(view);
  });

  app.post<{ Params: { offerToken: string } }>(
    "/api/Venteliste/Accept/:offerToken",
    { config: { rateLimit: publicPostRateLimit(app.env) } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const outcome = await acceptOffer(app.db, request.params.offerToken, gateway, app.now(), app.env.PUBLIC_BASE_URL);
      if (outcome.kind === "not-found") return reply.code(404).send({ error: waitlistMessages.notFound } satisfies ErrorBody);
      if (outcome.kind === "gone") {
        if (outcome.expiredNow) await job.drain();
        return reply.code(410).send({ error: outcome.message } satisfies ErrorBody);
      }
      if (outcome.kind === "accepted" && outcome.confirmed) {
        app.outbox.kick();
        app.campListsChanged();
      }
      const registration = await loadStoredRegistration(app.db, outcome.registrationId);
      const answer = await answerFor(app, registration!, gateway, outcome.kind === "accepted" ? outcome.paymentReference : undefined);
      // A waiting answer here means the payment was lost and the place taken meanwhile: the offer is gone.
      if (answer.kind === "waitlist") return reply.code(410).send({ error: waitlistMessages.expired } satisfies ErrorBody);
      return reply.type("text/plain; charset=utf-8").send(answer.kind === "done" ? "Done" : answer.url);
    },
  );

  // «Nei takk» from the offer mail's link: the place passes on to the next in line at once.
  app.post<{ Params: { offerToken: string } }>(
    "/api/Venteliste/Decline/:offerToken",
    { config: { rateLimit: publicPostRateLimit(app.env) } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const outcome = await declineOffer(app.db, request.params.offerToken, app.now());
      if (outcome.kind === "not-found") return reply.code(404).send({ error: waitlistMessages.notFound } satisfies ErrorBody);
      if (outcome.kind === "accepted") return reply.code(409).send({ error: waitlistMessages.alreadyAccepted } satisfies ErrorBody);
      if (outcome.kind === "gone") return reply.code(410).send({ error: outcome.message } satisfies ErrorBody);
      if (outcome.now) {
        await job.drain();
        app.outbox.kick();
      }
      return reply.send((await offerView(app.db, request.params.offerToken, app.now()))!);
    },
  );

  const guard = { preHandler: requireCampRole("leder") };
  const editionYear = (query: unknown) => requestedEditionYear(app.db, app.now(), query);
  const sendList = async (reply: FastifyReply, year: number | undefined) => {
    reply.header("cache-control", "no-store");
    if (year === undefined) return reply.code(404).send({ error: waitlistMessages.notOnList } satisfies ErrorBody);
    return reply.send(await listWaitlist(app.db, year, app.now()));
  };
  const registrationId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : undefined);

  app.get("/api/VinterleirAdmin/Waitlist/:token", guard, async (request, reply) => sendList(reply, await editionYear(request.query)));

  app.post<{ Params: { registrationId: string } }>("/api/VinterleirAdmin/Waitlist/Remove/:registrationId/:token", guard, async (request, reply) => {
    const id = registrationId(request.params.registrationId);
    const year = id === undefined ? undefined : await removeFromWaitlist(app.db, id, app.now());
    // A withdrawn offer gave its place back: the next in line gets it now.
    if (year !== undefined) await job.drain();
    return sendList(reply, year);
  });

  app.post<{ Params: { registrationId: string } }>("/api/VinterleirAdmin/Waitlist/Move/:registrationId/:token", guard, async (request, reply) => {
    const { position } = parseWith(WaitlistMoveSchema, request.body);
    const id = registrationId(request.params.registrationId);
    const year = id === undefined ? undefined : await moveInWaitlist(app.db, id, position);
    return sendList(reply, year);
  });
}
