import { describe, expect, it } from "vitest";
import { databaseKinds } from "../test-support/database.ts";
import { migrationsUpTo, useDatabaseAt } from "../test-support/migrations-up-to.ts";
import { columnsOf, expectedAfterMove, orders } from "../test-support/order-id-move.ts";

/**
 * Every row that names a camp registration's order names it by `order_id`, as an event order's rows do
 * (migration 0053 onwards): `camp_registration_id` held the order's id already, so each camp row's `order_id`
 * takes it, and its side (`owner_kind`), which can no longer follow from which column is set, stays «camp» as a
 * plain column. Every other field of every row, the camp's and the events', is as it was.
 */
describe.each(databaseKinds)("the camp's positions, payments and ledger naming their order by order_id (migrations 0057–0058) on %s", (kind) => {
  // One database stopped before the first of these moves, filled for both, then migrated once: each table is
  // untouched by the other's move, so the rows as the release left them are the same at either stop.
  const stopped = useDatabaseAt(kind, "0056_door_log_by_order_id");

  it("moves each athlete and companion, camp payment and ledger entry to order_id, keeping every field, the view, the shares and the places", async () => {
    const { database, run } = stopped;
    await orders(stopped);
    const positions = async () => {
      const answers = (sleepover: boolean) =>
        `'{"allergies": "nøtter", "gradering": true, "hasLedsager": true, "otherInfo": "", "sleepover": ${sleepover}, "vegan": false, "instructor": "0",
          "public": true, "wantsToInstruct": false, "dataConsent": true, "termsAccepted": true}'::jsonb`;
      await run(`insert into event_positions (id, order_id, camp_registration_id, position, kind, first_name, last_name, age, club_id, grade_id, answers,
          cancelled_at) overriding system value values
        (3, null, 1, 0, 'athlete', 'Per', 'Hansen', 30, 1, 1, ${answers(true)}, null),
        (4, null, 1, 1, 'companion', 'Mona', 'Hansen', 40, null, null, '{"clientId": "a", "telephone": "90000002", "email": "", "sleepover": true,
          "alreadyRegistered": false}'::jsonb, '2026-10-20T10:00:00Z'),
        (5, 10, null, 0, 'athlete', 'Emma', 'Foresatt', 10, 1, 1, '{}'::jsonb, null),
        (8, null, 2, 0, 'athlete', 'Kari', 'Hansen', 12, 1, 1, ${answers(false)}, null),
        (9, 10, null, 1, 'athlete', 'Jonas', 'Foresatt', 14, 1, 1, '{"q1": "ja"}'::jsonb, null)`);
      await run(`select setval(pg_get_serial_sequence('event_positions', 'id'), 9)`);
      const view = async () => (await run(`select * from camp_registration_view order by id`)).rows;
      const sleepoversHeld = async () =>
        (await run(`select order_id, sleepover_places from event_holders(901, '2026-10-16T10:00:00Z') order by order_id`)).rows;
      const viewBefore = await view();
      expect(viewBefore.map((row) => [row.id, row.first_name, row.sleepover])).toEqual([
        [1, "Per", true],
        [2, "Kari", false],
      ]);
      const heldBefore = await sleepoversHeld();
      expect(heldBefore).toEqual([{ order_id: 1, sleepover_places: 1 }]);
      const expected = await expectedAfterMove(stopped, "event_positions");
      expect(expected.map((row) => [row.id, row.order_id, row.position, row.owner_kind])).toEqual([
        [3, 1, 0, "camp"],
        [4, 1, 1, "camp"],
        [5, 10, 0, "order"],
        [8, 2, 0, "camp"],
        [9, 10, 1, "order"],
      ]);

      return async () => {
        expect((await run(`select * from event_positions order by id`)).rows).toEqual(expected);
        expect(await columnsOf(stopped, "event_positions")).not.toContain("camp_registration_id");
        expect(await view()).toEqual(viewBefore);
        expect(await sleepoversHeld()).toEqual(heldBefore);
        // One position per number in an order, whichever side; the wrong side refused.
        const insert = (orderId: number, side: string, position: number) =>
          run(`insert into event_positions (order_id, owner_kind, position, kind, first_name, last_name, age, answers)
            values (${orderId}, '${side}', ${position}, 'companion', 'Ny', 'Hansen', 30, '{}')`);
        await insert(2, "camp", 1);
        await expect(insert(1, "camp", 1)).rejects.toThrow();
        await expect(insert(1, "order", 2)).rejects.toThrow();
        await expect(insert(10, "camp", 2)).rejects.toThrow();
      };
    };
    // Filled first: registration 1 waits for its reserved Vipps payment, as the positions' view and places see it
    // (its athlete is the positions' 3).
    const money = async () => {
      await run(`update event_orders set status = 'pending_payment' where id = 1`);
      await run(`insert into event_payments (id, order_id, camp_registration_id, reference, method, kind, amount, state, paid_amount, vipps_state,
          authorized_amount, captured_amount, settle, next_check_at, created_at, updated_at) overriding system value values
        (2, null, 1, 'VL26-AAAAA1-1', 'vipps', 'registration', 2400, 'authorized', 0, 'AUTHORIZED', 2400, 0, 'capture', '2026-11-21T10:00:00Z',
          '2026-11-20T10:00:00Z', '2026-11-20T10:01:00Z'),
        (3, 10, null, 'GR26-AAAAAA-1', 'card_cash', 'registration', 700, 'paid', 700, null, 0, 0, null, null,
          '2026-11-20T10:00:00Z', '2026-11-20T10:02:00Z'),
        (6, null, 2, 'VL26-AAAAA2', 'card_cash', 'change', 550, 'unpaid', 0, null, 0, 0, null, null, '2026-11-20T10:03:00Z', '2026-11-20T10:03:00Z')`);
      await run(`select setval(pg_get_serial_sequence('event_payments', 'id'), 6)`);
      await run(`insert into payment_shares (payment_id, registration_id, amount, refunded_amount) values (2, 1, 1200, 0), (2, 2, 1200, 100)`);
      await run(`insert into event_ledger_entries (id, order_id, camp_registration_id, at, actor, reason, kind, person, item, label, method, amount,
          payment_id) overriding system value values
        (4, null, 1, '2026-11-20T10:00:00Z', 'deltaker', 'Påmelding', 'charge', 'athlete', 'athlete', 'Vinterleir: Per Hansen', null, 2400, null),
        (5, 10, null, '2026-11-20T10:00:00Z', 'deltaker', 'Bestilling', 'charge', 'participant-0', 'participant', 'Gradering', null, 700, null),
        (7, 10, null, '2026-11-20T10:02:00Z', 'kasse', 'Betalt', 'payment', null, null, null, 'cash', 700, 3),
        (8, null, 2, '2026-11-20T10:03:00Z', 'camp-admin', 'Rettet', 'refund-owed', null, null, null, 'other', 100, 6)`);
      await run(`select setval(pg_get_serial_sequence('event_ledger_entries', 'id'), 8)`);
      const held = async () => (await run(`select order_id, places from event_holders(901, '2026-11-20T12:00:00Z') order by order_id`)).rows;
      const heldBefore = await held();
      // The registration waiting for its reserved Vipps payment holds its place.
      expect(heldBefore).toEqual([{ order_id: 1, places: 1 }]);
      const payments = await expectedAfterMove(stopped, "event_payments");
      const ledger = await expectedAfterMove(stopped, "event_ledger_entries");
      expect(payments.map((row) => [row.id, row.order_id, row.owner_kind])).toEqual([
        [2, 1, "camp"],
        [3, 10, "order"],
        [6, 2, "camp"],
      ]);
      expect(ledger.map((row) => [row.id, row.order_id, row.owner_kind, row.payment_id])).toEqual([
        [4, 1, "camp", null],
        [5, 10, "order", null],
        [7, 10, "order", 3],
        [8, 2, "camp", 6],
      ]);
      const shares = (await run(`select * from payment_shares order by registration_id`)).rows;

      return async () => {
        expect((await run(`select * from event_payments order by id`)).rows).toEqual(payments);
        expect((await run(`select * from event_ledger_entries order by id`)).rows).toEqual(ledger);
        expect((await run(`select * from payment_shares order by registration_id`)).rows).toEqual(shares);
        for (const table of ["event_payments", "event_ledger_entries"]) expect(await columnsOf(stopped, table)).not.toContain("camp_registration_id");
        expect(await held()).toEqual(heldBefore);
        // An entry's order and its payment must both be of its side; a camp payment claiming «order» is refused.
        const entry = (orderId: number, side: string, paymentId: number) =>
          run(`insert into event_ledger_entries (order_id, owner_kind, at, actor, reason, kind, method, amount, payment_id)
            values (${orderId}, '${side}', now(), 'test', 'Betaling', 'payment', 'cash', 1, ${paymentId})`);
        await entry(1, "camp", 2);
        await expect(entry(1, "camp", 3)).rejects.toThrow();
        await expect(entry(10, "order", 2)).rejects.toThrow();
        await expect(entry(1, "order", 2)).rejects.toThrow();
        await expect(
          run(`insert into event_payments (order_id, reference, method, amount, state, created_at, updated_at)
            values (1, 'FEIL', 'card_cash', 1, 'unpaid', now(), now())`),
        ).rejects.toThrow();
      };
    };
    const checkMoney = await money();
    const checkPositions = await positions();

    // Up to these moves: the shares go in 0060, which checks them against the ledger (camp-group-payments-move.test.ts).
    await database.migrate(migrationsUpTo("0058_money_by_order_id"));

    await checkPositions();
    await checkMoney();
  });
});
