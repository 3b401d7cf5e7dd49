/**
 * A test file's database handed on to the next file in the same worker, emptied back to the template's rows,
 * instead of a new copy per file: loading a PGlite from the run's dump costs about a second of CPU, and creating
 * and dropping a PostgreSQL database one to three seconds (each drop waits for a checkpoint), against a few
 * milliseconds to empty the tables a file wrote to. A worker keeps its modules from one file to the next
 * (vitest.config.ts, `isolate: false`), so the databases kept here outlive the file that made them.
 *
 * What a file hands on is its rows and its sequences; both go back to what the copy held when it was made (the
 * seeded clubs, grades, site sections and the door's secret, every id starting again). A file that changed the
 * schema (a table of its own, a column) or left the database unusable hands nothing on: the database is closed
 * and the next file gets a fresh copy. Each file still gets a query API (and, on PostgreSQL, connections) of its
 * own, and its `close()` ends them: a test that closes its database sees it gone, as before.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { deleteOrder } from "./clear-tables.ts";

/** Where a kept database holds the rows its template had, to put them back. */
const templateRows = "test_template_rows";

/** What a database held when it was copied from the template. */
export interface TemplateState {
  /** The schema's objects, as `schemaFingerprint` reads them. */
  fingerprint: string;
  /** One statement that empties every table and puts back the template's rows and sequences. */
  reset: string;
}

/** Reads a fresh copy of the template and keeps its rows beside it, so `resetToTemplate` can restore them. */
export async function templateStateOf(database: Database): Promise<TemplateState> {
  const { db } = database;
  const { rows: references } = await db.execute<{ child: string; parent: string }>(sql`
    select c.oid::regclass::text as child, coalesce(f.confrelid::regclass::text, '') as parent
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    left join pg_constraint f on f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> f.conrelid
    where n.nspname = 'public' and c.relkind in ('r', 'p')`);
  const order = deleteOrder(references);
  const filled: string[] = [];
  for (const table of order) {
    const { rows } = await db.execute<{ filled: boolean }>(sql.raw(`select exists (select 1 from ${table}) as filled`));
    if (rows[0]?.filled) filled.push(table);
  }
  await db.execute(sql.raw(`create schema ${templateRows}`));
  for (const table of filled) await db.execute(sql.raw(`create table ${templateRows}.${table} as table public.${table}`));
  const { rows: sequences } = await db.execute<{ sequence: string; start: string; last: string | null }>(sql`
    select format('%I.%I', schemaname, sequencename) as sequence, start_value::text as start, last_value::text as last
    from pg_sequences where schemaname = 'public'`);
  const restartIds = sequences.map(({ sequence, start, last }) =>
    last === null ? `setval('${sequence}', ${start}, false)` : `setval('${sequence}', ${last}, true)`,
  );
  // One round trip: a table is emptied only if it holds a row (a DELETE on an empty table still costs), the
  // tables that refer to others first; the template's rows go back in the other order.
  const reset = [
    "do $reset$ begin",
    ...order.map((table) =>
      filled.includes(table) ? `delete from public.${table};` : `if exists (select 1 from public.${table}) then delete from public.${table}; end if;`,
    ),
    ...[...filled].reverse().map((table) => `insert into public.${table} overriding system value select * from ${templateRows}.${table};`),
    restartIds.length > 0 ? `perform ${restartIds.join(", ")};` : "",
    "end $reset$",
  ].join("\n");
  return { fingerprint: await schemaFingerprint(database), reset };
}

/**
 * Empties the database back to the template's rows; false (and nothing done) when its schema is no longer the
 * template's, so it cannot be handed on.
 */
export async function resetToTemplate(database: Database, state: TemplateState): Promise<boolean> {
  if ((await schemaFingerprint(database)) !== state.fingerprint) return false;
  await database.db.execute(sql.raw(state.reset));
  return true;
}

/** Every table, column, constraint, index, function and trigger outside the system's schemas, as one hash. */
async function schemaFingerprint(database: Database): Promise<string> {
  const { rows } = await database.db.execute<{ fingerprint: string }>(sql`
    with user_namespaces as (
      select oid, nspname from pg_namespace where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg_toast%'
    ), objects as (
      select format('r %s.%s %s', n.nspname, c.relname, c.relkind) as object
      from pg_class c join user_namespaces n on n.oid = c.relnamespace
      union all
      select format('a %s.%s.%s %s %s %s', n.nspname, c.relname, a.attname, a.atttypid, a.attnotnull, a.atthasdef)
      from pg_attribute a join pg_class c on c.oid = a.attrelid join user_namespaces n on n.oid = c.relnamespace
      where a.attnum > 0 and not a.attisdropped
      union all
      select format('c %s.%s %s', n.nspname, c.conname, c.convalidated) from pg_constraint c join user_namespaces n on n.oid = c.connamespace
      union all
      select format('f %s.%s', n.nspname, p.proname) from pg_proc p join user_namespaces n on n.oid = p.pronamespace
      union all
      select format('t %s %s', t.tgname, t.tgenabled) from pg_trigger t where not t.tgisinternal
    )
    select md5(coalesce(string_agg(object, ',' order by object), '')) as fingerprint from objects`);
  return rows[0]!.fingerprint;
}
