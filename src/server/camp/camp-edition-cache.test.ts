import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { buildCampTestApp, clearCampTables, countRows, draft, postRegistration, sibling, type TestApp } from "../test-support/camp.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { campRegistrationCharged } from "./camp-receipt.ts";

// Two days before the seeded 2026 camp, inside its registration window.
const now = new Date("2026-11-26T10:00:00Z");

/**
 * A registration reads the published editions from memory when they were read a moment ago
 * (camp-edition-cache.ts). Here another process changes them behind this one's back (a direct update,
 * so this process is not told): the next registration must still follow what is published now.
 */
describe.each(databaseKinds)("registrations after another process changed the editions, on %s", (kind) => {
  let database: Database;
  let app: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(async () => {
    await clearCampTables(database);
  });

  const totals = async () =>
    (await database.db.select({ total: campRegistrationCharged }).from(campRegistrations).orderBy(campRegistrations.id)).map((row) => row.total);
  const raiseAdultPrice = (by: number) =>
    database.db.execute(
      sql`update events set definition = jsonb_set(definition, '{prices,adult}', to_jsonb((definition->'prices'->>'adult')::int + ${by}::int)), version = version + 1 where slug = 'vinterleir-2026'`,
    );

  it("charges the price another process has just set, though this one read the older price a moment ago", async () => {
    expect((await postRegistration(app, draft())).body).toBe("Done");
    await raiseAdultPrice(100);
    expect((await postRegistration(app, draft())).body).toBe("Done");
    const [before, after] = await totals();
    expect(after! - before!).toBe(100);
    await raiseAdultPrice(-100);
  });

  it("prices every athlete of a family with the new price too", async () => {
    expect((await postRegistration(app, draft())).body).toBe("Done");
    await raiseAdultPrice(50);
    const family = await postRegistration(app, draft({ firstName: "Per", siblings: [sibling({ firstName: "Pål" })] }));
    expect(family.statusCode, family.body).toBe(200);
    const [single, ...group] = await totals();
    expect(group.map((total) => total - single!)).toEqual([50, 50]);
    await raiseAdultPrice(-50);
  });

  it("refuses, and stores nothing, once another process has taken the camp off the site", async () => {
    expect((await postRegistration(app, draft())).body).toBe("Done");
    await database.db.execute(sql`update events set published_at = null where slug = 'vinterleir-2026'`);
    try {
      const refused = await postRegistration(app, draft());
      expect(refused.statusCode, refused.body).toBe(409);
      expect(await countRows(database, "camp_registration_view")).toBe(1);
    } finally {
      await database.db.execute(sql`update events set published_at = ${now.toISOString()}::timestamptz where slug = 'vinterleir-2026'`);
    }
  });
});
