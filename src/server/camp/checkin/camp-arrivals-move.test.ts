import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../test-support/database.ts";
import { useDatabaseAt } from "../../test-support/migrations-up-to.ts";
import { campArrivals } from "./camp-arrivals.ts";

/**
 * What stands at the camp's door moves from its own table into the door's log (migration 0043): on a database
 * as the release before left it, every person checked in on a day is still in, since the same moment, and
 * nobody else is, also where the kept state and the log disagreed.
 */
describe.each(databaseKinds)("the camp door's state read from its log on %s", (kind) => {
  const stopped = useDatabaseAt(kind, "0042_receipt_in_the_ledger");

  it("keeps every arrival with its time, and only those", async () => {
    const { database, run } = stopped;
    await stopped.campEditions(2026, 2027);
    await run(`insert into camp_registrations (edition_year, draft_id, order_id, first_name, last_name, age, email, telephone, allergies, club_id,
        grade_id, gradering, has_ledsager, other_info, sleepover, vegan, instructor, public, vipps, wants_to_instruct, data_consent, terms_accepted,
        status, created_at)
      values (2026, '00000000-0000-4000-8000-000000000001', 'VL26-AAAAA1', 'Per', 'Hansen', 30, 'per@example.no', '90000001', '', 1,
        1, false, true, '', false, false, 0, true, false, false, true, true, 'confirmed', '2026-10-01T10:00:00Z')`);
    const action = (n: number, actionKind: string, person: string, day: string, at: string) =>
      `('00000000-0000-4000-8000-00000000010${n}', '${actionKind}', 1, '${person}', '${day}', 'dorvakt', 'Dørvakt', '${at}')`;
    await run(`insert into event_checkin_actions (action_id, kind, camp_registration_id, person_id, day, account_username, account_name, at) values
      ${action(1, "checkin", "a1", "2026-11-28", "2026-11-28T08:00:00Z")},
      ${action(2, "checkin", "a1", "2026-11-28", "2026-11-28T08:05:00Z")},
      ${action(3, "checkin", "a1", "2026-11-29", "2026-11-29T08:00:00Z")},
      ${action(4, "undo-checkin", "a1", "2026-11-29", "2026-11-29T08:01:00Z")},
      ${action(5, "checkin", "c7", "2026-11-29", "2026-11-29T09:00:00Z")}`);
    // Kept: a1 on the 28th (its first check-in), and c7's companion on the 30th without an action of its own;
    // c7 on the 29th stands in the log but was not kept.
    await run(`insert into camp_checkins (registration_id, person_id, day, checked_in_at, checked_in_by) values
      (1, 'a1', '2026-11-28', '2026-11-28T08:00:00Z', 'dorvakt'), (1, 'c7', '2026-11-30', '2026-11-30T07:30:00Z', 'dorvakt')`);

    await database.migrate();

    expect((await campArrivals(database.db, [1])).map((arrival) => [arrival.personId, arrival.day, arrival.at.toISOString()])).toEqual([
      ["a1", "2026-11-28", "2026-11-28T08:00:00.000Z"],
      ["c7", "2026-11-30", "2026-11-30T07:30:00.000Z"],
    ]);
    const left = await run(`select count(*)::int as n from information_schema.tables where table_name = 'camp_checkins'`);
    expect(left.rows[0]!.n).toBe(0);
  });
});
