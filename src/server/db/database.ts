import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import { migrationsFolder } from "./migrations-folder.ts";
import { trackTransactions } from "./pglite-transactions.ts";

/** What `db.execute(sql…)` answers on both drivers (PGlite's Results and pg's QueryResult share `rows`). */
export interface RowsResult<Row> {
  rows: Row[];
}
interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<this["row"]>;
}

/** The one query API every feature uses, whichever driver is underneath. */
export type Db = PgDatabase<RowsResultHKT>;
export type DatabaseKind = "pglite" | "postgres";

/** The embedded database (one connection, statements one at a time), seen from its query API. */
export function isPglite(db: Db): boolean {
  return (db as { $client?: unknown }).$client instanceof PGlite;
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** True when the database answers a trivial query within a few seconds. */
  ping(): Promise<boolean>;
  /**
   * Applies pending migrations (on PostgreSQL under an advisory lock, so parallel start-ups are safe); from
   * another folder only in tests that stop at an earlier migration (test-support/migrations-up-to.ts).
   */
  migrate(folder?: string): Promise<void>;
  /** Idempotent. */
  close(): Promise<void>;
}

const PING_TIMEOUT_MS = 3000;
// Any constant shared by every process of this app; hashtext keeps it readable.
const MIGRATION_LOCK = sql`hashtext('skitaekwondo:migrations')`;

/** PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in `${DATA_DIR}/db`. */
export async function createDatabase(env: { DATA_DIR: string; DATABASE_URL?: string | undefined }): Promise<Database> {
  if (env.DATABASE_URL) return connectPostgres(env.DATABASE_URL);
  return connectPglite(path.resolve(env.DATA_DIR, "db"));
}

/**
 * Embedded PostgreSQL; without a folder the database lives in memory (tests). `loadDataDir` starts it from a
 * dump of another PGlite's data folder (`dumpDataDir`), which is far quicker than initialising and migrating.
 */
export async function connectPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  let releaseLock = async () => {};
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    // PGlite is single-process: a second process on the same folder would corrupt it.
    releaseLock = await acquireDataDirLock(dataDir);
  }
  let client: PGlite;
  try {
    const createOptions = options.loadDataDir ? { loadDataDir: options.loadDataDir } : {};
    client = dataDir ? await PGlite.create(dataDir, createOptions) : await PGlite.create(createOptions);
  } catch (error) {
    await releaseLock();
    throw error;
  }
  trackTransactions(client);
  return databaseOverPglite(client, async () => {
    await client.close();
    await releaseLock();
  });
}

/**
 * The app's view of a started PGlite (`trackTransactions` already applied): a query API of its own, closed once
 * by `close`. The tests hand one PGlite to one test file after another this way (test-support/database.ts).
 */
export function databaseOverPglite(client: PGlite, close: () => Promise<void>): Database {
  const db = drizzlePglite(client) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: "pglite",
    ping: () => pingWith(db),
    migrate: async (folder = migrationsFolder()) => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await close();
    },
  };
}

/**
 * Limits that turn a database outage into a quick 503 instead of a hanging request (docs/operations.md):
 * no connection within `connectMs` (pool full, or the server gone) fails; a statement running longer than
 * `statementMs` is cancelled by the server; a query without any answer (network gone) fails in the client
 * after `queryMs`. A connection the server dropped is discarded by the pool and a new one made on the next
 * query, so the site recovers by itself when the database is back.
 */
const postgresTimeouts = { connectMs: 3000, statementMs: 15_000, queryMs: 20_000, idleInTransactionMs: 60_000 } as const;

export async function connectPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: postgresTimeouts.connectMs,
    idleTimeoutMillis: 30_000,
    statement_timeout: postgresTimeouts.statementMs,
    query_timeout: postgresTimeouts.queryMs,
    idle_in_transaction_session_timeout: postgresTimeouts.idleInTransactionMs,
    keepAlive: true,
  });
  // An idle connection dropped by the server must not crash the process; the next query reports it.
  pool.on("error", () => {});
  // The same for a connection checked out between two queries (inside a transaction, say): the pool listens
  // only to idle ones, and a client's unheard "error" event would end the process. The transaction's next
  // query fails instead, and the broken client is thrown away when it is released.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePostgres(pool) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: "postgres",
    ping: () => pingWith(db),
    migrate: async (folder = migrationsFolder()) => {
      // One connection holds the session lock and runs the migrations, so a second process waits, then
      // finds nothing left to apply. Its own connection, without the pool's timeouts: waiting for the lock
      // and a long migration are both fine here.
      const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
      client.on("error", () => {});
      await client.connect();
      try {
        const locked = drizzlePostgres(client);
        await locked.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
        try {
          await migratePostgres(locked, { migrationsFolder: folder });
        } finally {
          await locked.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
        }
      } finally {
        await client.end().catch(() => {});
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function pingWith(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
