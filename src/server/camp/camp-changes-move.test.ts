import { asc, getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderChanges } from "../db/schema/events-orders.ts";
import { databaseKinds } from "../test-support/database.ts";
import { useDatabaseAt } from "../test-support/migrations-up-to.ts";
import { registrationChanges } from "./camp-self-service.ts";

/**
 * The camp's change log becomes the engine's (`order_changes`; since migration 0053 a registration's rows name
 * its order by `order_id`, the registration's id). Every row moves with its id, time, actor and summary, so the leader's log reads as
 * before; new rows take ids past the moved ones.
 */
/** Every column but the row's side, which migrations 0050 and 0053 add. */
function rowWithoutSide<Table extends typeof orderChanges>(table: Table) {
  const { ownerKind: _side, ...columns } = getTableColumns(table);
  return columns;
}

describe.each(databaseKinds)("the camp's change log as order changes on %s", (kind) => {
  const stopped = useDatabaseAt(kind, "0044_companions_as_positions");

  it("keeps every change with its id, registration, time, actor and summary, and the log's order", async () => {
    const { database, run } = stopped;
    await stopped.campEditions(2026, 2027);
    const at = "'2026-11-20T10:00:00Z'";
    const registration = (n: number, first: string) =>
      run(`insert into camp_registrations (edition_year, draft_id, order_id, first_name, last_name, age, email, telephone, allergies, club_id,
          grade_id, gradering, has_ledsager, other_info, sleepover, vegan, instructor, public, vipps, wants_to_instruct, data_consent, terms_accepted,
          status, created_at)
        values (2026, '00000000-0000-4000-8000-00000000000${n}', 'VL26-AAAAA${n}', '${first}', 'Hansen', 30, 'per@example.no', '90000001', '', 1,
          1, false, false, '', false, false, 0, true, false, false, true, true, 'confirmed', ${at})`);
    await registration(1, "Per");
    await registration(2, "Kari");
    // Ids with gaps (rows deleted with an anonymised registration), and one written later with an earlier time.
    await run(`insert into camp_registration_changes (id, registration_id, at, actor, summary) overriding system value values
      (3, 1, '2026-10-15T08:00:03.516Z', 'deltaker', 'Avbestilte ledsager Frode Hansen (refusjon 550 kr)'),
      (7, 2, '2026-10-15T08:00:03.680Z', 'deltaker', 'Endret allergier'),
      (8, 1, '2026-10-15T08:00:03.516Z', 'camp-admin', 'Leirledelsen la til ledsager Mona Hansen (550 kr)'),
      (12, 1, '2026-10-14T09:30:00.000Z', 'system', 'Ledsager Mona Hansen er oppgitt som allerede påmeldt, men er avbestilt på VL26-AAAAA2')`);
    await run(`select setval(pg_get_serial_sequence('camp_registration_changes', 'id'), 12)`);

    await database.migrate();

    // Each row as this migration left it; its side (owner_kind) is a later migration's to check.
    const rows = await database.db.select(rowWithoutSide(orderChanges)).from(orderChanges).orderBy(asc(orderChanges.id));
    expect(rows).toEqual([
      {
        id: 3,
        orderId: 1,
        at: new Date("2026-10-15T08:00:03.516Z"),
        actor: "deltaker",
        summary: "Avbestilte ledsager Frode Hansen (refusjon 550 kr)",
      },
      { id: 7, orderId: 2, at: new Date("2026-10-15T08:00:03.680Z"), actor: "deltaker", summary: "Endret allergier" },
      {
        id: 8,
        orderId: 1,
        at: new Date("2026-10-15T08:00:03.516Z"),
        actor: "camp-admin",
        summary: "Leirledelsen la til ledsager Mona Hansen (550 kr)",
      },
      {
        id: 12,
        orderId: 1,
        at: new Date("2026-10-14T09:30:00.000Z"),
        actor: "system",
        summary: "Ledsager Mona Hansen er oppgitt som allerede påmeldt, men er avbestilt på VL26-AAAAA2",
      },
    ]);
    // The leader's log reads as before: by time, and by id within one time.
    expect((await registrationChanges(database.db, 1)).map((change) => change.summary)).toEqual([
      "Ledsager Mona Hansen er oppgitt som allerede påmeldt, men er avbestilt på VL26-AAAAA2",
      "Avbestilte ledsager Frode Hansen (refusjon 550 kr)",
      "Leirledelsen la til ledsager Mona Hansen (550 kr)",
    ]);

    // A new change takes an id past every moved one.
    const fresh = await run(
      `insert into order_changes (order_id, owner_kind, at, actor, summary) values (2, 'camp', ${at}, 'deltaker', 'Endret telefon') returning id`,
    );
    expect(Number(fresh.rows[0]!.id)).toBeGreaterThan(12);
    // A change names an order: none is refused.
    await expect(run(`insert into order_changes (at, actor, summary) values (${at}, 'deltaker', 'Uten eier')`)).rejects.toThrow();
    await run(`insert into events (slug, kind, definition, last_day, created_at, updated_at)
      values ('gradering-desember', 'gradering', '{}', '2026-12-12', ${at}, ${at})`);
    await run(`insert into event_orders (event_id, order_id, draft_id, status, method, first_name, last_name, email, telephone, amount, places, created_at)
      values ((select id from events where slug = 'gradering-desember'), 'GR26-AAAAAA', 'd1', 'confirmed', 'card_cash', 'Eva', 'Foresatt',
        'eva@example.no', '90000000', 700, 1, ${at})`);
    // An order's changes go with the order, and a registration's with the registration (since 0049 an order of
    // the same id).
    await run(
      `insert into order_changes (order_id, at, actor, summary) values ((select id from event_orders where order_id = 'GR26-AAAAAA'), ${at}, 'deltaker', 'Avbestilte')`,
    );
    await run(`delete from event_orders where order_id = 'GR26-AAAAAA'`);
    await run(`delete from event_orders where id = 1`);
    const left = await run(`select order_id, summary from order_changes order by id`);
    expect(left.rows).toEqual([
      { order_id: 2, summary: "Endret allergier" },
      { order_id: 2, summary: "Endret telefon" },
    ]);
    const gone = await run(`select count(*)::int as n from information_schema.tables where table_name = 'camp_registration_changes'`);
    expect(gone.rows[0]!.n).toBe(0);
  });
});
