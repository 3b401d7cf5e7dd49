/**
 * `npx tsx scripts/bench-db-floor.ts`: the floor under `npm run bench:api`'s registrations, measured on the
 * database alone (no HTTP, no validation, no pricing), with the same 50-way concurrency:
 *   1. writer — registrations as the site writes them without a capacity (camp-registration-write.ts: those
 *      that arrive together share one prepared statement), 1,000 drafts of the bench, validated and priced beforehand;
 *   2. round trip — one trivial statement (`select 1`) per registration straight through the driver: what a
 *      round trip costs before a row is written.
 * PGlite in a fresh data folder on disk (as the server has it), then PostgreSQL when BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432) answers. Prints a table; `bench:api` compares the site with it.
 */
import { editionFingerprint, publishedEditions } from "../src/server/camp/camp-edition-cache.ts";
import { ensureCampEdition } from "../src/server/camp/camp-editions.ts";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import pg from "pg";
import { CampRegistrationSchema } from "../src/shared/camp/camp-registration.ts";
import { campEditionForYear } from "../src/shared/camp/camp-edition.ts";
import { calculateCampPrice } from "../src/shared/camp/camp-pricing.ts";
import { connectPglite, connectPostgres, type Db } from "../src/server/db/database.ts";
import { prepareDatabase } from "../src/server/startup/open-database.ts";
import { referenceData } from "../src/server/db/reference-data.ts";
import { paymentMethodFor, writeRegistration } from "../src/server/camp/camp-registration-write.ts";
import { newOrderId } from "../src/server/camp/order-id.ts";
import { createPostgresDatabase, makeDraft, postgresReachable } from "./bench/camp.mjs";

const CLIENTS = 50;
const COUNT = 1000;
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432";
const edition = campEditionForYear(2026);
const now = new Date("2026-11-01T10:00:00Z");

interface Result {
  what: string;
  count: number;
  seconds: number;
  cpuMs: number;
}

/** Runs `jobs` with CLIENTS workers; CPU of this process (the database too for PGlite, which runs in it). */
async function timed(what: string, count: number, job: (index: number) => Promise<void>): Promise<Result> {
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) await job(next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { what, count, seconds, cpuMs: (used.user + used.system) / 1000 };
}

async function writerRun(db: Db, tag: string): Promise<Result> {
  const { grades } = await referenceData(db);
  const fingerprint = editionFingerprint(await publishedEditions(db, { fresh: true }));
  const inputs = Array.from({ length: COUNT }, (_, i) => {
    const registration = CampRegistrationSchema.parse(makeDraft(tag, i));
    const price = calculateCampPrice(registration, { edition, at: now, grades });
    return { registration, price, method: paymentMethodFor(price.total, false) };
  });
  return timed("writer: the registrations' statements (camp-registration-write.ts)", COUNT, async (i) => {
    const written = await writeRegistration(db, {
      ...inputs[i]!,
      editionYear: 2026,
      editionFingerprint: fingerprint,
      orderId: newOrderId(2026),
      status: "confirmed",
      now,
    });
    if (!written) throw new Error("not written");
  });
}

async function pgliteFloor(): Promise<Result[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "stk-db-floor-"));
  try {
    const setup = await connectPglite(path.join(dir, "db"));
    await prepareDatabase(setup, now);
    // As the server's start-up: the edition the registrations are priced under.
    await ensureCampEdition(setup.db, now, edition.year);
    await setup.close();
    const client = await PGlite.create(path.join(dir, "db"));
    const db = drizzlePglite(client) as unknown as Db;
    const writer = await writerRun(db, "DL");
    const trips = await timed("round trip: select 1", COUNT, async () => {
      await client.query("select 1");
    });
    await client.close();
    return [writer, trips];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function postgresFloor(): Promise<Result[]> {
  const database = await createPostgresDatabase(PG_URL, "stk_db_floor");
  try {
    const setup = await connectPostgres(database.url);
    await prepareDatabase(setup, now);
    // As the server's start-up: the edition the registrations are priced under.
    await ensureCampEdition(setup.db, now, edition.year);
    await setup.close();
    // The site's pool size (db/database.ts).
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // As the site's pool (db/database.ts): a connection the server ends (the drop below) must not crash the run.
    pool.on("error", () => {});
    const db = drizzlePostgres(pool) as unknown as Db;
    const writer = await writerRun(db, "DP");
    const trips = await timed("round trip: select 1", COUNT, async () => {
      await pool.query("select 1");
    });
    await pool.end();
    return [writer, trips];
  } finally {
    await database.drop();
  }
}

const rows: string[] = [
  "| Database | What | Registrations | Throughput | CPU of this process per registration |",
  "| --- | --- | ---: | ---: | ---: |",
];
const add = (kind: string, results: Result[]) => {
  for (const r of results) {
    rows.push(
      `| ${kind} | ${r.what} | ${r.count} | ${Math.round(r.count / r.seconds).toLocaleString("en-US")}/s | ${(r.cpuMs / r.count).toFixed(2)} ms |`,
    );
  }
};
console.log(
  `bench-db-floor: ${CLIENTS} concurrent, ${COUNT} each; load average ${os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(" / ")}`,
);
// BENCH_DATABASES=pglite or =postgres: only that one.
const databases = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");
if (databases.includes("pglite")) add("pglite", await pgliteFloor());
const reach = databases.includes("postgres") ? await postgresReachable(PG_URL) : { ok: false, reason: "not asked for (BENCH_DATABASES)" };
if (reach.ok) add("postgres", await postgresFloor());
else console.log(`PostgreSQL skipped: ${reach.reason}`);
console.log(rows.join("\n"));
console.log(
  `load average after: ${os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(" / ")}`,
);
