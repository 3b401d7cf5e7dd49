import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventCheckinActions } from "../db/schema/events-checkin.ts";
import { eventLedgerEntries, eventPaymentActions, eventPayments } from "../db/schema/events-money.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { campPayment, selectCampPayments } from "../payments/camp-payment-rows.ts";
import { databaseKinds } from "../test-support/database.ts";
import { migrationsUpTo, useDatabaseAt } from "../test-support/migrations-up-to.ts";

/**
 * The camp's payments and money log join the engine's (`event_payments` with `camp_registration_id`,
 * `event_payment_actions`). The camp's payments keep their ids, because the shares, the ledger, the door log and the
 * money log name them; the events' payments, named only by their ledger, move above them with their entries.
 */
describe.each(databaseKinds)("the camp's payments in the engine's table on %s", (kind) => {
  const stopped = useDatabaseAt(kind, "0046_family_links");

  it("moves every camp payment and money action with its id and fields, and the events' payments out of their way", async () => {
    const { database, run } = stopped;
    await stopped.campEditions(2026, 2027);
    const at = "'2026-11-20T10:00:00Z'";
    await run(`insert into events (slug, kind, definition, last_day, created_at, updated_at)
      values ('gradering-desember', 'gradering', '{}', '2026-12-12', ${at}, ${at})`);
    await run(`insert into event_orders (event_id, order_id, draft_id, status, method, first_name, last_name, email, telephone, amount, places, created_at)
      values (1, 'GR26-AAAAAA', 'd1', 'confirmed', 'vipps', 'Eva', 'Foresatt', 'eva@example.no', '90000000', 700, 1, ${at})`);
    // The event's two Vipps attempts: ids 1 and 2, the same as two of the camp's payments.
    await run(`insert into event_payments (order_id, reference, amount, state, vipps_state, redirect_url, authorized_amount, captured_amount,
        next_check_at, last_checked_at, created_at, updated_at) values
      (1, 'GR26-AAAAAA-1', 700, 'aborted', 'ABORTED', 'https://vipps/1', 0, 0, null, ${at}, ${at}, ${at}),
      (1, 'GR26-AAAAAA-2', 700, 'captured', 'AUTHORIZED', 'https://vipps/2', 700, 700, '2026-11-20T10:05:00Z', ${at}, ${at}, ${at})`);
    await run(`insert into event_ledger_entries (order_id, at, actor, reason, kind, method, amount, payment_id) values
      (1, ${at}, 'vipps', 'Betalt med Vipps (GR26-AAAAAA-2)', 'payment', 'vipps', 700, 2)`);
    const registration = (n: number, first: string) =>
      run(`insert into camp_registrations (edition_year, draft_id, order_id, first_name, last_name, age, email, telephone, allergies, club_id,
          grade_id, gradering, has_ledsager, other_info, sleepover, vegan, instructor, public, vipps, wants_to_instruct, data_consent, terms_accepted,
          status, created_at, group_id)
        values (2026, '00000000-0000-4000-8000-00000000000${n}', 'VL26-AAAAA${n}', '${first}', 'Hansen', 30, 'per@example.no', '90000001', '', 1,
          1, false, false, '', false, false, 0, true, true, false, true, true, 'confirmed', ${at}, 'VL26-AAAAA1')`);
    await registration(1, "Per");
    await registration(2, "Kari");
    // The camp's payments, with a gap: a group's Vipps payment with shares (every field set), its earlier failed
    // attempt, and a card/cash payment taken at the door.
    await run(`insert into payments (id, registration_id, reference, method, kind, amount, state, paid_amount, captured_amount, refunded_amount,
        created_at, updated_at, vipps_state, authorized_amount, cancelled_amount, redirect_url, settle, pending_refund_key, pending_refund_amount,
        next_check_at, claimed_until, last_checked_at, last_error) overriding system value values
      (1, 1, 'VL26-AAAAA1-1', 'vipps', 'registration', 2400, 'failed', 0, 0, 0, ${at}, ${at}, null, 0, 0, null, null, null, null, null, null, null, 'Vipps nektet'),
      (2, 1, 'VL26-AAAAA1-2', 'vipps', 'registration', 2400, 'captured', 1800, 2400, 600, ${at}, '2026-11-21T10:00:00Z', 'AUTHORIZED', 2400, 0,
        'https://vipps/camp', 'capture', 'refund-VL26-AAAAA1-2-7', 300, '2026-11-21T10:00:00Z', '2026-11-21T10:05:00Z', '2026-11-21T09:59:00Z', null),
      (5, 2, 'VL26-AAAAA2-INN', 'card_cash', 'change', 550, 'paid', 550, 0, 0, ${at}, ${at}, null, 0, 0, null, null, null, null, null, null, null, null)`);
    await run(`select setval(pg_get_serial_sequence('payments', 'id'), 5)`);
    await run(`insert into payment_shares (payment_id, registration_id, amount, refunded_amount) values (2, 1, 1200, 600), (2, 2, 1200, 0)`);
    await run(`insert into money_actions (id, payment_id, actor, action, amount, at, note) overriding system value values
      (3, 2, 'vipps-webhook', 'vipps-authorized', 2400, ${at}, 'Vipps VL26-AAAAA1-2: reservert'),
      (4, 2, 'system', 'vipps-captured', 2400, '2026-11-20T10:00:01Z', null),
      (7, 2, 'camp-admin', 'refund-requested', 600, '2026-11-21T10:00:00Z', 'Refusjon'),
      (9, 5, 'dora', 'checkin-paid', 550, '2026-11-28T09:00:00Z', 'Betalt ved innsjekking')`);
    await run(`select setval(pg_get_serial_sequence('money_actions', 'id'), 9)`);
    await run(`insert into event_ledger_entries (camp_registration_id, at, actor, reason, kind, method, amount, camp_payment_id) values
      (1, ${at}, 'vipps', 'Betalt med Vipps (VL26-AAAAA1-2)', 'payment', 'vipps', 2400, 2),
      (2, '2026-11-28T09:00:00Z', 'dora', 'Betalt ved innsjekking', 'payment', 'card_cash', 550, 5)`);
    await run(`insert into event_checkin_actions (camp_registration_id, kind, account_username, account_name, at, action_id, person_id, day, amount,
        camp_payment_id, money_action_id) values
      (2, 'payment', 'dora', 'Dora Dør', '2026-11-28T09:00:00Z', '00000000-0000-4000-8000-0000000000a1', 'a2', '2026-11-28', 550, 5, 9)`);

    // Up to the moves by order id: the shares go in 0060, which checks them against the ledger (group-payments-move.test.ts).
    await database.migrate(migrationsUpTo("0058_money_by_order_id"));

    // The camp's payments, field by field, with their ids.
    const camp = await selectCampPayments(database.db).orderBy(asc(eventPayments.id));
    expect(camp.map((row) => [row.id, row.registrationId, row.reference])).toEqual([
      [1, 1, "VL26-AAAAA1-1"],
      [2, 1, "VL26-AAAAA1-2"],
      [5, 2, "VL26-AAAAA2-INN"],
    ]);
    const paid = await campPayment(database.db, 2);
    expect(paid).toEqual({
      id: 2,
      registrationId: 1,
      reference: "VL26-AAAAA1-2",
      method: "vipps",
      kind: "registration",
      amount: 2400,
      state: "captured",
      paidAmount: 1800,
      vippsState: "AUTHORIZED",
      redirectUrl: "https://vipps/camp",
      authorizedAmount: 2400,
      capturedAmount: 2400,
      refundedAmount: 600,
      cancelledAmount: 0,
      settle: "capture",
      pendingRefundKey: "refund-VL26-AAAAA1-2-7",
      pendingRefundAmount: 300,
      nextCheckAt: new Date("2026-11-21T10:00:00Z"),
      claimedUntil: new Date("2026-11-21T10:05:00Z"),
      lastCheckedAt: new Date("2026-11-21T09:59:00Z"),
      lastError: null,
      createdAt: new Date("2026-11-20T10:00:00Z"),
      updatedAt: new Date("2026-11-21T10:00:00Z"),
    });
    expect(await campPayment(database.db, 1)).toMatchObject({
      registrationId: 1,
      reference: "VL26-AAAAA1-1",
      state: "failed",
      lastError: "Vipps nektet",
    });
    expect(await campPayment(database.db, 5)).toMatchObject({
      registrationId: 2,
      method: "card_cash",
      kind: "change",
      state: "paid",
      paidAmount: 550,
    });

    // The event's payments moved above every camp payment, in their order, with their ledger entry. (Its order has
    // itself moved to a higher id since, above the registrations (0049), so it is found by its number.)
    const [order] = await database.db.select({ id: eventOrders.id }).from(eventOrders).where(eq(eventOrders.orderId, "GR26-AAAAAA"));
    const events = await database.db.select().from(eventPayments).where(eq(eventPayments.orderId, order!.id)).orderBy(asc(eventPayments.id));
    expect(events.map((row) => row.reference)).toEqual(["GR26-AAAAAA-1", "GR26-AAAAAA-2"]);
    expect(events.every((row) => row.id > 5 && row.ownerKind === "order" && row.method === "vipps" && row.kind === "registration")).toBe(true);
    expect(events[1]).toMatchObject({ state: "captured", vippsState: "AUTHORIZED", authorizedAmount: 700, capturedAmount: 700, paidAmount: 700 });
    expect(events[1]!.nextCheckAt).toEqual(new Date("2026-11-20T10:05:00Z"));
    const ledger = await database.db.select().from(eventLedgerEntries).orderBy(asc(eventLedgerEntries.id));
    // Each camp entry names its registration's order by order_id since 0058.
    expect(ledger.map((entry) => [entry.orderId, entry.ownerKind, entry.paymentId])).toEqual([
      [order!.id, "order", events[1]!.id],
      [1, "camp", 2],
      [2, "camp", 5],
    ]);

    // The money log, each with its id, in order; the shares and the door log still name theirs.
    expect(await database.db.select().from(eventPaymentActions).orderBy(asc(eventPaymentActions.id))).toEqual([
      {
        id: 3,
        paymentId: 2,
        actor: "vipps-webhook",
        action: "vipps-authorized",
        amount: 2400,
        at: new Date("2026-11-20T10:00:00Z"),
        note: "Vipps VL26-AAAAA1-2: reservert",
      },
      { id: 4, paymentId: 2, actor: "system", action: "vipps-captured", amount: 2400, at: new Date("2026-11-20T10:00:01Z"), note: null },
      { id: 7, paymentId: 2, actor: "camp-admin", action: "refund-requested", amount: 600, at: new Date("2026-11-21T10:00:00Z"), note: "Refusjon" },
      {
        id: 9,
        paymentId: 5,
        actor: "dora",
        action: "checkin-paid",
        amount: 550,
        at: new Date("2026-11-28T09:00:00Z"),
        note: "Betalt ved innsjekking",
      },
    ]);
    expect((await run(`select * from payment_shares order by registration_id`)).rows).toEqual([
      { payment_id: 2, registration_id: 1, amount: 1200, refunded_amount: 600, owner_kind: "camp" },
      { payment_id: 2, registration_id: 2, amount: 1200, refunded_amount: 0, owner_kind: "camp" },
    ]);
    const [door] = await database.db.select().from(eventCheckinActions);
    expect(door).toMatchObject({ orderId: 2, ownerKind: "camp", kind: "payment", amount: 550, paymentId: 5, paymentActionId: 9 });

    // New rows take ids past the moved ones; a payment has an order.
    const fresh = await run(`insert into event_payments (order_id, owner_kind, reference, method, amount, state, created_at, updated_at)
      values (2, 'camp', 'VL26-AAAAA2-2', 'vipps', 100, 'created', ${at}, ${at}) returning id`);
    expect(Number(fresh.rows[0]!.id)).toBeGreaterThan(events[1]!.id);
    const action = await run(`insert into event_payment_actions (payment_id, actor, action, amount, at) values (5, 'x', 'y', 0, ${at}) returning id`);
    expect(Number(action.rows[0]!.id)).toBeGreaterThan(9);
    await expect(
      run(
        `insert into event_payments (reference, method, amount, state, created_at, updated_at) values ('X-1', 'vipps', 1, 'created', ${at}, ${at})`,
      ),
    ).rejects.toThrow();
    const left = await run(`select count(*)::int as n from information_schema.tables where table_name in ('payments', 'money_actions')`);
    expect(left.rows[0]!.n).toBe(0);
  });
});
