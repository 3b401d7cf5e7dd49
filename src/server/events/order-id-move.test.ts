import { describe, expect, it } from "vitest";
import { databaseKinds } from "../test-support/database.ts";
import { useDatabaseAt } from "../test-support/migrations-up-to.ts";

type Row = Record<string, unknown>;

/**
 * Every row that names a camp registration's order names it by `order_id`, as an event order's rows do
 * (migration 0053 onwards): `camp_registration_id` held the order's id already, so each camp row's `order_id`
 * takes it, and its side (`owner_kind`), which can no longer follow from which column is set, stays «camp» as a
 * plain column. Every other field of every row, the camp's and the events', is as it was.
 */
type Stopped = ReturnType<typeof useDatabaseAt>;

/** A camp edition with two registrations' orders (1, 2) and a grading with one order (10), as the release left them. */
async function orders(stopped: Stopped) {
  const { run } = stopped;
  const at = "'2026-11-20T10:00:00Z'";
  await stopped.campEditions(2026);
  await run(`insert into event_orders (id, event_id, order_id, draft_id, status, method, first_name, last_name, email, telephone, owner_kind, created_at)
    overriding system value values
    (1, 901, 'VL26-AAAAA1', 'd-1', 'confirmed', 'vipps', 'Per', 'Hansen', 'per@example.no', '90000001', 'camp', ${at}),
    (2, 901, 'VL26-AAAAA2', 'd-2', 'waiting', 'card_cash', 'Kari', 'Hansen', 'kari@example.no', '90000002', 'camp', ${at})`);
  await run(`insert into events (id, slug, kind, definition, last_day, created_at, updated_at) overriding system value
    values (950, 'gradering-desember', 'gradering', '{}', '2026-12-12', ${at}, ${at})`);
  await run(`insert into event_orders (id, event_id, order_id, draft_id, status, method, first_name, last_name, email, telephone, amount, places, created_at)
    overriding system value values (10, 950, 'GR26-AAAAAA', 'g-1', 'confirmed', 'card_cash', 'Eva', 'Foresatt', 'eva@example.no', '90000000', 700, 1, ${at})`);
}

/**
 * Every row of `table` by id, each as it must read after the move: a camp row's order in order_id, no second
 * column, its side «camp» (an address's link, which had none, too); an event order's row «order».
 */
async function expectedAfterMove(stopped: Stopped, table: string): Promise<Row[]> {
  const before = (await stopped.run(`select * from ${table} order by id`)).rows as Row[];
  return before.map(({ camp_registration_id: campRegistrationId, ...row }) => ({
    ...row,
    order_id: campRegistrationId ?? row.order_id,
    owner_kind: row.order_id === null ? "camp" : "order",
  }));
}

/** The columns of `table`, by name. */
async function columnsOf(stopped: Stopped, table: string): Promise<string[]> {
  const { rows } = await stopped.run(`select column_name from information_schema.columns where table_name = '${table}' order by column_name`);
  return rows.map((row) => String(row.column_name));
}

