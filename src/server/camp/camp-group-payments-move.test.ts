import { describe, expect, it } from "vitest";
import { databaseKinds } from "../test-support/database.ts";
import { useDatabaseAt } from "../test-support/migrations-up-to.ts";
import { buildVippsTestApp } from "../test-support/vipps.ts";
import { vippsAdminView } from "../payments/vipps/vipps-payment-view.ts";
import { campBooks } from "./camp-vipps-side.ts";
import { loadAdminPersons } from "./camp-admin.ts";
import { myRegistrationView } from "./camp-self-service-view.ts";
import { treasurerSummary } from "./camp-treasurer.ts";

/**
 * A group's one Vipps payment loses its second record of each athlete's part (`payment_shares`, migration 0060):
 * the payment is for the orders of its group, each athlete's share and refunds are the ledger's. A group of two
 * as the release wrote it (an attempt that ended, a second one captured and split, one athlete cancelled after
 * the full-refund deadline with half of her share refunded) reads the same before and after: the family page, the
 * admin's paid and owed per person, the treasurer's sums, the Vipps panel and CheckIfVippsOk. The answers before
 * are the release's own (camp-group-payments-move.answers.json, written by running this file on the release's code).
 */
const now = new Date("2026-11-25T10:00:00Z");
const at = "'2026-10-20T10:00:00Z'";
const edition = {
  kind: "vinterleir",
  year: 2026,
  rules: {
    minAge: 7,
    companionMinAge: 18,
    cupGradeIdsBelow: 14,
    masterFromGradeId: 18,
    cupGradingBelowAge: 13,
    companionDefaultAge: 18,
    homeClubSleepoverMinAge: 12,
  },
  venue: "Follo Stil Arena",
  prices: { adult: 1200, child: 1025, childMaxAge: 12 },
  refund: { fullUntil: "2026-11-21", laterPercent: 50 },
  lastDay: "2026-11-30",
  lateFee: { amount: 100, enabled: false, firstDay: "2026-11-21" },
  program: [],
  capacity: null,
  firstDay: "2026-11-28",
  earlyBird: { lastDay: "2026-10-31", percent: 10 },
  flyerTexts: { clubs: "Velkommen.", adults: "Velkommen.", children: "Velkommen." },
  gradingFee: 350,
  homeClubId: 1,
  companionFee: 550,
  sleepoverCapacity: null,
  registrationOpensAt: "2025-11-30T23:00:00.000Z",
  registrationClosesAt: "2026-11-30T23:00:00.000Z",
  registrationDuringCamp: false,
};

