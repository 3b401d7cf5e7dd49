import type { FastifyInstance } from "fastify";
import { currentCampAccount } from "../admin-auth/camp-account.ts";
import { lockCampRegistration } from "./camp-registration-rows.ts";
import type { ErrorBody } from "../errors.ts";
import { routeCall, type CallReply } from "../http/call-route.ts";
import { campAdminCalls } from "../../shared/camp/camp-admin-calls.ts";
import type { CampAdminActionAnswer } from "../../shared/camp/camp-admin-answers.ts";
import { refundPaidMessages } from "../../shared/camp/camp-treasurer.ts";
import { campFileName } from "../../shared/camp/camp-admin-exports.ts";
import { figuresOf } from "./camp-ledger-store.ts";
import { recordRefundPaid } from "./camp-ledger-payments.ts";
import { correctRegistration } from "./camp-correction.ts";
import { leaderAddCompanion, leaderRemoveCompanion } from "./camp-leader-companions.ts";
import { decideCompanionCase, openCompanionCasesOf } from "./camp-companion-cases.ts";
import { registrationLedgerHistory } from "./camp-ledger-history.ts";
import { type AdminPerson, editionMoney, loadAdminPersons, totalsOf } from "./camp-admin.ts";
import { adminActionMessages, cancelRegistration, markCardCashPaid, type AdminActionOutcome } from "./camp-admin-actions.ts";
import { campParticipantsCsv } from "./camp-csv.ts";
import type { CampPaymentGateway } from "./camp-payment-gateway.ts";
import { requestedEditionYear } from "./camp-edition-lookup.ts";
import { registrationChanges } from "./camp-self-service.ts";
import { readInOneSnapshot } from "../db/one-snapshot.ts";

/**
 * The camp admin's routes (src/shared/camp/camp-admin-calls.ts), all under /api/VinterleirAdmin/ so logger.ts
 * masks the token, all behind the camp guard: the list, totals and marking a card/cash payment for every camp account (an `innsjekk`
 * account gets the list without the allergy and other-information texts), the rest for a `leder`. They show
 * the current edition, or `?year=` for an earlier one.
 */
export async function registerCampAdminRoutes(app: FastifyInstance, { payments }: { payments?: CampPaymentGateway } = {}) {
  registerCampListRoutes(app);
  registerCampMoneyRoutes(app);
  registerCampCorrectionRoutes(app, payments);
  registerCampCancelRoute(app, payments);
}

const editionYear = (app: FastifyInstance, query: unknown) => requestedEditionYear(app.db, app.now(), query);

/** What the admin reads: the list, the totals, the CSV, and a registration's changes and ledger. */
function registerCampListRoutes(app: FastifyInstance) {
  routeCall(app, campAdminCalls.participants, {}, async (request, reply) => {
    const year = await editionYear(app, request.query);
    const persons = await readInOneSnapshot(app.db, (db) => loadAdminPersons(db, year));
    const { role } = await currentCampAccount(request);
    return reply.header("cache-control", "no-store").send(role === "leder" ? persons : persons.map(withoutHealthTexts));
  });

  routeCall(app, campAdminCalls.totals, {}, async (request, reply) => {
    const year = await editionYear(app, request.query);
    const totals = await readInOneSnapshot(app.db, async (db) => totalsOf(await loadAdminPersons(db, year), (await editionMoney(db, year)).totals));
    return reply.header("cache-control", "no-store").send(totals);
  });

  routeCall(app, campAdminCalls.csv, {}, async (request, reply) => {
    const year = await editionYear(app, request.query);
    const csv = campParticipantsCsv(await readInOneSnapshot(app.db, (db) => loadAdminPersons(db, year)));
    return reply
      .header("cache-control", "no-store")
      .header("content-disposition", `attachment; filename="${campFileName(year, "deltakere", "csv")}"`)
      .type("text/csv; charset=utf-8")
      .send(csv);
  });

  // What the participant changed or cancelled through "Min påmelding" (camp-self-service.ts), oldest first.
  routeCall(app, campAdminCalls.changes, {}, async (request, reply) => {
    const raw = request.params.registrationId;
    const changes = /^\d{1,9}$/.test(raw) ? await registrationChanges(app.db, Number(raw)) : [];
    return reply.header("cache-control", "no-store").send(changes);
  });

  // «Historikk»: the registration's ledger entries with their Norwegian reasons, oldest first.
  routeCall(app, campAdminCalls.ledger, {}, async (request, reply) => {
    const raw = request.params.registrationId;
    const history = /^\d{1,9}$/.test(raw) ? await registrationLedgerHistory(app.db, Number(raw)) : undefined;
    if (history === undefined) return reply.code(404).send({ error: adminActionMessages.notFound } satisfies ErrorBody);
    return reply.header("cache-control", "no-store").send(history);
  });
}

/** The money the treasurer takes in or pays back by hand. */
function registerCampMoneyRoutes(app: FastifyInstance) {
  routeCall(app, campAdminCalls.markPaid, {}, async (request, reply) =>
    sendOutcome(
      reply,
      await withRegistrationId(request.params.registrationId, async (id) =>
        markCardCashPaid(app.db, id, app.now(), (await currentCampAccount(request)).username, request.body.method),
      ),
    ),
  );

  // «Skal betales tilbake»: the treasurer marks money owed back outside Vipps as paid back (a ledger entry).
  routeCall(app, campAdminCalls.refundPaid, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const raw = request.params.registrationId;
    if (!/^\d{1,9}$/.test(raw)) return reply.code(404).send({ error: adminActionMessages.notFound } satisfies ErrorBody);
    const input = request.body;
    const { username } = await currentCampAccount(request);
    const done = await app.db.transaction(async (tx) => {
      await lockCampRegistration(tx, Number(raw));
      return recordRefundPaid(tx, Number(raw), input, {
        actor: username,
        reason: "Betalt tilbake av kassereren",
        now: app.now(),
      });
    });
    if (!done) return reply.code(409).send({ error: refundPaidMessages.notOwed } satisfies ErrorBody);
    return reply.send(await figuresOf(app.db, Number(raw)));
  });
}

