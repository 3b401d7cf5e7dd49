import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import type { Database } from "./database.ts";
import { jsonRecords, jsonRows, textField } from "./json-records.ts";
import { prepareStatement } from "./prepared-statement.ts";
import { campRegistrations } from "./schema/camp.ts";
import { eventPositions } from "./schema/events-orders.ts";

describe("jsonRows", () => {
  it("encodes each value as its column does, keeps a json column's value as JSON, null as null, and each row's place", () => {
    const fields = {
      createdAt: campRegistrations.createdAt,
      answers: eventPositions.answers,
      note: textField("note"),
      age: campRegistrations.age,
    };
    const json = jsonRows(fields, [{ createdAt: new Date("2027-01-09T08:00:00Z"), answers: { belt: "gult" }, note: undefined, age: 12 }]);
    expect(JSON.parse(json)).toEqual([{ ordinal: 0, created_at: "2027-01-09T08:00:00.000Z", answers: { belt: "gult" }, note: null, age: 12 }]);
  });
});

describe.each(databaseKinds)("jsonRecords on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { prepare: false });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("reads back every value as sent, whatever the text holds, in the order sent", async () => {
    const fields = { name: textField("name"), at: campRegistrations.createdAt, answers: eventPositions.answers };
    const names = ["O'Brien; drop table x --", 'Ås "sitat" \\ skråstrek', "emoji 🥋 og \u2028 linjeskift\nny linje", "x".repeat(20_000), ""];
    const statement = prepareStatement(
      database.db,
      "json_records_probe",
      sql`select r.name, r.created_at as at, r.answers, r.ordinal from ${jsonRecords("r", "rows", fields)} order by r.ordinal`,
    );
    const at = new Date("2027-01-09T08:00:00.000Z");
    const rows = await statement.execute({
      rows: jsonRows(
        fields,
        names.map((name) => ({ name, at, answers: { name } })),
      ),
    });
    expect(rows.map((row) => row.name)).toEqual(names);
    expect(rows.map((row) => new Date(String(row.at)).getTime())).toEqual(names.map(() => at.getTime()));
    expect(rows.map((row) => (typeof row.answers === "string" ? JSON.parse(row.answers) : row.answers))).toEqual(names.map((name) => ({ name })));
  });
});
