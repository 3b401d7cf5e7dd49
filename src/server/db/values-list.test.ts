import { sql } from "drizzle-orm";
import { boolean, integer, PgDialect, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import type { Database } from "./database.ts";
import { prepareStatement } from "./prepared-statement.ts";
import { columnNames, valuesList, valuesOf } from "./values-list.ts";

const parents = pgTable("values_probe_parent", { id: integer("id").primaryKey().generatedAlwaysAsIdentity(), name: text("name").notNull() });
const children = pgTable("values_probe_child", {
  parentId: integer("parent_id").notNull(),
  position: integer("position").notNull(),
  label: text("label"),
  at: timestamp("at", { withTimezone: true }),
  flag: boolean("flag").notNull(),
});
const childColumns = { position: children.position, label: children.label, at: children.at, flag: children.flag };

describe("values lists", () => {
  it("names each placeholder by prefix, row and key, and casts it to its column's type", () => {
    const query = new PgDialect().sqlToQuery(valuesList("v", "c", childColumns, 2));
    expect(query.sql).toBe(
      '(values ($1::integer, $2::text, $3::timestamp with time zone, $4::boolean), ($5::integer, $6::text, $7::timestamp with time zone, $8::boolean)) as "v"("position", "label", "at", "flag")',
    );
    expect(query.params.map((param) => (param as { value: { name: string } }).value.name)).toEqual([
      "c0.position",
      "c0.label",
      "c0.at",
      "c0.flag",
      "c1.position",
      "c1.label",
      "c1.at",
      "c1.flag",
    ]);
  });

  it("puts each row's values under the list's placeholder names", () => {
    const values: Record<string, unknown> = { other: 1 };
    valuesOf(
      "c",
      [
        { position: 0, label: "A" },
        { position: 1, label: null },
      ],
      values,
    );
    expect(values).toEqual({ other: 1, "c0.position": 0, "c0.label": "A", "c1.position": 1, "c1.label": null });
  });
});

describe.each(databaseKinds)("values lists on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.execute(sql`create table values_probe_parent (id integer primary key generated always as identity, name text not null)`);
    await database.db.execute(
      sql`create table values_probe_child (parent_id integer not null references values_probe_parent (id), position integer not null, label text, at timestamptz, flag boolean not null)`,
    );
  });
  afterAll(async () => {
    await database?.close();
  });

  const statement = (rows: number) =>
    prepareStatement(
      database.db,
      `values_probe_insert_${rows}`,
      sql`with parent as (insert into ${parents} (${columnNames([parents.name])}) values (${sql.placeholder("name")}) returning id),
        child as (insert into ${children} (${columnNames([children.parentId, ...Object.values(childColumns)])})
          select parent.id, v.* from parent, ${valuesList("v", "c", childColumns, rows)})
        select id from parent`,
    );

  it("inserts several rows that read an id from the same statement, with typed values", async () => {
    const at = new Date("2027-02-12T08:30:00.000Z");
    const values: Record<string, unknown> = { name: "Ola" };
    valuesOf(
      "c",
      [
        { position: 0, label: "første", at, flag: true },
        { position: 1, label: null, at: null, flag: false },
        { position: 2, label: "tredje", at: null, flag: true },
      ],
      values,
    );
    const [parent] = await statement(3).execute(values);
    const parentId = Number(parent!.id);
    const rows = await database.db
      .select()
      .from(children)
      .where(sql`${children.parentId} = ${parentId}`)
      .orderBy(children.position);
    expect(rows).toEqual([
      { parentId, position: 0, label: "første", at, flag: true },
      { parentId, position: 1, label: null, at: null, flag: false },
      { parentId, position: 2, label: "tredje", at: null, flag: true },
    ]);
  });

  it("runs the same text again with new values (one row)", async () => {
    const values: Record<string, unknown> = { name: "Kari" };
    valuesOf("c", [{ position: 0, label: "en", at: null, flag: false }], values);
    const [parent] = await statement(1).execute(values);
    const rows = await database.db
      .select({ label: children.label })
      .from(children)
      .where(sql`${children.parentId} = ${Number(parent!.id)}`);
    expect(rows).toEqual([{ label: "en" }]);
  });
});
