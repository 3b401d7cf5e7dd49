import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderChanges } from "../db/schema/events-orders.ts";
import { databaseKinds } from "../test-support/database.ts";
import { useDatabaseAt } from "../test-support/migrations-up-to.ts";
import { registrationChanges } from "./camp-self-service.ts";

const tail = "og er ikke betalt for lenger. Ta betalt for ledsageren eller fjern ledsageren.";
const oldLine = (name: string, orderId: string) => `Ledsager ${name} er oppgitt som allerede påmeldt, men er avbestilt på ${orderId} ${tail}`;
const newLine = (name: string) => `Ledsager ${name} er oppgitt som allerede påmeldt, men er avbestilt i en annen påmelding ${tail}`;

/**
 * A family's change log is in its person export, so it must not name another family's order (migration 0051).
 * The «allerede påmeldt» notes written before the code stopped naming the other order get the new wording; no
 * other line, nor any other field, changes.
 */
describe.each(databaseKinds)("another family's order scrubbed from the camp's change logs on %s", (kind) => {
  const stopped = useDatabaseAt(kind, "0050_orders_kept_to_their_side");

  it("rewrites only the old «allerede påmeldt» notes, and only their summary", async () => {
    const { database, run } = stopped;
    await stopped.campEditions(2026);
    const at = "'2026-11-20T10:00:00Z'";

    // Family B (1) claimed companions of family A (2), who cancelled them; family C (3) claimed one too.
    await run(`insert into event_orders (id, event_id, order_id, draft_id, status, method, first_name, last_name, email, telephone, owner_kind, created_at)
      overriding system value values
      (1, 901, 'VL26-BBBBBB', 'd-1', 'confirmed', 'vipps', 'Berit', 'Berg', 'berit@example.no', '90000001', 'camp', ${at}),
      (2, 901, 'VL26-4F7K2Q', 'd-2', 'cancelled', 'card_cash', 'Anne', 'Ås', 'anne@example.no', '90000002', 'camp', ${at}),
      (3, 901, 'VL26-CCCCCC', 'd-3', 'confirmed', 'card_cash', 'Carl', 'Dahl', 'carl@example.no', '90000003', 'camp', ${at})`);
    // A grading's order, beside the camp's.
    await run(`insert into events (id, slug, kind, definition, last_day, created_at, updated_at) overriding system value
      values (950, 'gradering-desember', 'gradering', '{}', '2026-12-12', ${at}, ${at})`);
    await run(`insert into event_orders (id, event_id, order_id, draft_id, status, method, first_name, last_name, email, telephone, amount, places, created_at)
      overriding system value values (10, 950, 'GR26-AAAAAA', 'g-1', 'cancelled', 'card_cash', 'Eva', 'Foresatt', 'eva@example.no', '90000000', 700, 1, ${at})`);

    await run(`insert into order_changes (id, order_id, camp_registration_id, at, actor, summary) overriding system value values
      (1, null, 1, '2026-10-14T09:30:00.000Z', 'system', '${oldLine("Kari Ledsager", "VL26-4F7K2Q")}'),
      (2, null, 2, '2026-10-14T09:30:00.000Z', 'deltaker', 'Ledsager Kari Ledsager avbestilt av deltakeren (Min påmelding).'),
      (3, null, 2, '2026-10-15T08:00:03.516Z', 'camp-admin', 'Ledsager Mona Ås er avbestilt på VL26-4F7K2Q av leirledelsen'),
      (4, null, 3, '2026-10-15T08:00:03.680Z', 'system', '${oldLine("Anne-Lise Berg Olsen", "VL26-4F7K2Q")}'),
      (5, null, 1, '2026-10-16T08:00:00.000Z', 'system', '${newLine("Per Ledsager")}'),
      (6, 10, null, '2026-10-16T09:00:00.000Z', 'deltaker', 'Bestillingen avbestilt av deltakeren.'),
      (7, 10, null, '2026-10-16T09:00:00.000Z', 'system', '${oldLine("Kari Ledsager", "VL26-4F7K2Q")}')`);
    const read = () => database.db.select().from(orderChanges).orderBy(asc(orderChanges.id));
    const before = await read();
    expect(before).toHaveLength(7);

    await database.migrate();

    // Field by field: the two old notes on the camp's rows read the new wording, everything else is as it was
    // (the event order's row keeps even the old sentence: the camp never wrote it there).
    const rewritten = new Map([
      [1, newLine("Kari Ledsager")],
      [4, newLine("Anne-Lise Berg Olsen")],
    ]);
    // Each camp row names its registration's order by order_id since migration 0053.
    const campOrder = new Map([
      [1, 1],
      [2, 2],
      [3, 2],
      [4, 3],
      [5, 1],
    ]);
    expect(await read()).toEqual(
      before.map((row) => ({ ...row, orderId: row.orderId ?? campOrder.get(row.id), summary: rewritten.get(row.id) ?? row.summary })),
    );
    // Family B's log, which its person export holds, no longer names family A's order.
    const bLog = await registrationChanges(database.db, 1);
    expect(bLog.map((change) => change.summary)).toEqual([newLine("Kari Ledsager"), newLine("Per Ledsager")]);
    expect(JSON.stringify(bLog)).not.toContain("VL26-4F7K2Q");
  });
});
