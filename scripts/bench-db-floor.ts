/**
 * `tsx scripts/bench-db-floor.ts [pglite|postgres]`: what the database alone can do for one registration,
 * in this process, without HTTP or the app: the floor beside bench:api's registration figures.
 *
 * On a fresh, migrated and seeded database (PGlite in a temporary folder, or a fresh PostgreSQL database on
 * BENCH_PG_URL), for a fixed time each:
 *   1. "insert": one single-row INSERT per transaction (autocommit), the least a durable write costs;
 *   2. "registration": one transaction with the rows of a registration with one companion (registration,
 *      companion, three price lines, payment, outbox mail) as separate statements;
 *   3. "one statement": the same rows written by one INSERT … WITH statement (data-modifying CTEs);
 *   4. the same statement prepared once (db/prepared-statement.ts), as the server runs its registration insert.
 * PGlite has one connection, so one client; PostgreSQL gets 10 concurrent clients (the server's pool).
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { Db } from "../src/server/db/database.ts";
import { prepareStatement } from "../src/server/db/prepared-statement.ts";
import { connectPglite, connectPostgres, type Database } from "../src/server/db/database.ts";
import { prepareDatabase } from "../src/server/db/open-database.ts";

const kind = process.argv[2] === "postgres" ? "postgres" : "pglite";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432";

interface Runner {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  transaction<T>(work: (tx: Runner) => Promise<T>): Promise<T>;
}

let database: Database;
let runners: Runner[];
let drizzleDb: Db;
let cleanup: () => Promise<void>;
const dir = await mkdtemp(path.join(os.tmpdir(), "stk-floor-"));
if (kind === "pglite") {
  database = await connectPglite(path.join(dir, "db"));
  await prepareDatabase(database);
  await database.close();
  const client = await PGlite.create(path.join(dir, "db"));
  const wrap = (q: Pick<PGlite, "query">): Runner => ({
    query: (text, params) => q.query(text, params) as Promise<{ rows: Record<string, unknown>[] }>,
    transaction: (work) => client.transaction((tx) => work(wrap(tx))),
  });
  runners = [wrap(client)];
  drizzleDb = drizzlePglite(client) as unknown as Db;
  cleanup = async () => {
    await client.close();
    await rm(dir, { recursive: true, force: true });
  };
} else {
  const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await admin.connect();
  const name = `stk_floor_${Date.now()}`;
  await admin.query(`create database ${name}`);
  database = await connectPostgres(`${PG_URL}/${name}`);
  await prepareDatabase(database);
  await database.close();
  const pool = new pg.Pool({ connectionString: `${PG_URL}/${name}`, max: 10 });
  pool.on("error", () => {});
  const runner: Runner = {
    query: (text, params) => pool.query(text, params),
    transaction: async (work) => {
      const client = await pool.connect();
      const tx: Runner = { query: (text, params) => client.query(text, params), transaction: () => Promise.reject(new Error("nested")) };
      try {
        await client.query("begin");
        const result = await work(tx);
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback");
        throw error;
      } finally {
        client.release();
      }
    },
  };
  runners = Array.from({ length: 10 }, () => runner);
  drizzleDb = drizzlePostgres(pool) as unknown as Db;
  cleanup = async () => {
    await pool.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dir, { recursive: true, force: true });
  };
}

let n = 0;
const registrationValues = () => {
  n++;
  return [2027, randomUUID(), `FL-${n}-${Math.random().toString(36).slice(2, 8)}`, "Ola", `Floor${n}`, 12, "ola@example.no", "91234567", "", 29, 5,
    false, true, "", true, false, 0, true, false, false, true, true, 1500, "confirmed", new Date(), new Date()];
};
const insertRegistration = `insert into camp_registrations (edition_year, draft_id, order_id, first_name, last_name, age, email, telephone,
  allergies, club_id, grade_id, gradering, has_ledsager, other_info, sleepover, vegan, instructor, public, vipps, wants_to_instruct,
  data_consent, terms_accepted, total, status, created_at, confirmed_at)
  values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26) on conflict do nothing returning id`;

async function timed(label: string, once: (runner: Runner) => Promise<unknown>) {
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  let count = 0;
  await Promise.all(
    runners.map(async (runner) => {
      while (performance.now() < deadline) {
        await once(runner);
        count++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(`${kind} ${label}: ${Math.round(count / seconds)}/s (${count} in ${seconds.toFixed(1)} s, ${runners.length} client(s))`);
}

try {
  await timed("single-row INSERT, autocommit", (runner) => runner.query(insertRegistration, registrationValues()));
  await timed("registration transaction (8 statements)", (runner) =>
    runner.transaction(async (tx) => {
      const [{ id }] = (await tx.query(insertRegistration, registrationValues())).rows as [{ id: number }];
      await tx.query(
        `insert into camp_companions (registration_id, position, client_id, first_name, last_name, age, telephone, email, sleepover, already_registered, amount)
         values ($1, 0, 'c1', 'Forelder', 'X', 40, '41234567', 'f@example.no', true, false, 500)`,
        [id],
      );
      for (let line = 0; line < 3; line++) {
        await tx.query(`insert into camp_price_lines (registration_id, position, kind, label, amount) values ($1, $2, 'camp', 'Leir', 500)`, [id, line]);
      }
      await tx.query(`insert into payments (registration_id, reference, method, amount, state, created_at, updated_at) values ($1, $2, 'card_cash', 1500, 'unpaid', now(), now())`, [id, `P-${id}`]);
      await tx.query(
        `insert into mail_outbox (dedupe_key, recipient, subject, text, html, status, next_attempt_at, created_at) values ($1, 'a@example.no', 'S', $2, $3, 'pending', now(), now()) on conflict do nothing`,
        [`floor:${id}`, "x".repeat(1200), "<p>x</p>".repeat(300)],
      );
    }),
  );
  const oneStatement = `with registration as (${insertRegistration}),
        companion as (insert into camp_companions (registration_id, position, client_id, first_name, last_name, age, telephone, email, sleepover, already_registered, amount)
          select id, 0, 'c1', 'Forelder', 'X', 40, '41234567', 'f@example.no', true, false, 500 from registration),
        lines as (insert into camp_price_lines (registration_id, position, kind, label, amount)
          select id, line, 'camp', 'Leir', 500 from registration, generate_series(0, 2) as line),
        payment as (insert into payments (registration_id, reference, method, amount, state, created_at, updated_at)
          select id, 'P-' || id, 'card_cash', 1500, 'unpaid', now(), now() from registration),
        mail as (insert into mail_outbox (dedupe_key, recipient, subject, text, html, status, next_attempt_at, created_at)
          select 'floor:' || id, 'a@example.no', 'S', $27, $28, 'pending', now(), now() from registration on conflict do nothing)
       select id from registration`;
  const mailParams = ["x".repeat(1200), "<p>x</p>".repeat(300)];
  // The text with $n turned into placeholders p1, p2, …
  const chunks: SQL[] = oneStatement.split(/(\$\d+)/).map((part) => (/^\$\d+$/.test(part) ? sql`${sql.placeholder(`p${part.slice(1)}`)}` : sql.raw(part)));
  const prepared = prepareStatement(drizzleDb, "floor_registration", sql.join(chunks));
  await timed("registration as one statement (CTEs), prepared", () =>
    prepared.execute(Object.fromEntries([...registrationValues(), ...mailParams].map((value, index) => [`p${index + 1}`, value]))),
  );
  await timed("registration as one statement (CTEs)", (runner) => {
    const values = registrationValues();
    return runner.query(
      `with registration as (${insertRegistration.replace(/\$(\d+)/g, (_, i) => `$${i}`)}),
        companion as (insert into camp_companions (registration_id, position, client_id, first_name, last_name, age, telephone, email, sleepover, already_registered, amount)
          select id, 0, 'c1', 'Forelder', 'X', 40, '41234567', 'f@example.no', true, false, 500 from registration),
        lines as (insert into camp_price_lines (registration_id, position, kind, label, amount)
          select id, line, 'camp', 'Leir', 500 from registration, generate_series(0, 2) as line),
        payment as (insert into payments (registration_id, reference, method, amount, state, created_at, updated_at)
          select id, 'P-' || id, 'card_cash', 1500, 'unpaid', now(), now() from registration),
        mail as (insert into mail_outbox (dedupe_key, recipient, subject, text, html, status, next_attempt_at, created_at)
          select 'floor:' || id, 'a@example.no', 'S', $27, $28, 'pending', now(), now() from registration on conflict do nothing)
       select id from registration`,
      [...values, "x".repeat(1200), "<p>x</p>".repeat(300)],
    );
  });
} finally {
  await cleanup();
}
