import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import type { Database, Db } from "./database.ts";
import { namedStatement, prepareStatement } from "./prepared-statement.ts";
import { clubs } from "./schema/clubs.ts";

describe.each(databaseKinds)("prepared statements on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.execute(sql`create table prepared_probe (id integer primary key, name text not null, at timestamptz, flag boolean not null)`);
  });
  afterAll(async () => {
    await database?.close();
  });

  const insert = () =>
    prepareStatement(
      database.db,
      "prepared_probe_insert",
      sql`insert into prepared_probe (id, name, at, flag) values (${sql.placeholder("id")}, ${sql.placeholder("name")}, ${sql.placeholder("at")}, ${sql.placeholder("flag")})
          on conflict (id) do nothing returning id, name, at, flag`,
    );

  it("runs with new values each time, and answers rows by column name", async () => {
    const statement = insert();
    const at = new Date("2027-01-10T12:00:00.000Z");
    const [first] = await statement.execute({ id: 1, name: "Ola", at, flag: true });
    expect(Number(first!.id)).toBe(1);
    expect(first!.name).toBe("Ola");
    expect(new Date(String(first!.at)).getTime()).toBe(at.getTime());
    const [second] = await statement.execute({ id: 2, name: "Kari", at: null, flag: false });
    expect(second!.at).toBeNull();
    // Nothing inserted: no row.
    expect(await statement.execute({ id: 1, name: "Ola igjen", at: null, flag: true })).toEqual([]);
    // A second object for the same name and text reuses what the connection has parsed.
    expect(await insert().execute({ id: 3, name: "Per", at: null, flag: true })).toHaveLength(1);
    const rows = await database.db.execute<{ id: number; name: string; flag: boolean }>(sql`select id, name, flag from prepared_probe order by id`);
    expect(rows.rows.map((row) => [Number(row.id), row.name, row.flag])).toEqual([
      [1, "Ola", true],
      [2, "Kari", false],
      [3, "Per", true],
    ]);
  });

  it("reports a database error and leaves the connection usable", async () => {
    const statement = insert();
    await expect(statement.execute({ id: 4, name: null, at: null, flag: true })).rejects.toThrow();
    expect(await statement.execute({ id: 4, name: "Nora", at: null, flag: true })).toHaveLength(1);
    expect((await database.db.select().from(clubs)).length).toBeGreaterThan(0);
  });

  it("commits each call on its own (visible to a fresh read, not inside another transaction)", async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into prepared_probe (id, name, flag) values (10, 'i transaksjon', true)`);
    });
    expect(await insert().execute({ id: 11, name: "etter", at: null, flag: true })).toHaveLength(1);
    const count = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from prepared_probe where id in (10, 11)`);
    expect(Number(count.rows[0]!.n)).toBe(2);
  });

  it("runs a named statement inside a transaction: parsed once by name, its rows rolled back with the transaction", async () => {
    const named = namedStatement(
      `prepared_probe_named_${kind}`,
      () => sql`insert into prepared_probe (id, name, flag) values (${sql.placeholder("id")}, ${sql.placeholder("name")}, true) returning id, name`,
    );
    const prepared = () =>
      database.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_prepared_statements where name = ${`prepared_probe_named_${kind}`}`);
    const [row] = await database.db.transaction((tx) => named.execute(tx, { id: 20, name: "Ola" }));
    expect([Number(row!.id), row!.name]).toEqual([20, "Ola"]);
    await expect(
      database.db.transaction(async (tx) => {
        await named.execute(tx, { id: 21, name: "angret" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    // A failing call inside a transaction fails that transaction only.
    await expect(database.db.transaction((tx) => named.execute(tx, { id: 20, name: "igjen" }))).rejects.toThrow();
    await database.db.transaction((tx) => named.execute(tx, { id: 22, name: "Kari" }));
    const rows = await database.db.execute<{ id: number }>(sql`select id from prepared_probe where id between 20 and 29 order by id`);
    expect(rows.rows.map((found) => Number(found.id))).toEqual([20, 22]);
    // On PGlite (one connection) the name is parsed once and kept; a pooled PostgreSQL connection keeps its own.
    if (kind === "pglite") expect(Number((await prepared()).rows[0]!.n)).toBe(1);
  });
});

describe("a named statement inside a PGlite transaction", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await database.db.execute(sql`create table named_probe (id integer primary key, name text not null)`);
  });
  afterAll(async () => {
    await database?.close();
  });

  const named = namedStatement(
    "named_probe_insert",
    () => sql`insert into named_probe (id, name) values (${sql.placeholder("id")}, ${sql.placeholder("name")}) returning id`,
  );
  const ids = async () => (await database.db.execute<{ id: number }>(sql`select id from named_probe order by id`)).rows.map((row) => Number(row.id));

  it("first parsed in a transaction that rolled back, runs in the next and outside", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await named.execute(tx, { id: 1, name: "angret" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await database.db.transaction((tx) => named.execute(tx, { id: 2, name: "Kari" }));
    await named.execute(database.db, { id: 3, name: "Per" });
    expect(await ids()).toEqual([2, 3]);
  });

  it("is refused on a transaction that is over, as the transaction's own queries are: it would run outside it, or inside another", async () => {
    let over: Db | undefined;
    await database.db.transaction(async (tx) => {
      over = tx as unknown as Db;
      await named.execute(tx, { id: 10, name: "Ola" });
    });
    await expect(
      database.db.transaction(async (other) => {
        await other.execute(sql`insert into named_probe (id, name) values (11, 'en annen')`);
        await expect(named.execute(over!, { id: 12, name: "for sent" })).rejects.toThrow("Transaction is closed");
        throw new Error("the other rolled back");
      }),
    ).rejects.toThrow("the other rolled back");
    await expect(named.execute(over!, { id: 13, name: "for sent" })).rejects.toThrow("Transaction is closed");
    expect(await ids()).toEqual([2, 3, 10]);
  });
});
