import type { useDatabaseAt } from "./migrations-up-to.ts";

type Row = Record<string, unknown>;

/*
 * For the move tests of the camp's rows naming their order by order_id (migrations 0053-0058): the orders they
 * name, and each row as it must read after the move.
 */

export type Stopped = ReturnType<typeof useDatabaseAt>;

/** A camp edition with two registrations' orders (1, 2) and a grading with one order (10), as the release left them. */
export async function orders(stopped: Stopped) {
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
export async function expectedAfterMove(stopped: Stopped, table: string): Promise<Row[]> {
  const before = (await stopped.run(`select * from ${table} order by id`)).rows as Row[];
  return before.map(({ camp_registration_id: campRegistrationId, ...row }) => ({
    ...row,
    order_id: campRegistrationId ?? row.order_id,
    owner_kind: row.order_id === null ? "camp" : "order",
  }));
}

/** The columns of `table`, by name. */
export async function columnsOf(stopped: Stopped, table: string): Promise<string[]> {
  const { rows } = await stopped.run(`select column_name from information_schema.columns where table_name = '${table}' order by column_name`);
  return rows.map((row) => String(row.column_name));
}
