/**
 * Backups (docs/operations.md): scripts/backup.sh and scripts/restore.sh, run as an operator
 * would, on both database kinds: create data, back up, wipe, restore, and every table holds exactly what it
 * held before (migrations table included). The embedded database's backup refuses while a process holds
 * the database (PGlite allows one).
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../../scripts/bench/camp.mjs";
import { connectPglite, connectPostgres, type Database } from "../../src/server/db/database.ts";
import { prepareDatabase } from "../../src/server/startup/open-database.ts";
import { testSeedTime } from "../../src/server/test-support/test-clock.ts";
import { postgresAvailable, postgresServerUrl } from "./support/environment.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const scripts = { backup: path.join(root, "scripts/backup.sh"), restore: path.join(root, "scripts/restore.sh") };
const hasPostgres = await postgresAvailable();
const temps: string[] = [];

afterAll(async () => {
  for (const dir of temps) await rm(dir, { recursive: true, force: true });
});

async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

function script(name: keyof typeof scripts, args: string[], env: Record<string, string | undefined>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  delete childEnv.DATA_DIR;
  for (const [key, value] of Object.entries(env)) if (value !== undefined) childEnv[key] = value;
  return run("bash", [scripts[name], ...args], { cwd: root, env: childEnv, timeout: 120_000 });
}

/** Some of everything: a camp registration with payment and money log, a new member, mail, an invoice import. */
async function createData(database: Database) {
  // A camp registration: an order of its edition's event with its athlete as position 0.
  await database.db.execute(sql`
    insert into events (slug, kind, definition, last_day, created_at, updated_at)
    values ('vinterleir-2026', 'vinterleir', '{}', '2026-11-29', '2026-09-01T10:00:00Z', '2026-09-01T10:00:00Z')
    on conflict (slug) do nothing`);
  await database.db.execute(sql`
    insert into event_orders (event_id, order_id, draft_id, status, method, first_name, last_name, email, email_key, telephone,
      created_at, confirmed_at, owner_kind)
    select id, 'VL26-BACKUP', '0b7e0f7c-9a55-4f0e-8a3c-5d1f2e3a4b5c', 'confirmed', 'card_cash', 'Åse', 'Ørnulfsen «sikkerhetskopi»',
      'ase@example.no', 'ase@example.no', '+4791234567', '2026-10-01T10:00:00Z', '2026-10-01T10:00:00Z', 'camp'
    from events where slug = 'vinterleir-2026'`);
  await database.db.execute(sql`
    insert into event_positions (order_id, owner_kind, position, kind, first_name, last_name, age, club_id, grade_id, answers)
    select id, 'camp', 0, 'athlete', first_name, last_name, 31, 1, 5,
           jsonb_build_object('allergies', 'Nøtter', 'gradering', false, 'hasLedsager', true, 'otherInfo', 'Linje 1' || chr(10) || 'Linje 2',
             'sleepover', true, 'vegan', false, 'instructor', '0', 'public', true, 'wantsToInstruct', false, 'dataConsent', true,
             'termsAccepted', true)
      from event_orders where order_id = 'VL26-BACKUP'`);
  await database.db.execute(sql`
    insert into event_positions (order_id, owner_kind, position, kind, first_name, last_name, age, answers)
    select id, 'camp', 1, 'companion', 'Kari', 'Ørnulfsen', 40,
           '{"clientId": "c1", "telephone": "98765432", "email": "kari@example.no", "sleepover": true, "alreadyRegistered": false}'::jsonb
      from event_orders where order_id = 'VL26-BACKUP'`);
  await database.db.execute(sql`
    insert into event_ledger_entries (order_id, owner_kind, at, actor, reason, kind, person, item, label, amount)
    select r.id, 'camp', '2026-10-01T10:00:00Z', 'deltaker', 'Påmelding', 'charge', p.person, p.item, p.label, p.amount
      from event_orders r join event_positions c on c.order_id = r.id and c.kind = 'companion',
      lateral (values (1, 'athlete', 'athlete', 'Vinterleir, ungdom/voksen: Åse Ørnulfsen', 1200),
                      (2, 'companion-' || c.id, 'companion', 'Ledsager: Kari Ørnulfsen', 550)) as p(n, person, item, label, amount)
    where r.order_id = 'VL26-BACKUP' order by p.n`);
  await database.db.execute(sql`
    insert into event_payments (order_id, owner_kind, reference, method, amount, state, paid_amount, created_at, updated_at)
    select id, 'camp', 'VL26-BACKUP', 'card_cash', 1750, 'paid', 1750, '2026-10-01T10:00:00Z', '2026-10-02T10:00:00Z' from event_orders where order_id = 'VL26-BACKUP'`);
  await database.db.execute(sql`
    insert into event_payment_actions (payment_id, actor, action, amount, at, note)
    select id, 'camp-admin', 'mark-paid', 1750, '2026-10-02T10:00:00Z', 'Betalt kontant' from event_payments where reference = 'VL26-BACKUP'`);
  await database.db.execute(sql`
    insert into new_member_registrations (draft_id, registration_date, first_name, last_name, age, parent_first_name, parent_last_name, email, telephone, referer)
    values ('1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', '2026-09-01T18:00:00Z', 'Per', 'Prøvetime', 9, 'Pål', 'Prøvetime', 'pal@example.no', '41234567', 2)`);
  await database.db.execute(sql`
    insert into mail_outbox (dedupe_key, recipient, subject, text, html, status, next_attempt_at, created_at)
    values ('backup-test', 'ase@example.no', 'Hei', 'Hei Åse', '<p>Hei Åse</p>', 'pending', '2026-10-01T10:00:00Z', '2026-10-01T10:00:00Z')`);
}