describe.each(databaseKinds)("the camp's rows naming their order by order_id on %s", (kind) => {
  const stopped = useDatabaseAt(kind, "0052_camp_places_counted_once");

  it("moves the change log's camp rows to order_id, keeping every field and the side", async () => {
    const { database, run } = stopped;
    await orders(stopped);
    await run(`insert into order_changes (id, order_id, camp_registration_id, at, actor, summary) overriding system value values
      (3, null, 1, '2026-10-15T08:00:03.516Z', 'deltaker', 'Endret telefon'),
      (4, 10, null, '2026-10-15T08:00:04.000Z', 'deltaker', 'Avbestilte'),
      (9, null, 2, '2026-10-16T08:00:00.000Z', 'camp-admin', 'Leirledelsen la til ledsager Mona Hansen (550 kr)'),
      (12, null, 1, '2026-10-14T09:30:00.000Z', 'system', 'Ledsager Frode Hansen er oppgitt som allerede påmeldt')`);
    const expected = await expectedAfterMove(stopped, "order_changes");
    expect(expected.map((row) => [row.id, row.order_id, row.owner_kind])).toEqual([
      [3, 1, "camp"],
      [4, 10, "order"],
      [9, 2, "camp"],
      [12, 1, "camp"],
    ]);

    await database.migrate();

    expect((await run(`select * from order_changes order by id`)).rows).toEqual(expected);
    expect(await columnsOf(stopped, "order_changes")).toEqual(["actor", "at", "id", "order_id", "owner_kind", "summary"]);
    // A new row is an event order's unless its writer says «camp»; claiming the wrong side is refused.
    await run(`insert into order_changes (order_id, at, actor, summary) values (10, now(), 'deltaker', 'Endret')`);
    await run(`insert into order_changes (order_id, owner_kind, at, actor, summary) values (1, 'camp', now(), 'deltaker', 'Endret')`);
    await expect(run(`insert into order_changes (order_id, at, actor, summary) values (1, now(), 'deltaker', 'Feil side')`)).rejects.toThrow();
    await expect(
      run(`insert into order_changes (order_id, owner_kind, at, actor, summary) values (10, 'camp', now(), 'deltaker', 'Feil side')`),
    ).rejects.toThrow();
    await expect(run(`insert into order_changes (at, actor, summary) values (now(), 'deltaker', 'Uten ordre')`)).rejects.toThrow();
  });
});

describe.each(databaseKinds)("the camp's family links naming their order by order_id on %s", (kind) => {
  const stopped = useDatabaseAt(kind, "0053_order_changes_by_order_id");

  it("moves each submission link to order_id, makes an address's link the camp's, and keeps every other field", async () => {
    const { database, run } = stopped;
    await orders(stopped);
    await run(`insert into family_links (id, token_hash, email_key, camp_registration_id, order_id, created_at, used_at) overriding system value values
      (2, '${"a".repeat(64)}', 'per@example.no', null, null, '2026-10-15T10:00:00Z', '2026-10-15T11:00:00Z'),
      (3, '${"b".repeat(64)}', null, 1, null, '2026-10-15T10:01:00Z', null),
      (5, '${"c".repeat(64)}', null, null, 10, '2026-10-15T10:02:00Z', null),
      (6, '${"d".repeat(64)}', null, 2, null, '2026-10-15T10:03:00Z', '2026-10-16T09:00:00Z'),
      (7, '${"e".repeat(64)}', 'kari@example.no', null, null, '2026-10-15T10:04:00Z', null)`);
    await run(`select setval(pg_get_serial_sequence('family_links', 'id'), 7)`);
    const expected = await expectedAfterMove(stopped, "family_links");
    expect(expected.map((row) => [row.id, row.email_key, row.order_id, row.owner_kind])).toEqual([
      [2, "per@example.no", null, "camp"],
      [3, null, 1, "camp"],
      [5, null, 10, "order"],
      [6, null, 2, "camp"],
      [7, "kari@example.no", null, "camp"],
    ]);

    await database.migrate();

    expect((await run(`select * from family_links order by id`)).rows).toEqual(expected);
    expect(await columnsOf(stopped, "family_links")).toEqual(["created_at", "email_key", "id", "order_id", "owner_kind", "token_hash", "used_at"]);
    // An event order's link by default, the camp's when its writer says so; the wrong side, or no scope or two, is refused.
    await run(`insert into family_links (token_hash, order_id, created_at) values ('${"f".repeat(64)}', 10, now())`);
    await run(`insert into family_links (token_hash, order_id, owner_kind, created_at) values ('${"g".repeat(64)}', 1, 'camp', now())`);
    await expect(run(`insert into family_links (token_hash, order_id, created_at) values ('${"h".repeat(64)}', 1, now())`)).rejects.toThrow();
    await expect(
      run(`insert into family_links (token_hash, order_id, owner_kind, created_at) values ('${"h".repeat(64)}', 10, 'camp', now())`),
    ).rejects.toThrow();
    await expect(run(`insert into family_links (token_hash, created_at) values ('${"h".repeat(64)}', now())`)).rejects.toThrow();
    await expect(
      run(`insert into family_links (token_hash, email_key, order_id, owner_kind, created_at) values ('${"h".repeat(64)}', 'x', 1, 'camp', now())`),
    ).rejects.toThrow();
  });
});

