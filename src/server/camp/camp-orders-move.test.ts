import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campRegistrations } from "../db/schema/camp.ts";
import { databaseKinds } from "../test-support/database.ts";
import { migrationsUpTo, useDatabaseAt } from "../test-support/migrations-up-to.ts";

type Row = Record<string, unknown>;

/** A raw row as drizzle reads it: its fields by their TypeScript names, its moments as dates. */
const asDrizzleReads = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()),
      key.endsWith("_at") && value !== null ? new Date(String(value)) : value,
    ]),
  );

/**
 * A camp registration becomes an order of its edition's event with its athlete as position 0 (migration 0049).
 * The door, the admin's addresses, the mails and every camp_registration_id name a registration by its id, so the
 * order takes that id and nothing that names a registration changes; the events' own orders move above them, and
 * every row that names one (and the mails that carry its row id in their key or payload) follows it.
 */
describe.each(databaseKinds)("camp registrations as orders on %s", (kind) => {
  const stopped = useDatabaseAt(kind, "0048_payments_kept_apart");

  it("keeps every registration field by field under its id, and moves the events' orders with everything that names them", async () => {
    const { database, run } = stopped;
    const rows = async (statement: string) => (await run(statement)).rows as Row[];
    const at = "'2026-11-20T10:00:00Z'";
    const later = "'2026-11-21T12:30:00Z'";

    // Two camp editions and a grading, as the camp's and the events' admins left them.
    await run(`insert into events (slug, kind, definition, last_day, published_at, created_at, updated_at) values
      ('vinterleir-2025', 'vinterleir', '{"kind":"vinterleir","year":2025}', '2025-11-30', ${at}, ${at}, ${at}),
      ('vinterleir-2026', 'vinterleir', '{"kind":"vinterleir","year":2026}', '2026-11-29', ${at}, ${at}, ${at}),
      ('gradering-desember', 'gradering', '{}', '2026-12-12', ${at}, ${at}, ${at})`);
    const grading = Number((await rows(`select id from events where slug = 'gradering-desember'`))[0]!.id);

    // The grading's orders: confirmed (Vipps, paid), cancelled (card/cash) and waiting.
    await run(`insert into event_orders (event_id, order_id, draft_id, status, method, first_name, last_name, email, telephone, amount, places,
        created_at, confirmed_at, cancelled_at, anonymised_at) values
      (${grading}, 'GR26-AAAAAA', 'd-1', 'confirmed', 'vipps', 'Eva', 'Foresatt', 'eva@example.no', '90000000', 700, 2, ${at}, ${at}, null, null),
      (${grading}, 'GR26-BBBBBB', 'd-2', 'cancelled', 'card_cash', 'Ola', 'Nordmann', 'ola@example.no', '90000010', 350, 1, ${at}, ${at}, ${later}, null),
      (${grading}, 'GR26-CCCCCC', 'd-3', 'waiting', 'card_cash', 'Siri', 'Vent', 'siri@example.no', '90000020', 350, 1, ${later}, null, null, null)`);
    await run(`insert into event_positions (order_id, position, kind, first_name, last_name, age, club_id, grade_id, answers, cancelled_at) values
      (1, 0, 'athlete', 'Emma', 'Foresatt', 10, 1, 1, '{}', null),
      (1, 1, 'athlete', 'Jonas', 'Foresatt', 14, 1, 1, '{"q1": "ja"}', null),
      (2, 0, 'athlete', 'Ola', 'Nordmann', 12, 1, 1, '{}', ${later}),
      (3, 0, 'athlete', 'Siri', 'Vent', 9, 1, 1, '{}', null)`);

    // The camp's registrations, with a gap in their ids: 2025's one; 2026's group of two, one waiting, one
    // cancelled and anonymised.
    await run(`insert into camp_registrations (id, edition_year, draft_id, order_id, first_name, last_name, age, email, email_key, draft_secret_hash,
        telephone, contact_name, allergies, club_id, grade_id, gradering, has_ledsager, other_info, sleepover, vegan, instructor, public, vipps,
        wants_to_instruct, data_consent, terms_accepted, status, waitlist_rank, created_at, confirmed_at, cancelled_at, anonymised_at, group_id)
      overriding system value values
      (1, 2025, '00000000-0000-4000-8000-000000000001', 'VL25-AAAAA1', 'Per', 'Hansen', 30, 'Per@Example.no', 'per@example.no', 'hash-1',
        '90000001', 'Per Hansen', 'nøtter', 1, 1, true, false, 'kommer sent', true, true, 2, true, true, true, true, true, 'confirmed', null,
        '2025-10-01T08:00:00Z', '2025-10-01T08:05:00Z', null, null, null),
      (2, 2026, '00000000-0000-4000-8000-000000000002', 'VL26-AAAAA2', 'Kari', 'Hansen', 15, 'kari@example.no', 'kari@example.no', null,
        '90000002', 'Mor Hansen', '', 1, 1, false, true, '', false, false, 1, false, false, false, true, true, 'confirmed', null,
        ${at}, ${at}, null, null, 'VL26-AAAAA2'),
      (3, 2026, '00000000-0000-4000-8000-000000000003', 'VL26-AAAAA3', 'Lise', 'Hansen', 13, 'kari@example.no', 'kari@example.no', null,
        '90000002', 'Mor Hansen', 'laktose', 1, 1, true, false, '', true, true, 0, true, false, false, true, true, 'pending_payment', null,
        ${at}, null, null, null, 'VL26-AAAAA2'),
      (5, 2026, '00000000-0000-4000-8000-000000000005', 'VL26-AAAAA5', 'Vera', 'Vent', 11, 'vera@example.no', 'vera@example.no', 'hash-5',
        '90000005', '', '', 1, 1, false, false, 'venter', false, false, 0, false, true, false, true, true, 'waiting', 1,
        ${later}, null, null, null, null),
      (7, 2026, '00000000-0000-4000-8000-000000000007', 'VL26-AAAAA7', 'Anonymisert', 'Anonymisert', 16, '', null, null,
        '', '', '', 1, 1, false, false, '', true, false, 0, false, true, false, true, true, 'cancelled', null,
        '2026-10-01T08:00:00Z', '2026-10-01T08:05:00Z', '2026-10-02T08:00:00Z', '2026-11-01T03:00:00Z', null)`);
    await run(`select setval(pg_get_serial_sequence('camp_registrations', 'id'), 7)`);
    await run(`insert into event_positions (camp_registration_id, position, kind, first_name, last_name, age, answers, cancelled_at) values
      (2, 0, 'companion', 'Mona', 'Hansen', 40, '{"clientId": "a", "telephone": "90000003", "email": "mona@example.no", "sleepover": true, "alreadyRegistered": false}', null),
      (2, 1, 'companion', 'Frode', 'Hansen', 41, '{"clientId": "b", "telephone": "", "email": "", "sleepover": false, "alreadyRegistered": false}', ${later})`);

    // Money: the grading's Vipps payment, the group's camp payment shared by both; the ledger of each.
    await run(`insert into event_payments (id, order_id, camp_registration_id, reference, method, kind, amount, state, paid_amount, vipps_state,
        authorized_amount, captured_amount, created_at, updated_at) overriding system value values
      (1, null, 2, 'VL26-AAAAA2-1', 'vipps', 'registration', 3000, 'captured', 3000, 'AUTHORIZED', 3000, 3000, ${at}, ${at}),
      (2, 1, null, 'GR26-AAAAAA-1', 'vipps', 'registration', 700, 'captured', 700, 'AUTHORIZED', 700, 700, ${at}, ${at})`);
    await run(`select setval(pg_get_serial_sequence('event_payments', 'id'), 2)`);
    await run(`insert into payment_shares (payment_id, registration_id, amount, refunded_amount) values (1, 2, 1800, 0), (1, 3, 1200, 0)`);
    await run(`insert into event_ledger_entries (order_id, camp_registration_id, at, actor, reason, kind, person, item, label, method, amount, payment_id) values
      (1, null, ${at}, 'system', 'Påmelding', 'charge', 'Emma Foresatt', 'gradering', 'Gradering', null, 700, null),
      (1, null, ${at}, 'vipps', 'Betalt med Vipps (GR26-AAAAAA-1)', 'payment', null, null, null, 'vipps', 700, 2),
      (2, null, ${later}, 'arrangement-admin', 'Avbestilt', 'refund-owed', null, null, null, 'card_cash', 350, null),
      (null, 2, ${at}, 'system', 'Påmelding', 'charge', 'Kari Hansen', 'registration', 'Vinterleir', null, 1800, null),
      (null, 2, ${at}, 'vipps', 'Betalt med Vipps (VL26-AAAAA2-1)', 'payment', null, null, null, 'vipps', 1800, 1),
      (null, 3, ${at}, 'vipps', 'Betalt med Vipps (VL26-AAAAA2-1)', 'payment', null, null, null, 'vipps', 1200, 1)`);

    // Family links (the registration's, an address's, the order's), offers, change logs, the doors' logs.
    await run(`insert into family_links (token_hash, email_key, camp_registration_id, order_id, created_at, used_at) values
      ('hash-camp', null, 2, null, ${at}, ${later}),
      ('hash-address', 'kari@example.no', null, null, ${at}, null),
      ('hash-order', null, null, 1, ${at}, null)`);
    await run(`insert into event_waitlist_offers (order_id, camp_registration_id, token_hash, state, offered_at, expires_at, ended_at) values
      (null, 5, 'offer-camp', 'offered', ${later}, '2026-11-23T12:30:00Z', null),
      (3, null, 'offer-event', 'offered', ${later}, '2026-11-23T12:30:00Z', null)`);
    await run(`insert into order_changes (order_id, camp_registration_id, at, actor, summary) values
      (null, 2, ${later}, 'camp-admin', 'Frode Hansen avbestilt'),
      (1, null, ${later}, 'arrangement-admin', 'Telefon endret')`);
    await run(`insert into event_checkin_actions (order_id, camp_registration_id, position, kind, account_username, account_name, at, action_id, changed,
        person_id, day, amount, payment_id) values
      (null, 2, null, 'checkin', 'dora', 'Dora Dør', '2026-11-28T09:00:00Z', '00000000-0000-4000-8000-0000000000a1', true, 'a2', '2026-11-28', null, null),
      (1, null, 0, 'checkin', 'dora', 'Dora Dør', '2026-12-12T09:00:00Z', '00000000-0000-4000-8000-0000000000a2', true, null, null, null, null)`);
    await run(`insert into camp_checkin_refusals (action_id, registration_id, kind, person_id, day, amount, method, message, account_username, account_name, at)
      values ('00000000-0000-4000-8000-0000000000a3', 3, 'payment', 'a3', '2026-11-28', 1200, 'card_cash', 'Allerede betalt', 'dora', 'Dora Dør',
        '2026-11-28T09:01:00Z')`);

    // Mails: the events' name an order by its row id (key, and the queued ones' payload); the camp's a
    // registration by its id; an offer's mail its offer.
    await run(`insert into mail_outbox (dedupe_key, recipient, subject, text, html, kind, payload, status, next_attempt_at, created_at) values
      ('event-confirmation:1', 'eva@example.no', null, null, null, 'event-confirmation', '{"orderId": 1, "personalToken": "tok"}', 'pending', ${at}, ${at}),
      ('event-cancel:2:all', 'ola@example.no', 'Avbestilt', 'tekst', '<p>tekst</p>', null, null, 'sent', ${later}, ${later}),
      ('event-waitlist-joined:3', 'siri@example.no', null, null, null, 'event-waitlist-joined', '{"orderId": 3}', 'pending', ${later}, ${later}),
      ('event-waitlist-offer:2', 'siri@example.no', 'Plass', 'tekst', '<p>tekst</p>', null, null, 'pending', ${later}, ${later}),
      ('camp-confirmation:2', 'kari@example.no', null, null, null, 'camp-confirmation', '{"registrationId": 2}', 'pending', ${at}, ${at})`);

    // Everything as the release left it.
    const registrationsBefore = await rows(`select * from camp_registrations order by id`);
    const ordersBefore = await rows(`select * from event_orders order by id`);
    const named = {
      positions: `select * from event_positions where order_id is not null order by id`,
      payments: `select * from event_payments order by id`,
      ledger: `select * from event_ledger_entries order by id`,
      links: `select * from family_links order by id`,
      offers: `select * from event_waitlist_offers order by id`,
      changes: `select * from order_changes order by id`,
      door: `select * from event_checkin_actions order by id`,
      shares: `select * from payment_shares order by payment_id, registration_id`,
      refusals: `select * from camp_checkin_refusals order by action_id`,
      mails: `select * from mail_outbox order by id`,
    };
    const before: Record<string, Row[]> = {};
    for (const [name, statement] of Object.entries(named)) before[name] = await rows(statement);
    const companionsBefore = await rows(`select * from event_positions where camp_registration_id is not null order by id`);
    const positionIdsBefore = (await rows(`select id from event_positions`)).map((row) => Number(row.id));
    expect(companionsBefore).toHaveLength(2);

    // Up to the move itself: what later migrations add (each side's owner on its rows) is theirs to check.
    await database.migrate(migrationsUpTo("0049_camp_registrations_as_orders"));

    // Every registration, read through the view, is the row it was (draft_id as text).
    const registrationsAfter = await rows(`select * from camp_registration_view order by id`);
    expect(registrationsAfter).toEqual(registrationsBefore.map((row) => ({ ...row, draft_id: String(row.draft_id) })));
    expect(Object.keys(registrationsAfter[0]!).sort()).toEqual(Object.keys(registrationsBefore[0]!).sort());
    // And so through the schema's view, by its TypeScript names.
    const viewed = await database.db.select().from(campRegistrations).orderBy(asc(campRegistrations.id));
    expect(viewed).toEqual(registrationsBefore.map((row) => asDrizzleReads({ ...row, draft_id: String(row.draft_id) })));

    // Each is an order of its edition's event by the same id, with its contact and way of paying, no amount.
    const events = new Map((await rows(`select id, slug from events`)).map((row) => [row.slug, Number(row.id)]));
    const campOrders = await rows(`select id, event_id, method, amount, places from event_orders where id <= 7 order by id`);
    expect(campOrders).toEqual([
      { id: 1, event_id: events.get("vinterleir-2025"), method: "vipps", amount: null, places: null },
      { id: 2, event_id: events.get("vinterleir-2026"), method: "card_cash", amount: null, places: null },
      { id: 3, event_id: events.get("vinterleir-2026"), method: "card_cash", amount: null, places: null },
      { id: 5, event_id: events.get("vinterleir-2026"), method: "vipps", amount: null, places: null },
      { id: 7, event_id: events.get("vinterleir-2026"), method: "vipps", amount: null, places: null },
    ]);
    // Its athlete is its position 0, with the camp's answers.
    const athletes = await rows(`select camp_registration_id, position, kind, first_name, last_name, age, club_id, grade_id, answers, cancelled_at
      from event_positions where camp_registration_id is not null and kind = 'athlete' order by camp_registration_id`);
    expect(athletes.map((row) => [row.camp_registration_id, row.position, row.first_name, row.cancelled_at])).toEqual([
      [1, 0, "Per", null],
      [2, 0, "Kari", null],
      [3, 0, "Lise", null],
      [5, 0, "Vera", null],
      [7, 0, "Anonymisert", null],
    ]);
    expect(athletes[0]!.answers).toEqual({
      allergies: "nøtter",
      gradering: true,
      hasLedsager: false,
      otherInfo: "kommer sent",
      sleepover: true,
      vegan: true,
      instructor: "2",
      public: true,
      wantsToInstruct: true,
      dataConsent: true,
      termsAccepted: true,
    });

    // The companions are positions 1 and 2 of their registration, each with its id and everything else.
    const companionsAfter = await rows(`select * from event_positions where kind = 'companion' order by id`);
    expect(companionsAfter).toEqual(companionsBefore.map((row) => ({ ...row, position: Number(row.position) + 1 })));
    expect(companionsAfter.map((row) => [row.camp_registration_id, row.position])).toEqual([
      [2, 1],
      [2, 2],
    ]);

    // The events' orders: every field as it was but the id, above every registration, in their order.
    const ordersAfter = await rows(`select * from event_orders where event_id = ${grading} order by id`);
    expect(ordersAfter.map((row) => row.order_id)).toEqual(ordersBefore.map((row) => row.order_id));
    const newId = new Map(ordersBefore.map((row, i) => [Number(row.id), Number(ordersAfter[i]!.id)]));
    expect(ordersAfter.every((row) => Number(row.id) > 7)).toBe(true);
    expect(ordersAfter).toEqual(
      ordersBefore.map((row) => ({
        ...row,
        id: newId.get(Number(row.id)),
        contact_name: "",
        email_key: null,
        draft_secret_hash: null,
        group_id: null,
        waitlist_rank: null,
      })),
    );

    // Every row that named an event order names its new id; every other field, and every camp registration id, is kept.
    const moved = (row: Row) => (row.order_id === null ? row : { ...row, order_id: newId.get(Number(row.order_id)) });
    for (const name of ["positions", "payments", "ledger", "links", "offers", "changes", "door", "shares", "refusals"] as const) {
      expect(await rows(named[name]), name).toEqual(before[name]!.map((row) => ("order_id" in row ? moved(row) : row)));
    }
    expect((await rows(named.positions)).map((row) => row.order_id)).toEqual([newId.get(1), newId.get(1), newId.get(2), newId.get(3)]);

    // The mails follow their order: key and payload; the camp's and the offer's stay.
    const mails = await rows(named.mails);
    expect(mails).toEqual(
      before.mails!.map((mail) => {
        const key = String(mail.dedupe_key);
        const order = /^event-(confirmation|cancel|waitlist-joined):([0-9]+)/.exec(key);
        if (!order) return mail;
        const id = newId.get(Number(order[2]))!;
        const payload = mail.payload === null ? null : { ...(mail.payload as Row), orderId: id };
        return { ...mail, dedupe_key: key.replace(`:${order[2]}`, `:${id}`), payload };
      }),
    );
    expect(mails.map((mail) => [mail.dedupe_key, mail.payload])).toEqual([
      [`event-confirmation:${newId.get(1)}`, { orderId: newId.get(1), personalToken: "tok" }],
      [`event-cancel:${newId.get(2)}:all`, null],
      [`event-waitlist-joined:${newId.get(3)}`, { orderId: newId.get(3) }],
      ["event-waitlist-offer:2", null],
      ["camp-confirmation:2", { registrationId: 2 }],
    ]);

    // New orders and positions get ids above every one there is.
    const largestOrder = Math.max(...newId.values());
    const order = await rows(`insert into event_orders (event_id, order_id, draft_id, status, method, first_name, last_name, email, telephone, amount,
        places, created_at) values (${grading}, 'GR26-DDDDDD', 'd-4', 'confirmed', 'card_cash', 'Ny', 'Kunde', 'ny@example.no', '90000030', 350, 1, ${later})
      returning id`);
    expect(Number(order[0]!.id)).toBeGreaterThan(largestOrder);
    const largestPosition = Math.max(...(await rows(`select id from event_positions`)).map((row) => Number(row.id)));
    expect(largestPosition).toBeGreaterThan(Math.max(...positionIdsBefore));
    const position = await rows(`insert into event_positions (order_id, position, kind, first_name, last_name, age, club_id, grade_id, answers)
      values (${Number(order[0]!.id)}, 0, 'athlete', 'Ny', 'Kunde', 12, 1, 1, '{}') returning id`);
    expect(Number(position[0]!.id)).toBeGreaterThan(largestPosition);

    const left = await rows(`select count(*)::int as n from information_schema.tables where table_name = 'camp_registrations'`);
    expect(left[0]!.n).toBe(0);
  });
});