/** The leader's corrections of a registration and its companions, and the companion cases. */
function registerCampCorrectionRoutes(app: FastifyInstance, payments: CampPaymentGateway | undefined) {
  // The leader corrects age, club, grade or grading with the wizard's rules; a price change goes through the ledger.
  routeCall(app, campAdminCalls.correct, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const raw = request.params.registrationId;
    if (!/^\d{1,9}$/.test(raw)) return reply.code(404).send({ error: adminActionMessages.notFound } satisfies ErrorBody);
    const outcome = await correctRegistration(app.services, Number(raw), request.body, (await currentCampAccount(request)).username);
    if (outcome.refund > 0) await payments?.settleNow?.(Number(raw)).catch(() => undefined);
    return reply.send(outcome);
  });

  // The leader adds a companion: charged in the ledger and owed until paid; the family is mailed.
  routeCall(app, campAdminCalls.addCompanion, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const raw = request.params.registrationId;
    if (!/^\d{1,9}$/.test(raw)) return reply.code(404).send({ error: adminActionMessages.notFound } satisfies ErrorBody);
    return reply.send(await leaderAddCompanion(app.services, Number(raw), request.body, (await currentCampAccount(request)).username));
  });

  // The leader removes a companion by the one cancellation rule on what was paid for them; the family is mailed.
  routeCall(app, campAdminCalls.removeCompanion, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const raw = request.params.registrationId;
    if (!/^\d{1,9}$/.test(raw)) return reply.code(404).send({ error: adminActionMessages.notFound } satisfies ErrorBody);
    const id = Number(raw);
    // A reservation not yet captured is captured first, so the rule applies to money that came in.
    await payments?.settleNow?.(id).catch(() => undefined);
    const outcome = await leaderRemoveCompanion(app.services, id, request.body, (await currentCampAccount(request)).username);
    if (outcome.refund > 0) await payments?.settleNow?.(id).catch(() => undefined);
    return reply.send(outcome);
  });

  // «Allerede påmeldt» companions whose payer is cancelled: the open cases, and the leader's one decision on each.
  routeCall(app, campAdminCalls.companionCases, {}, async (request, reply) =>
    reply.header("cache-control", "no-store").send(await openCompanionCasesOf(app.db, await editionYear(app, request.query))),
  );

  routeCall(app, campAdminCalls.companionCase, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const raw = request.params.caseId;
    if (!/^\d{1,9}$/.test(raw)) return reply.code(404).send({ error: adminActionMessages.notFound } satisfies ErrorBody);
    return reply.send(await decideCompanionCase(app.services, Number(raw), request.body, (await currentCampAccount(request)).username));
  });
}

/** The leader cancels a registration: refund, mail and the waiting list follow. */
function registerCampCancelRoute(app: FastifyInstance, payments: CampPaymentGateway | undefined) {
  routeCall(app, campAdminCalls.cancel, {}, async (request, reply) =>
    sendOutcome(
      reply,
      await withRegistrationId(request.params.registrationId, async (id) => {
        // A reservation not yet captured is captured first, so the rule applies to money that came in.
        await payments?.settleNow?.(id).catch(() => undefined);
        const outcome = await cancelRegistration(app.db, id, app.now(), (await currentCampAccount(request)).username, app.env.PUBLIC_BASE_URL);
        app.services.campListsChanged();
        if (outcome.kind === "ok" && outcome.changed) {
          // The refund queued by the cancellation goes to Vipps now (the Vipps job retries it), and the mail goes.
          await payments?.settleNow?.(id).catch(() => undefined);
          app.outbox.kick();
        }
        // The place is free: the first in line on the waiting list gets an offer now.
        if (outcome.kind === "ok" && outcome.changed) await app.waitlist.drain();
        return outcome;
      }),
    ),
  );
}

/** What an `innsjekk` account sees: that there are allergies or other information, not what they say. */
export function withoutHealthTexts(person: AdminPerson): AdminPerson {
  return { ...person, allergies: "", otherinfo: "", hasAllergies: person.allergies.trim() !== "", hasOtherInfo: person.otherinfo.trim() !== "" };
}

async function withRegistrationId(raw: string, action: (id: number) => Promise<AdminActionOutcome>): Promise<AdminActionOutcome> {
  if (!/^\d{1,9}$/.test(raw)) return { kind: "not-found" };
  return action(Number(raw));
}

function sendOutcome(reply: CallReply<typeof campAdminCalls.markPaid | typeof campAdminCalls.cancel>, outcome: AdminActionOutcome) {
  reply.header("cache-control", "no-store");
  if (outcome.kind === "not-found") return reply.code(404).send({ error: adminActionMessages.notFound } satisfies ErrorBody);
  if (outcome.kind === "conflict") return reply.code(409).send({ error: outcome.message } satisfies ErrorBody);
  return reply.send({ ...outcome.result, changed: outcome.changed } satisfies CampAdminActionAnswer);
}