describe.each(databaseKinds)("the camp's waiting-list offers naming their order by order_id on %s", (kind) => {
  const stopped = useDatabaseAt(kind, "0054_family_links_by_order_id");

  it("moves each camp offer to order_id, keeps every other field, and the places count the camp's open offer as before", async () => {
    const { database, run } = stopped;
    await orders(stopped);
    await run(`insert into event_waitlist_offers (id, order_id, camp_registration_id, token_hash, state, offered_at, expires_at, ended_at)
      overriding system value values
      (4, null, 2, '${"a".repeat(64)}', 'offered', '2026-10-15T10:00:00Z', '2026-10-17T10:00:00Z', null),
      (5, 10, null, '${"b".repeat(64)}', 'declined', '2026-10-15T10:00:00Z', '2026-10-17T10:00:00Z', '2026-10-16T10:00:00Z'),
      (8, null, 1, '${"c".repeat(64)}', 'accepted', '2026-10-14T10:00:00Z', '2026-10-16T10:00:00Z', '2026-10-15T09:00:00Z')`);
    await run(`select setval(pg_get_serial_sequence('event_waitlist_offers', 'id'), 8)`);
    const held = async () =>
      (await run(`select order_id, places from event_holders(901, '2026-10-16T10:00:00Z') order by order_id`)).rows.map((row) => [
        Number(row.order_id),
        Number(row.places),
      ]);
    // The waiting registration (2) holds its place while its offer is open; the confirmed one (1) holds its own.
    const heldBefore = await held();
    expect(heldBefore).toEqual([
      [1, 1],
      [2, 1],
    ]);
    const expected = await expectedAfterMove(stopped, "event_waitlist_offers");
    expect(expected.map((row) => [row.id, row.order_id, row.owner_kind])).toEqual([
      [4, 2, "camp"],
      [5, 10, "order"],
      [8, 1, "camp"],
    ]);

    await database.migrate();

    expect((await run(`select * from event_waitlist_offers order by id`)).rows).toEqual(expected);
    expect(await columnsOf(stopped, "event_waitlist_offers")).toEqual([
      "ended_at",
      "expires_at",
      "id",
      "offered_at",
      "order_id",
      "owner_kind",
      "state",
      "token_hash",
    ]);
    expect(await held()).toEqual(heldBefore);
    // Once expired, the camp's waiting order holds nothing and is out of the line still to be offered, as an event's.
    await run(`update event_waitlist_offers set state = 'expired' where id = 4`);
    expect(await held()).toEqual([[1, 1]]);
    expect((await run(`select order_id from event_line_fits(901, 5)`)).rows).toEqual([]);
    // One open offer per order, and the wrong side refused.
    await expect(
      run(`insert into event_waitlist_offers (order_id, owner_kind, token_hash, state, offered_at, expires_at)
        values (2, 'camp', '${"d".repeat(64)}', 'offered', now(), now()), (2, 'camp', '${"e".repeat(64)}', 'offered', now(), now())`),
    ).rejects.toThrow();
    await expect(
      run(
        `insert into event_waitlist_offers (order_id, token_hash, state, offered_at, expires_at) values (2, '${"f".repeat(64)}', 'offered', now(), now())`,
      ),
    ).rejects.toThrow();
  });
});

