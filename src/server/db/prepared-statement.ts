import { PGlite, protocol, type Transaction } from "@electric-sql/pglite";
import { fillPlaceholders, type SQL } from "drizzle-orm";
import { NodePgSession } from "drizzle-orm/node-postgres";
import { PgDialect, PgTransaction } from "drizzle-orm/pg-core";
import { isPglite, type Db, type RowsResult } from "./database.ts";
import { pgliteOfTransaction } from "./pglite-transactions.ts";

/**
 * A statement for a hot path: its text is fixed, its values come as named placeholders
 * (`sql.placeholder("name")`, with a column as encoder through `sql.param(placeholder, column)`), and the
 * database parses and plans it once per connection instead of once per call.
 *
 * - PostgreSQL: drizzle's prepared query with a statement name (node-postgres parses a named statement once
 *   per pooled connection).
 * - PGlite: its `query()` makes six calls into the WASM engine per statement (parse, describe, bind,
 *   describe, execute, sync), which for a large statement costs more than running it. Here the statement is
 *   parsed once under its name, then each call is one bind + describe + execute + sync, under the same
 *   locks as `query()` and followed by the same `syncToFs()`, so nothing about durability differs.
 *
 * Rows come back as objects by column name, with the driver's values: PostgreSQL parses them (int → number),
 * PGlite's raw protocol answers text; convert what you read (`Number(row.id)`).
 * Only on the database object itself (outside a transaction); `name` must be unique per statement text.
 */
export function prepareStatement(
  db: Db,
  name: string,
  statement: SQL,
): { execute(values: Record<string, unknown>): Promise<Record<string, unknown>[]> } {
  const query = dialect.sqlToQuery(statement);
  if (isPglite(db)) {
    const client = (db as unknown as { $client: PGlite }).$client;
    return { execute: (values) => executeOnPglite(client, name, query.sql, fillPlaceholders(query.params, values)) };
  }
  const prepared = db._.session.prepareQuery<{ execute: RowsResult<Record<string, unknown>> } & PreparedConfig>(query, undefined, name, false);
  return { execute: async (values) => (await prepared.execute(values)).rows };
}

type PreparedConfig = { all: unknown; values: unknown };

const dialect = new PgDialect();
const { serialize } = protocol;
/** Statement names already parsed, per PGlite instance (one connection each). */
const parsedOn = new WeakMap<PGlite, Set<string>>();

async function executeOnPglite(client: PGlite, name: string, text: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  await client._checkReady();
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      const rows = await runNamedOnPglite(client, name, text, params);
      // Outside a transaction, query() makes the commit reach the file system before answering: so does this.
      await client.syncToFs();
      return rows;
    }),
  );
}

/**
 * Inside a PGlite transaction, which holds the database's transaction lock already: only the query lock is
 * taken, and the file system is reached at the commit, as with the transaction's own query(). A transaction
 * that is over holds no lock: run then, the statement would land outside any transaction or inside another
 * one, so it is refused as the transaction's own query() refuses it (checked under the query lock, which the
 * commit and the rollback take too).
 */
function executeInPgliteTransaction(
  client: PGlite,
  tx: Transaction,
  name: string,
  text: string,
  params: unknown[],
): Promise<Record<string, unknown>[]> {
  if (tx.closed) return Promise.reject(new Error("Transaction is closed"));
  return client._runExclusiveQuery(() => {
    if (tx.closed) throw new Error("Transaction is closed");
    return runNamedOnPglite(client, name, text, params);
  });
}

/** Parses `text` under `name` on its first call (a named statement outlives a rolled-back transaction), then binds and runs it. */
async function runNamedOnPglite(client: PGlite, name: string, text: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  const values = params.map((value) => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value)));
  let parsed = parsedOn.get(client);
  if (!parsed) parsedOn.set(client, (parsed = new Set()));
  if (!parsed.has(name)) {
    // Untyped parameters: the database infers each from where it is used, as with query().
    await client.execProtocol(concat(serialize.parse({ name, text, types: [] }), serialize.sync()), { syncToFs: false });
    parsed.add(name);
  }
  const { messages } = await client.execProtocol(
    concat(serialize.bind({ statement: name, values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()),
    { syncToFs: false },
  );
  let names: string[] = [];
  const rows: Record<string, unknown>[] = [];
  for (const message of messages) {
    if (message.name === "rowDescription")
      names = (message as InstanceType<typeof protocol.messages.RowDescriptionMessage>).fields.map((field) => field.name);
    if (message.name === "dataRow") {
      const fields = (message as InstanceType<typeof protocol.messages.DataRowMessage>).fields;
      rows.push(Object.fromEntries(names.map((column, index) => [column, fields[index]])));
    }
  }
  return rows;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/**
 * A hot path's statement by name: built once per process by `build` (building and rendering a large
 * statement costs more CPU than running it). Outside a transaction it is prepared per database
 * (`prepareStatement`). Inside a PostgreSQL transaction it is prepared on the transaction's connection under
 * its name (node-postgres parses a name once per connection); inside a PGlite one it is parsed once per database
 * under its name, as outside (a tracked PGlite: db/pglite-transactions.ts).
 */
export function namedStatement(name: string, build: () => SQL) {
  let built: { statement: SQL; query: ReturnType<PgDialect["sqlToQuery"]> } | undefined;
  const prepared = new WeakMap<Db, ReturnType<typeof prepareStatement>>();
  return {
    async execute(db: Db, values: Record<string, unknown>): Promise<Record<string, unknown>[]> {
      if (!built) {
        const statement = build();
        built = { statement, query: dialect.sqlToQuery(statement) };
      }
      if (db instanceof PgTransaction) {
        const client = (db._.session as unknown as { client: unknown }).client;
        const pglite = pgliteOfTransaction(client);
        if (pglite)
          return executeInPgliteTransaction(pglite, client as Transaction, name, built.query.sql, fillPlaceholders(built.query.params, values));
        const query = db._.session.prepareQuery<{ execute: RowsResult<Record<string, unknown>> } & PreparedConfig>(
          built.query,
          undefined,
          db._.session instanceof NodePgSession ? name : undefined,
          false,
        );
        return (await query.execute(values)).rows;
      }
      let ready = prepared.get(db);
      if (!ready) prepared.set(db, (ready = prepareStatement(db, name, built.statement)));
      return ready.execute(values);
    },
  };
}

/** A boolean column as either driver hands it over (PGlite's prepared path reads text: "t"). */
export function driverBoolean(value: unknown): boolean {
  return value === true || value === "t" || value === "true";
}
