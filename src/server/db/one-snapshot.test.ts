/**
 * `readInOneSnapshot`: the reads of one answer see one moment of the database. PGlite has one connection, so
 * nothing commits between its reads anyway; on PostgreSQL another connection can, and the snapshot is what
 * keeps it out of the answer.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "./database.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { readInOneSnapshot } from "./one-snapshot.ts";

describe.each(databaseKinds)("reads in one snapshot on %s", (kind) => {
  let database: Database;
  const count = async (reader: Db) =>
    Number((await reader.execute<{ n: number }>(sql`select count(*)::integer as n from snapshot_probe`)).rows[0]!.n);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.execute(sql`create table snapshot_probe (n integer)`);
  });
  afterAll(async () => {
    // The database goes back to the next test file: it leaves as it came.
    await database.db.execute(sql`drop table snapshot_probe`);
    await database.close();
  });

  it("refuses a write: an answer's reads never change anything", async () => {
    const refused = await readInOneSnapshot(database.db, (reader) => reader.execute(sql`insert into snapshot_probe values (1)`)).catch(
      (error: Error) => error,
    );
    expect(String((refused as Error).cause)).toMatch(/read-only transaction/);
    expect(await count(database.db)).toBe(0);
  });

  it.runIf(kind === "postgres")("a row committed by another connection between two reads is in neither, and in the next answer", async () => {
    const commitElsewhere = () => database.db.execute(sql`insert into snapshot_probe values (1)`);
    // Without the snapshot (a plain transaction, READ COMMITTED) the second read sees the row: what this guards against.
    const plain = await database.db.transaction(async (tx) => [await count(tx), (await commitElsewhere(), await count(tx))]);
    expect(plain).toEqual([0, 1]);
    const seen = await readInOneSnapshot(database.db, async (reader) => [await count(reader), (await commitElsewhere(), await count(reader))]);
    expect(seen).toEqual([1, 1]);
    expect(await readInOneSnapshot(database.db, count)).toBe(2);
  });
});
