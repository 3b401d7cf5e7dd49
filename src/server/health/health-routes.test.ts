import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { buildTestApp } from "../test-support/app.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";

describe.each(databaseKinds)("/healthz on %s", (kind) => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database, { env: { CLOCK_START: "2026-11-29T10:00:00+01:00" } });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("reports the database kind, that it answers, and the server's clock (started at CLOCK_START)", async () => {
    const res = await app.inject({ url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", database: { kind, ok: true } });
    const now = Date.parse(res.json<{ now: string }>().now);
    expect(now).toBeGreaterThanOrEqual(Date.parse("2026-11-29T10:00:00+01:00"));
    expect(now).toBeLessThan(Date.parse("2026-11-29T10:10:00+01:00"));
  });

  it("answers 503 with a Norwegian message once the database is gone, and so do API calls", async () => {
    await database.close();
    const health = await app.inject({ url: "/healthz" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({
      status: "error",
      database: { kind, ok: false },
      error: "Databasen svarer ikke akkurat nå. Prøv igjen om litt.",
    });
    const clubs = await app.inject({ url: "/api/Club/Get" });
    expect(clubs.statusCode).toBe(503);
    expect(clubs.json()).toEqual({ error: "Databasen svarer ikke akkurat nå. Prøv igjen om litt." });
  });
});
