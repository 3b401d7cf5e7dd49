/**
 * The pages and PDFs follow the current camp edition in the database without a restart: a change made
 * through this process's API shows at once, one made by another process (straight in the database) within
 * the check interval (about 2 s).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import { connectPostgres } from "../db/database.ts";
import { prepareDatabase } from "../startup/open-database.ts";
import { createPostgresTestDatabase, databaseKinds } from "../test-support/database.ts";
import { testSeedTime } from "../test-support/test-clock.ts";
import { testAdminCredentials } from "../test-support/app.ts";
import { buildTestSiteApp, haveBuiltSite, testRenderer } from "../test-support/site.ts";

/** Asks `url` until its body contains `text`, for at most `withinMs`; returns how long it took. */
async function until(app: Awaited<ReturnType<typeof buildTestSiteApp>>["app"], url: string, text: string, withinMs: number) {
  const started = Date.now();
  for (;;) {
    const res = await app.inject({ url });
    if (res.body.includes(text)) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`${url} did not show "${text}" within ${withinMs} ms: ${res.body.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(databaseKinds)("site pages follow the current edition on %s", (kind) => {
  let site: Awaited<ReturnType<typeof buildTestSiteApp>>;
  let token: string;
  let year: number;

  beforeAll(async () => {
    site = await buildTestSiteApp({ kind });
    const { CAMP_ADMIN_USERNAME: user, CAMP_ADMIN_PASSWORD: password } = testAdminCredentials;
    token = (await site.app.inject({ url: `/api/VinterleirAdmin/GetToken/${user}/${sha256Hex(password)}` })).body;
    year = (await site.app.inject({ url: "/api/CampEdition/Current" })).json<{ year: number }>().year;
  });
  afterAll(() => site.close());

  it("shows a new companion fee on /vinterleir/priser within 5 seconds of the PUT, without a restart", async () => {
    expect((await site.app.inject({ url: "/vinterleir/priser" })).body).toContain("Ledsager: 550 kr");
    const put = await site.app.inject({ method: "PUT", url: `/api/CampEdition/Put/${year}/${token}`, payload: { companionFee: 612 } });
    expect(put.statusCode).toBe(200);
    expect(await until(site.app, "/vinterleir/priser", "Ledsager: 612 kr", 5000)).toBeLessThan(5000);
  });

  it("renders a page once per edition version, not per request", async () => {
    const first = await site.app.inject({ url: "/vinterleir/priser" });
    const second = await site.app.inject({ url: "/vinterleir/priser" });
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it("sees a change made by another process (straight in the database) within the check interval", async () => {
    await site.database.db.execute(
      sql`update events set definition = jsonb_set(definition, '{companionFee}', '777'::jsonb), version = version + 1 where kind = 'vinterleir' and published_at is not null`,
    );
    const took = await until(site.app, "/vinterleir/priser", "Ledsager: 777 kr", 5000);
    expect(took).toBeLessThan(3500);
  });

  it("makes the PDFs again when the edition changes", async () => {
    const before = await site.app.inject({ url: "/dokumenter/salgsbetingelser.pdf" });
    const put = await site.app.inject({ method: "PUT", url: `/api/CampEdition/Put/${year}/${token}`, payload: { companionFee: 650 } });
    expect(put.statusCode).toBe(200);
    const after = await site.app.inject({ url: "/dokumenter/salgsbetingelser.pdf" });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
  });
});

describe.skipIf(!databaseKinds.includes("postgres"))("two processes on one PostgreSQL", () => {
  let first: Awaited<ReturnType<typeof buildTestSiteApp>>;
  let second: Awaited<ReturnType<typeof buildTestSiteApp>>;
  let secondDatabase: Awaited<ReturnType<typeof connectPostgres>>;

  beforeAll(async () => {
    const database = await createPostgresTestDatabase();
    await prepareDatabase(database, testSeedTime);
    first = await buildTestSiteApp({ database });
    secondDatabase = await connectPostgres(database.url);
    second = await buildTestSiteApp({ database: secondDatabase });
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
    await first?.database.close();
  });

  it("the other process shows a PUT's new companion fee within 5 seconds", async () => {
    const { CAMP_ADMIN_USERNAME: user, CAMP_ADMIN_PASSWORD: password } = testAdminCredentials;
    const token = (await first.app.inject({ url: `/api/VinterleirAdmin/GetToken/${user}/${sha256Hex(password)}` })).body;
    const year = (await first.app.inject({ url: "/api/CampEdition/Current" })).json<{ year: number }>().year;
    expect((await second.app.inject({ url: "/vinterleir/priser" })).body).toContain("Ledsager: 550 kr");
    const put = await first.app.inject({ method: "PUT", url: `/api/CampEdition/Put/${year}/${token}`, payload: { companionFee: 612 } });
    expect(put.statusCode).toBe(200);
    expect(await until(second.app, "/vinterleir/priser", "Ledsager: 612 kr", 5000)).toBeLessThan(5000);
  });
});

describe.skipIf(!haveBuiltSite)("the real pages (web app's server build) follow the edition", () => {
  let site: Awaited<ReturnType<typeof buildTestSiteApp>>;

  beforeAll(async () => {
    site = await buildTestSiteApp({ built: true });
  });
  afterAll(() => site.close());

  it("shows a new companion fee on /vinterleir/priser right after the PUT, still as a page without the runtime", async () => {
    const { CAMP_ADMIN_USERNAME: user, CAMP_ADMIN_PASSWORD: password } = testAdminCredentials;
    const token = (await site.app.inject({ url: `/api/VinterleirAdmin/GetToken/${user}/${sha256Hex(password)}` })).body;
    const year = (await site.app.inject({ url: "/api/CampEdition/Current" })).json<{ year: number }>().year;
    expect((await site.app.inject({ url: "/vinterleir/priser" })).body).toMatch(/\+550\s?kr/);
    const put = await site.app.inject({ method: "PUT", url: `/api/CampEdition/Put/${year}/${token}`, payload: { companionFee: 612 } });
    expect(put.statusCode).toBe(200);
    const page = await site.app.inject({ url: "/vinterleir/priser" });
    expect(page.body).toMatch(/\+612\s?kr/);
    expect(page.body).not.toMatch(/\+550\s?kr/);
    expect(page.body).not.toMatch(/<script[^>]*\bsrc=|modulepreload|__reactRouterContext/);
  });
});

describe("time-dependent pages", () => {
  let site: Awaited<ReturnType<typeof buildTestSiteApp>>;
  let now = new Date("2026-10-15T10:00:00Z");

  beforeAll(async () => {
    site = await buildTestSiteApp({ clock: () => now, site: { editionMaxAgeMs: 0 } });
  });
  afterAll(() => site.close());

  it("renders again when the early-bird time or the camp ends, and not in between", async () => {
    const render = async () => /rendret ([^)]+)\)/.exec((await site.app.inject({ url: "/vinterleir/priser" })).body)?.[1];
    const early = await render();
    now = new Date("2026-10-20T10:00:00Z");
    expect(await render()).toBe(early);
    now = new Date("2026-11-15T10:00:00Z");
    const regular = await render();
    expect(regular).not.toBe(early);
    now = new Date("2026-12-05T10:00:00Z");
    const over = await render();
    expect(over).not.toBe(regular);
    expect(over).toBe(now.toISOString());
  });
});

describe("a render that fails", () => {
  let site: Awaited<ReturnType<typeof buildTestSiteApp>>;
  let failing = false;

  beforeAll(async () => {
    site = await buildTestSiteApp({
      site: {
        editionMaxAgeMs: 0,
        renderer: async (url, context) => {
          if (failing) throw new Error("the web app's server build broke");
          return testRenderer(url, context);
        },
      },
    });
  });
  afterAll(() => site.close());

  it("keeps serving the page as it was last rendered", async () => {
    expect((await site.app.inject({ url: "/vinterleir/priser" })).body).toContain("Ledsager: 550 kr");
    failing = true;
    await site.database.db.execute(
      sql`update events set definition = jsonb_set(definition, '{companionFee}', '600'::jsonb), version = version + 1 where kind = 'vinterleir' and published_at is not null`,
    );
    const res = await site.app.inject({ url: "/vinterleir/priser" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Ledsager: 550 kr");
    failing = false;
    expect((await site.app.inject({ url: "/vinterleir/priser" })).body).toContain("Ledsager: 600 kr");
  });
});