/** Every row of every table (public and drizzle's migrations), as text, in a stable order. */
async function snapshot(query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>) {
  const { rows: tables } = await query(
    `select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, string[]> = {};
  for (const { name } of tables as { name: string }[]) {
    const [schema, table] = name.split(".");
    const { rows } = await query(`select t::text as row from "${schema}"."${table}" t order by 1`);
    result[name] = rows.map((row) => String(row.row));
  }
  return result;
}

const viaDrizzle = (database: Database) => async (text: string) => database.db.execute<Record<string, unknown>>(sql.raw(text));

describe("backup and restore of the embedded database (PGlite)", () => {
  it("backs up a stopped database, refuses while it is open, and restores it exactly", async () => {
    const dataDir = await tempDir("stk-backup-pglite-");
    const dbDir = path.join(dataDir, "db");
    let database = await connectPglite(dbDir);
    await prepareDatabase(database, testSeedTime);
    await createData(database);
    const before = await snapshot(viaDrizzle(database));
    expect(before["public.event_orders"]).toHaveLength(1);
    expect(before["drizzle.__drizzle_migrations"]?.length).toBeGreaterThan(0);

    const file = path.join(dataDir, "..", `${path.basename(dataDir)}-backup.tar.gz`);
    temps.push(file);
    // This process has the database open (and its lock): the backup must refuse rather than copy a live folder.
    await expect(script("backup", [file], { DATA_DIR: dataDir })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("in use by process"),
    });
    expect(existsSync(file)).toBe(false);
    await database.close();

    const backup = await script("backup", [file], { DATA_DIR: dataDir });
    expect(backup.stdout).toContain("backed up to");
    expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);

    // Disaster: the folder is gone.
    await rm(dbDir, { recursive: true, force: true });
    await expect(script("restore", [file], { DATA_DIR: dataDir })).rejects.toMatchObject({ stderr: expect.stringContaining("--yes") });
    const restore = await script("restore", [file, "--yes"], { DATA_DIR: dataDir });
    expect(restore.stdout).toContain("restored");

    database = await connectPglite(dbDir);
    try {
      await prepareDatabase(database, testSeedTime);
      expect(await snapshot(viaDrizzle(database))).toEqual(before);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!hasPostgres)("backup and restore of PostgreSQL (pg_dump / pg_restore)", () => {
  it("backs up while connected, and restores into an emptied database exactly", async () => {
    const target = await createPostgresDatabase(postgresServerUrl, "stk_backup");
    try {
      let database = await connectPostgres(target.url);
      await prepareDatabase(database, testSeedTime);
      await createData(database);
      const before = await snapshot(viaDrizzle(database));
      expect(before["public.event_payments"]).toHaveLength(1);

      const dir = await tempDir("stk-backup-pg-");
      const file = path.join(dir, "site.dump");
      // Online: the server's pool is still connected.
      const backup = await script("backup", [file], { DATABASE_URL: target.url });
      expect(backup.stdout).toContain("PostgreSQL backup written");
      await database.close();

      // Disaster: every table gone.
      const wipe = new pg.Client({ connectionString: target.url });
      await wipe.connect();
      await wipe.query("drop schema public cascade; drop schema if exists drizzle cascade; create schema public;");
      expect((await wipe.query("select count(*)::int as n from information_schema.tables where table_schema = 'public'")).rows[0].n).toBe(0);
      await wipe.end();

      const restore = await script("restore", [file, "--yes"], { DATABASE_URL: target.url });
      expect(restore.stdout).toContain("restored");
      database = await connectPostgres(target.url);
      try {
        // Start-up after a restore: migrations and seed find nothing to change.
        await prepareDatabase(database, testSeedTime);
        expect(await snapshot(viaDrizzle(database))).toEqual(before);
      } finally {
        await database.close();
      }
    } finally {
      await target.drop();
    }
  });
});
