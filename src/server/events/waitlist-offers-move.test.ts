import { describe, expect, it } from "vitest";
import { databaseKinds } from "../test-support/database.ts";
import { migrationsUpTo, useDatabaseAt } from "../test-support/migrations-up-to.ts";

/**
 * The camp's waiting-list offers move into the events' table (migration 0036): on a database as the release
 * before left it, with offers of both kinds and their mails queued, every camp offer keeps its registration,
 * token and state under its new id, its mail's key follows that id, and the events' offers and mails stay.
 */
describe.each(databaseKinds)("the camp's offers joining the events' on %s", (kind) => {
  const stopped = useDatabaseAt(kind, "0035_drop_camp_ledger_entries");

  it("keeps every offer, and each queued offer mail names its offer", async () => {
    const { database, run } = stopped;
    await stopped.campEditions(2026, 2027);
    const at = "'2026-11-20T10:00:00Z'";
    await run(`insert into events (slug, kind, definition, last_day, created_at, updated_at)
      values ('gradering-desember', 'gradering', '{}', '2026-12-12', ${at}, ${at})`);
    await run(`insert into event_orders (event_id, order_id, draft_id, status, method, first_name, last_name, email, telephone, amount, places, created_at)
      values (1, 'GR26-AAAAAA', 'd1', 'waiting', 'card_cash', 'Eva', 'Vent', 'eva@example.no', '90000000', 350, 1, ${at})`);
    await run(`insert into event_waitlist_offers (order_id, token_hash, state, offered_at, expires_at, ended_at)
      values (1, 'event-a', 'expired', ${at}, ${at}, ${at}), (1, 'event-b', 'offered', ${at}, '2026-11-22T10:00:00Z', null)`);
    await run(`insert into camp_registrations (edition_year, draft_id, order_id, first_name, last_name, age, email, telephone, allergies, club_id,
        grade_id, gradering, has_ledsager, other_info, sleepover, vegan, instructor, public, vipps, wants_to_instruct, data_consent, terms_accepted,
        total, status, waitlist_rank, created_at)
      values (2027, '00000000-0000-4000-8000-000000000001', 'VL27-AAAAAA', 'Vera', 'Venter', 11, 'vera@example.no', '90000001', '', 1,
        1, false, false, '', false, false, 0, true, false, false, true, true, 1200, 'waiting', 1, ${at})`);
    await run(`insert into camp_waitlist_offers (registration_id, token_hash, state, offered_at, expires_at, ended_at)
      values (1, 'camp-a', 'declined', ${at}, ${at}, ${at}), (1, 'camp-b', 'offered', ${at}, '2026-11-22T10:00:00Z', null)`);
    await run(`insert into mail_outbox (dedupe_key, recipient, subject, text, html, next_attempt_at, created_at)
      values ('camp-waitlist-offer:1', 'vera@example.no', 'Plass', 'Plass', '<p>Plass</p>', ${at}, ${at}), ('camp-waitlist-offer:2', 'vera@example.no', 'Plass', 'Plass', '<p>Plass</p>', ${at}, ${at}),
             ('event-waitlist-offer:2', 'eva@example.no', 'Plass', 'Plass', '<p>Plass</p>', ${at}, ${at})`);

    // Only up to the camp table's drop: later migrations move the events' orders (0049), and this checks 0036's move.
    await database.migrate(migrationsUpTo("0037_drop_camp_waitlist_offers"));

    const offers = await run(`select id, order_id, camp_registration_id, token_hash, state from event_waitlist_offers order by id`);
    expect(offers.rows).toEqual([
      { id: 1, order_id: 1, camp_registration_id: null, token_hash: "event-a", state: "expired" },
      { id: 2, order_id: 1, camp_registration_id: null, token_hash: "event-b", state: "offered" },
      { id: 3, order_id: null, camp_registration_id: 1, token_hash: "camp-a", state: "declined" },
      { id: 4, order_id: null, camp_registration_id: 1, token_hash: "camp-b", state: "offered" },
    ]);
    const keys = await run(`select dedupe_key from mail_outbox order by id`);
    expect(keys.rows.map((row) => row.dedupe_key)).toEqual(["camp-waitlist-offer:3", "camp-waitlist-offer:4", "event-waitlist-offer:2"]);
    // A new offer takes the next id, and the camp's table is gone.
    const next = await run(`insert into event_waitlist_offers (camp_registration_id, token_hash, state, offered_at, expires_at)
      values (1, 'camp-c', 'withdrawn', ${at}, ${at}) returning id`);
    expect(next.rows[0]!.id).toBe(5);
    const left = await run(`select count(*)::int as n from information_schema.tables where table_name = 'camp_waitlist_offers'`);
    expect(left.rows[0]!.n).toBe(0);
  });
});
