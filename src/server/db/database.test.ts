import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresTestDatabase, createTestDatabase, databaseKinds, pgliteTemplateDump } from "../test-support/database.ts";
import { testSeedTime } from "../test-support/test-clock.ts";
import { connectPglite, connectPostgres, type Database } from "./database.ts";
import { isDatabaseUnavailable } from "./database-errors.ts";
import { prepareDatabase } from "../startup/open-database.ts";
import { clubs } from "./schema/clubs.ts";
import { grades } from "./schema/grades.ts";
import { seedReferenceData } from "./seed.ts";

describe.each(databaseKinds)("database on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { prepare: false });
  });
  afterAll(async () => {
    await database.close();
  });

  it("applies the migrations twice without error", async () => {
    await database.migrate();
    await database.migrate();
    const tables = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(["admin_credentials", "admin_login_attempts", "admin_tokens", "clubs", "grades"]),
    );
  });

  it("seeds clubs and grades idempotently", async () => {
    await seedReferenceData(database.db);
    await database.db
      .update(clubs)
      .set({ name: "Feil navn" })
      .where(sql`${clubs.clubId} = 29`);
    await seedReferenceData(database.db);
    const allClubs = await database.db.select().from(clubs);
    const allGrades = await database.db.select().from(grades).orderBy(asc(grades.gradeId));
    expect(allClubs).toHaveLength(38);
    expect(allGrades).toHaveLength(23);
    expect(allClubs.find((club) => club.clubId === 29)?.name).toBe("Ski Taekwondo Klubb");
    expect(allGrades.find((grade) => grade.grade % 1 !== 0)?.grade).toBeTypeOf("number");
  });

  it("answers ping, and reports unavailability once closed", async () => {
    const other = await createTestDatabase(kind, { prepare: false });
    expect(await other.ping()).toBe(true);
    await other.close();
    expect(await other.ping()).toBe(false);
    const error = await other.db.execute(sql`select 1`).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    await other.close(); // idempotent
  });
});

describe.runIf(databaseKinds.includes("postgres"))("migrations on PostgreSQL", () => {
  it("are safe when two processes start together (advisory lock)", async () => {
    const first = await createPostgresTestDatabase();
    const second = await connectPostgres(first.url);
    try {
      await Promise.all([prepareDatabase(first, testSeedTime), prepareDatabase(second, testSeedTime), first.migrate(), second.migrate()]);
      const count = await first.db.select({ n: sql<number>`count(*)::int` }).from(clubs);
      expect(count[0]?.n).toBe(38);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe("embedded database folder", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "pglite-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // From initdb on disk through every migration: 8 s on a quiet host, several times that beside a full run.
  it("persists on disk and refuses a second opener of the same folder", { timeout: 120_000 }, async () => {
    const dataDir = path.join(dir, "db");
    const database = await connectPglite(dataDir);
    await prepareDatabase(database, testSeedTime);
    await expect(connectPglite(dataDir)).rejects.toThrow(/in use by process/);
    await database.close();

    const reopened = await connectPglite(dataDir);
    expect(await reopened.db.$count(clubs)).toBe(38);
    await reopened.close();
  });

  it("takes over a lock left by a process that is gone", async () => {
    const dataDir = path.join(dir, "stale");
    await writeFile(`${dataDir}.lock`, "999999999");
    // Any database will do here (the test above makes one from initdb on disk): the run's fresh one is quicker.
    const dump = pgliteTemplateDump(false);
    const database = await connectPglite(dataDir, dump ? { loadDataDir: await dump } : {});
    expect(await database.ping()).toBe(true);
    await database.close();
  });
});
