/**
 * Emptying tables between tests: what `truncate … restart identity cascade` does, row by row. TRUNCATE makes new
 * files for every table it empties and every cached plan is made again: for the camp's 14 tables about 70 ms on
 * PostgreSQL and 50 ms on PGlite, and more in the statements after it, where deleting the few rows a test leaves
 * takes a few milliseconds (the money ledger's property, 1,000 sequences per database: PGlite 176 -> 115 s,
 * PostgreSQL 181 -> 69 s).
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/database.ts";

interface TablesShape {
  /** The tables, each after every table that refers to it: an order their rows can be deleted in. */
  tables: string[];
  /** The statement that starts their ids again, or "" when they have none. */
  restartIds: string;
}

const shapes = new WeakMap<Database, Map<string, Promise<TablesShape>>>();

/**
 * The tables that hold the rows of the camp's registrations and of the events' orders side by side (each row
 * names its order by `order_id` and carries its side, `owner_kind`; the orders themselves are the camp's when
 * their event is a camp's edition), referring tables first.
 */
export const tablesOfBothKinds = [
  "event_ledger_entries",
  "event_waitlist_offers",
  "event_checkin_actions",
  "event_positions",
  "order_changes",
  "family_links",
  "event_payment_actions",
  "event_payments",
  "event_orders",
] as const;

/**
 * The rows of a table of both kinds that belong to `side`. A family link of an address (`email_key`, no side)
 * is the camp's until the season's page opens the events' orders too.
 */
function rowsOf(table: (typeof tablesOfBothKinds)[number], side: "camp" | "order"): string {
  if (table === "event_orders") return `event_id ${side === "order" ? "not in" : "in"} (select id from events where kind = 'vinterleir')`;
  if (table === "family_links" && side === "camp") return `owner_kind is distinct from 'order'`;
  // A payment's actions are its side's through their payment.
  if (table === "event_payment_actions") return `payment_id in (select id from event_payments where owner_kind = '${side}')`;
  return `owner_kind = '${side}'`;
}

/**
 * Deletes every row of `tables` and of every table that refers to them, and starts their ids again. In the
 * tables of both kinds, only the rows of `side` go (and their ids go on): the other kind's stay.
 */
export async function clearTables(database: Database, tables: readonly string[], { side }: { side: "camp" | "order" }): Promise<void> {
  for (const table of tablesOfBothKinds) await database.db.execute(sql.raw(`delete from ${table} where ${rowsOf(table, side)}`));
  // Orders are numbered from 1 again once neither kind has one left (the ids of other tables of both kinds go on).
  await database.db.execute(
    sql.raw(`select setval(pg_get_serial_sequence('event_orders', 'id'), 1, false) where not exists (select 1 from event_orders)`),
  );
  let ofDatabase = shapes.get(database);
  if (!ofDatabase) {
    ofDatabase = new Map();
    shapes.set(database, ofDatabase);
  }
  const key = tables.join(",");
  let shape = ofDatabase.get(key);
  if (!shape) {
    shape = shapeOf(database, tables);
    ofDatabase.set(key, shape);
  }
  const { tables: order, restartIds } = await shape;
  for (const table of order) await database.db.execute(sql.raw(`delete from ${table}`));
  if (restartIds) await database.db.execute(sql.raw(restartIds));
}

async function shapeOf(database: Database, tables: readonly string[]): Promise<TablesShape> {
  // The tables and, as TRUNCATE … CASCADE, every table that refers to one of them.
  const closure = sql`
    with recursive closure(t) as (
      select unnest(array[${sql.raw(tables.map((table) => `'${table}'`).join(", "))}]::regclass[])
      union
      select c.conrelid::regclass from pg_constraint c join closure on c.confrelid = closure.t
      where c.contype = 'f' and c.conrelid::regclass::text not in (${sql.raw(tablesOfBothKinds.map((table) => `'${table}'`).join(", "))})
    )`;
  const { rows: references } = await database.db.execute<{ child: string; parent: string }>(sql`${closure}
    select closure.t::text as child, coalesce(c.confrelid::regclass::text, '') as parent
    from closure left join pg_constraint c on c.conrelid = closure.t and c.contype = 'f' and c.confrelid <> c.conrelid
      and c.confrelid in (select t from closure)`);
  // Their serial and identity columns' sequences, as RESTART IDENTITY.
  const { rows: sequences } = await database.db.execute<{ sequence: string; start: string }>(sql`${closure}
    select d.objid::regclass::text as sequence, s.seqstart::text as start
    from pg_depend d join pg_sequence s on s.seqrelid = d.objid
    where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
      and d.refobjid in (select t from closure)`);
  const restartIds = sequences.map(({ sequence, start }) => `setval('${sequence}'::regclass, ${start}, false)`).join(", ");
  return { tables: deleteOrder(references), restartIds: restartIds && `select ${restartIds}` };
}

/** Referring tables first: a table's rows are deleted once no table left refers to it. */
export function deleteOrder(references: { child: string; parent: string }[]): string[] {
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of references) {
    if (!parents.has(child)) parents.set(child, new Set());
    if (parent) parents.get(child)!.add(parent);
  }
  const order: string[] = [];
  while (parents.size > 0) {
    const referred = new Set([...parents.values()].flatMap((set) => [...set]));
    const free = [...parents.keys()].filter((table) => !referred.has(table));
    if (free.length === 0) throw new Error(`these tables refer to each other in a circle: ${[...parents.keys()].join(", ")}`);
    for (const table of free) {
      order.push(table);
      parents.delete(table);
    }
  }
  return order;
}
