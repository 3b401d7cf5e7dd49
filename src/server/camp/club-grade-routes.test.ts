import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { buildTestApp } from "../test-support/app.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";

describe.each(databaseKinds)("club and grade lists on %s", (kind) => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("GET /api/Club/Get answers every club as {clubId, name}, in Norwegian alphabetical order", async () => {
    const res = await app.inject({ url: "/api/Club/Get" });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { clubId: number; name: string }[];
    expect(body).toHaveLength(38);
    for (const club of body) expect(Object.keys(club).sort()).toEqual(["clubId", "name"]);
    expect(body).toContainEqual({ clubId: 29, name: "Ski Taekwondo Klubb" });
    const names = body.map((club) => club.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("nb").compare));
    // Æ, Ø, Å come after Z in Norwegian.
    const bo = names.indexOf("Bø");
    expect(names[bo + 1]?.startsWith("C") || names[bo + 1]?.startsWith("D")).toBe(true);
  });

  it("GET /api/Grade/Get answers every grade as {gradeId, name, grade, isDan}, by gradeId", async () => {
    const res = await app.inject({ url: "/api/Grade/Get" });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { gradeId: number; name: string; grade: number; isDan: boolean }[];
    expect(body).toHaveLength(23);
    expect(body.map((grade) => grade.gradeId)).toEqual(Array.from({ length: 23 }, (_, index) => index + 1));
    expect(body[0]).toEqual({ gradeId: 1, name: "Hvitt", grade: 10, isDan: false });
    for (const grade of body) {
      expect(Object.keys(grade).sort()).toEqual(["grade", "gradeId", "isDan", "name"]);
      expect(typeof grade.grade).toBe("number");
      expect(typeof grade.isDan).toBe("boolean");
    }
    expect(body.some((grade) => !Number.isInteger(grade.grade))).toBe(true);
  });
});
