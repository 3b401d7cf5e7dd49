import { describe, expect, it } from "vitest";
import { databaseKinds } from "../test-support/database.ts";
import { useDatabaseAt } from "../test-support/migrations-up-to.ts";
import { readCampCompanions } from "./camp-companion-rows.ts";

/**
 * The camp's companions become positions beside their registration (migration 0044). The ledger
 * (`companion-{id}`) and the door (`c{id}`) name a companion by its id, so each keeps it, and the events' own
 * positions, which share the table and whose ids nothing names, move out of their way with their content.
 */
describe.each(databaseKinds)("the camp's companions as positions on %s", (kind) => {
  const stopped = useDatabaseAt(kind, "0043_door_state_from_the_log");

  it("keeps every companion with its id and details, and every event position as it was", async () => {
    const { database, run } = stopped;
    await stopped.campEditions(2026, 2027);
    const at = "'2026-11-20T10:00:00Z'";
    await run(`insert into events (slug, kind, definition, last_day, created_at, updated_at)
      values ('gradering-desember', 'gradering', '{}', '2026-12-12', ${at}, ${at})`);
    await run(`insert into event_orders (event_id, order_id, draft_id, status, method, first_name, last_name, email, telephone, amount, places, created_at)
      values (1, 'GR26-AAAAAA', 'd1', 'confirmed', 'card_cash', 'Eva', 'Foresatt', 'eva@example.no', '90000000', 700, 2, ${at})`);
    await run(`insert into event_positions (order_id, position, kind, first_name, last_name, age, club_id, grade_id, answers, cancelled_at)
      values (1, 0, 'athlete', 'Emma', 'Foresatt', 10, 1, 1, '{}', null), (1, 1, 'athlete', 'Jonas', 'Foresatt', 14, 1, 2, '{"q1": "ja"}', ${at})`);
    const registration = (n: number, first: string) =>
      run(`insert into camp_registrations (edition_year, draft_id, order_id, first_name, last_name, age, email, telephone, allergies, club_id,
          grade_id, gradering, has_ledsager, other_info, sleepover, vegan, instructor, public, vipps, wants_to_instruct, data_consent, terms_accepted,
          status, created_at)
        values (2026, '00000000-0000-4000-8000-00000000000${n}', 'VL26-AAAAA${n}', '${first}', 'Hansen', 30, 'per@example.no', '90000001', '', 1,
          1, false, true, '', false, false, 0, true, false, false, true, true, 'confirmed', ${at})`);
    await registration(1, "Per");
    await registration(2, "Kari");
    await run(`insert into camp_companions (registration_id, position, client_id, first_name, last_name, age, telephone, email, sleepover, already_registered, amount, cancelled_at)
      values (1, 0, 'a', 'Mona', 'Hansen', 40, '90000002', 'mona@example.no', true, false, 550, null),
             (1, 1, 'b', 'Frode', 'Hansen', 41, '90000003', 'frode@example.no', false, false, 550, ${at}),
             (2, 0, 'c', 'Mona', 'Hansen', 40, '90000002', 'mona@example.no', false, true, 0, null)`);
    const companionIds = (await run(`select id from camp_companions order by id`)).rows.map((row) => Number(row.id));

    await database.migrate();

    // Since the athlete became its order's position 0 (0049), the companions follow from 1, in the same order.
    const companions = await readCampCompanions(database.db);
    expect(companions.map(({ cancelledAt, ...rest }) => ({ ...rest, cancelled: cancelledAt !== null }))).toEqual([
      {
        id: companionIds[0],
        registrationId: 1,
        position: 1,
        clientId: "a",
        firstName: "Mona",
        lastName: "Hansen",
        age: 40,
        telephone: "90000002",
        email: "mona@example.no",
        sleepover: true,
        alreadyRegistered: false,
        cancelled: false,
      },
      {
        id: companionIds[1],
        registrationId: 1,
        position: 2,
        clientId: "b",
        firstName: "Frode",
        lastName: "Hansen",
        age: 41,
        telephone: "90000003",
        email: "frode@example.no",
        sleepover: false,
        alreadyRegistered: false,
        cancelled: true,
      },
      {
        id: companionIds[2],
        registrationId: 2,
        position: 1,
        clientId: "c",
        firstName: "Mona",
        lastName: "Hansen",
        age: 40,
        telephone: "90000002",
        email: "mona@example.no",
        sleepover: false,
        alreadyRegistered: true,
        cancelled: false,
      },
    ]);
    // The event's order has moved to a higher id since (0049): its positions are found by its order number.
    const positions = await run(`select o.order_id, p.position, p.kind, p.first_name, p.age, p.club_id, p.grade_id, p.answers,
        p.cancelled_at is not null as cancelled
      from event_positions p join event_orders o on o.id = p.order_id where p.owner_kind = 'order' order by p.position`);
    expect(positions.rows).toEqual([
      { order_id: "GR26-AAAAAA", position: 0, kind: "athlete", first_name: "Emma", age: 10, club_id: 1, grade_id: 1, answers: {}, cancelled: false },
      {
        order_id: "GR26-AAAAAA",
        position: 1,
        kind: "athlete",
        first_name: "Jonas",
        age: 14,
        club_id: 1,
        grade_id: 2,
        answers: { q1: "ja" },
        cancelled: true,
      },
    ]);
    // New positions get ids no companion or moved position holds.
    const fresh = await run(`insert into event_positions (order_id, owner_kind, position, kind, first_name, last_name, age, answers)
      values (2, 'camp', 2, 'companion', 'Ny', 'Hansen', 30, '{}') returning id`);
    const taken = await run(`select count(*)::int as n from event_positions where id = ${Number(fresh.rows[0]!.id)}`);
    expect(taken.rows[0]!.n).toBe(1);
    const left = await run(`select count(*)::int as n from information_schema.tables where table_name = 'camp_companions'`);
    expect(left.rows[0]!.n).toBe(0);
  });
});