describe.each(databaseKinds)("the camp's door log naming its order by order_id on %s", (kind) => {
  const stopped = useDatabaseAt(kind, "0055_waitlist_offers_by_order_id");

  it("moves each camp door action to order_id and keeps every other field", async () => {
    const { database, run } = stopped;
    await orders(stopped);
    await run(`insert into event_checkin_actions (id, order_id, camp_registration_id, position, kind, account_username, account_name, at, action_id,
        changed, person_id, day, amount, undone_by) overriding system value values
      (3, null, 1, null, 'checkin', 'dorvakt', 'Dørvakt', '2026-11-27T08:00:00Z', '00000000-0000-4000-8000-000000000001', true, 'a1', '2026-11-27', null, null),
      (4, 10, null, 0, 'checkin', 'dorvakt', 'Dørvakt', '2026-11-27T08:01:00Z', null, true, null, null, null, null),
      (6, null, 1, null, 'payment', 'kasse', 'Kasse', '2026-11-27T08:02:00Z', '00000000-0000-4000-8000-000000000002', true, 'a1', '2026-11-27', 200,
        '00000000-0000-4000-8000-000000000003'),
      (7, null, 2, null, 'undo-checkin', 'dorvakt', 'Dørvakt', '2026-11-27T08:03:00Z', '00000000-0000-4000-8000-000000000004', false, 'c5', '2026-11-27',
        null, null),
      (9, 10, null, 0, 'undo', 'dorvakt', 'Dørvakt', '2026-11-27T08:04:00Z', '00000000-0000-4000-8000-000000000005', true, null, null, null, null)`);
    await run(`select setval(pg_get_serial_sequence('event_checkin_actions', 'id'), 9)`);
    const expected = await expectedAfterMove(stopped, "event_checkin_actions");
    expect(expected.map((row) => [row.id, row.order_id, row.owner_kind])).toEqual([
      [3, 1, "camp"],
      [4, 10, "order"],
      [6, 1, "camp"],
      [7, 2, "camp"],
      [9, 10, "order"],
    ]);

    await database.migrate();

    expect((await run(`select * from event_checkin_actions order by id`)).rows).toEqual(expected);
    expect(await columnsOf(stopped, "event_checkin_actions")).not.toContain("camp_registration_id");
    // A camp action still needs its person, day and action id; the wrong side is refused.
    const insert = (values: string) =>
      run(
        `insert into event_checkin_actions (order_id, owner_kind, kind, account_username, account_name, at, action_id, person_id, day) values ${values}`,
      );
    await insert(`(1, 'camp', 'checkin', 'd', 'D', now(), '00000000-0000-4000-8000-000000000010', 'a1', '2026-11-28')`);
    await expect(insert(`(1, 'camp', 'checkin', 'd', 'D', now(), '00000000-0000-4000-8000-000000000011', null, '2026-11-28')`)).rejects.toThrow();
    await expect(insert(`(1, 'order', 'checkin', 'd', 'D', now(), null, null, null)`)).rejects.toThrow();
    await expect(insert(`(10, 'camp', 'checkin', 'd', 'D', now(), '00000000-0000-4000-8000-000000000012', 'a1', '2026-11-28')`)).rejects.toThrow();
  });
});

describe.each(databaseKinds)("the camp's positions naming their order by order_id on %s", (kind) => {
  const stopped = useDatabaseAt(kind, "0056_door_log_by_order_id");

  it("moves each athlete and companion to order_id under its position, keeps every field, the view and the places", async () => {
    const { database, run } = stopped;
    await orders(stopped);
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

    await database.migrate();

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
  });
});

describe.each(databaseKinds)("the camp's payments and ledger naming their order by order_id on %s", (kind) => {
  const stopped = useDatabaseAt(kind, "0057_positions_by_order_id");

  it("moves each camp payment and ledger entry to order_id, keeps every field, the shares and the places", async () => {
    const { database, run } = stopped;
    await orders(stopped);
    await run(`update event_orders set status = 'pending_payment' where id = 1`);
    await run(`insert into event_positions (order_id, owner_kind, position, kind, first_name, last_name, age, club_id, grade_id, answers) values
      (1, 'camp', 0, 'athlete', 'Per', 'Hansen', 30, 1, 1, '{"sleepover": false}'::jsonb)`);
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

    await database.migrate();

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
  });
});