describe.each(databaseKinds)("a group's one Vipps payment read from the ledger and the group (migration 0060) on %s", (kind) => {
  const stopped = useDatabaseAt(kind, "0058_money_by_order_id");

  /** Per and Kari, a group paying once with Vipps, as the release left them; `kariRefunded`: her share's refunded amount. */
  const fill = async (kariRefunded = 600) => {
    const { run } = stopped;
    await stopped.campEditions(2026);
    await run(`update events set definition = '${JSON.stringify(edition)}'::jsonb where id = 901`);
    await run(`insert into event_orders (id, event_id, order_id, draft_id, status, method, first_name, last_name, email, email_key, telephone,
        contact_name, owner_kind, group_id, created_at, confirmed_at, cancelled_at) overriding system value values
      (1, 901, 'VL26-AAAAA1', 'd-1', 'confirmed', 'vipps', 'Per', 'Hansen', 'per@example.no', 'per@example.no', '90000001', '', 'camp',
        'VL26-AAAAA1', ${at}, '2026-10-20T10:06:00Z', null),
      (2, 901, 'VL26-AAAAA2', 'd-2', 'cancelled', 'vipps', 'Kari', 'Hansen', 'per@example.no', 'per@example.no', '90000001', '', 'camp',
        'VL26-AAAAA1', ${at}, '2026-10-20T10:06:00Z', '2026-11-24T09:00:00Z')`);
    const answers = (gradering: boolean) =>
      JSON.stringify({
        allergies: "",
        gradering,
        hasLedsager: false,
        otherInfo: "",
        sleepover: false,
        vegan: false,
        instructor: 0,
        public: true,
        wantsToInstruct: false,
        dataConsent: true,
        termsAccepted: true,
      });
    await run(`insert into event_positions (order_id, owner_kind, position, kind, first_name, last_name, age, club_id, grade_id, answers) values
      (1, 'camp', 0, 'athlete', 'Per', 'Hansen', 30, 1, 1, '${answers(true)}'::jsonb),
      (2, 'camp', 0, 'athlete', 'Kari', 'Hansen', 28, 1, 1, '${answers(false)}'::jsonb)`);
    // The first attempt ended; the second was approved, captured and split by the shares; half of Kari's went back.
    await run(`insert into event_payments (id, order_id, owner_kind, reference, method, kind, amount, state, paid_amount, vipps_state, redirect_url,
        authorized_amount, captured_amount, refunded_amount, created_at, updated_at) overriding system value values
      (1, 1, 'camp', 'VL26-AAAAA1-1', 'vipps', 'registration', 2750, 'aborted', 0, 'ABORTED', 'https://vipps/1', 0, 0, 0, ${at}, ${at}),
      (2, 1, 'camp', 'VL26-AAAAA1-2', 'vipps', 'registration', 2750, 'captured', 2150, 'AUTHORIZED', 'https://vipps/2', 2750, 2750, 600,
        '2026-10-20T10:05:00Z', '2026-11-24T09:01:00Z')`);
    await run(`select setval(pg_get_serial_sequence('event_payments', 'id'), 2)`);
    await run(`insert into payment_shares (payment_id, registration_id, amount, refunded_amount) values
      (1, 1, 1550, 0), (1, 2, 1200, 0), (2, 1, 1550, 0), (2, 2, 1200, ${kariRefunded})`);
    await run(`insert into event_payment_actions (payment_id, actor, action, amount, at, note) values
      (2, 'vipps-webhook', 'vipps-authorized', 2750, '2026-10-20T10:06:00Z', 'Vipps VL26-AAAAA1-2: reservert'),
      (2, 'system', 'vipps-captured', 2750, '2026-10-20T10:06:01Z', null),
      (2, 'camp-admin', 'refund-requested', 600, '2026-11-24T09:00:00Z', 'Refusjon'),
      (2, 'system', 'vipps-refunded', 600, '2026-11-24T09:01:00Z', null)`);
    await run(`insert into event_ledger_entries (order_id, owner_kind, at, actor, reason, kind, person, item, label, method, amount, payment_id) values
      (1, 'camp', ${at}, 'deltaker', 'Påmelding', 'charge', 'athlete', 'athlete', 'Vinterleir, voksen: Per Hansen', null, 1200, null),
      (1, 'camp', ${at}, 'deltaker', 'Påmelding', 'charge', 'athlete', 'grading', 'Cup-gradering', null, 350, null),
      (2, 'camp', ${at}, 'deltaker', 'Påmelding', 'charge', 'athlete', 'athlete', 'Vinterleir, voksen: Kari Hansen', null, 1200, null),
      (1, 'camp', '2026-10-20T10:06:01Z', 'system', 'Betalt med Vipps (VL26-AAAAA1-2)', 'payment', null, null, null, 'vipps', 1550, 2),
      (2, 'camp', '2026-10-20T10:06:01Z', 'system', 'Betalt med Vipps (VL26-AAAAA1-2)', 'payment', null, null, null, 'vipps', 1200, 2),
      (2, 'camp', '2026-11-24T09:00:00Z', 'camp-admin', 'Avbestilt', 'charge', 'athlete', 'athlete', 'Avbestilt: Kari Hansen', null, -1200, null),
      (2, 'camp', '2026-11-24T09:00:00Z', 'camp-admin', 'Avbestilt', 'charge', 'athlete', 'cancellation-fee', null, null, 600, null),
      (2, 'camp', '2026-11-24T09:00:00Z', 'camp-admin', 'Avbestilt', 'refund', null, null, null, 'vipps', 600, 2)`);
  };

  /** Every figure the camp shows of the group's money. */
  const figures = async () => {
    const { database } = stopped;
    const db = database.db;
    const persons = await loadAdminPersons(db, 2026);
    const { app } = await buildVippsTestApp(database, () => now);
    try {
      const check = async (orderId: string) => (await app.inject({ url: `/api/Vipps/CheckIfVippsOk/${orderId}` })).body;
      return {
        family: { per: await myRegistrationView(db, 1, now), kari: await myRegistrationView(db, 2, now) },
        admin: persons,
        treasurer: await treasurerSummary(db, 2026, persons),
        vipps: { per: await vippsAdminView(db, campBooks, 1, now), kari: await vippsAdminView(db, campBooks, 2, now) },
        checkIfVippsOk: { per: await check("VL26-AAAAA1"), kari: await check("VL26-AAAAA2") },
      };
    } finally {
      await app.close();
    }
  };

  it("reads every figure of the group's payment as the release showed it, from the ledger and the group", async () => {
    const { database, run } = stopped;
    await fill();
    await database.migrate();
    const after = await figures();
    await expect(`${JSON.stringify(after, null, 2)}\n`).toMatchFileSnapshot("./camp-group-payments-move.answers.json");
    // The figures a reader checks first, spelled out: Kari's share and refund, Per's share, both still «RESERVED».
    expect(after.vipps.per!.group!.shares.map((share) => [share.name, share.amount, share.refunded])).toEqual([
      ["Per Hansen", 1550, 0],
      ["Kari Hansen", 1200, 600],
    ]);
    expect(after.checkIfVippsOk).toEqual({ per: "RESERVED", kari: "RESERVED" });
    expect((await run(`select to_regclass('payment_shares') as t`)).rows[0]!.t).toBeNull();
  });

  it("stops, naming the share, when the ledger does not give back what a share says was refunded", async () => {
    const { database, run } = stopped;
    await fill(500);
    const failed = await database.migrate().then(
      () => undefined,
      (error: unknown) => error as Error & { cause?: Error },
    );
    expect(`${failed?.message} ${failed?.cause?.message}`).toMatch(
      /payment_shares \(payment 2, registration 2\): refunded 500 kr, the ledger's refunds 600 kr/,
    );
    expect((await run(`select count(*)::int as n from payment_shares`)).rows[0]!.n).toBe(4);
  });
});
