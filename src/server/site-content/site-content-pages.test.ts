/**
 * The pages follow the site's facts without a restart: a change made through this process shows at once, one
 * made by another process on the same database within the check interval, and «Angre» takes it away again.
 * /personvern states the retention periods of the running configuration.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedSiteContent } from "../../shared/site/site-content-seed.ts";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import { testAdminCredentials } from "../test-support/app.ts";
import { databaseKinds } from "../test-support/database.ts";
import { buildTestSiteApp } from "../test-support/site.ts";

type SiteApp = Awaited<ReturnType<typeof buildTestSiteApp>>["app"];

/** Asks `url` until its body does (or does not) contain `text`, for at most `withinMs`; returns how long it took. */
async function until(app: SiteApp, url: string, text: string, withinMs: number, present = true) {
  const started = Date.now();
  for (;;) {
    const res = await app.inject({ url });
    if (res.body.includes(text) === present) return Date.now() - started;
    if (Date.now() - started > withinMs)
      throw new Error(`${url} did not ${present ? "show" : "drop"} "${text}" within ${withinMs} ms: ${res.body.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(databaseKinds)("pages follow «Nettsted» on %s", (kind) => {
  let site: Awaited<ReturnType<typeof buildTestSiteApp>>;
  let token: string;
  const added = { group: "Familietrening", days: "Søndag", time: "11:00–12:00", section: "barn" as const };

  beforeAll(async () => {
    site = await buildTestSiteApp({ kind, env: { CAMP_ANONYMISE_AFTER_DAYS: "45", MAIL_RETENTION_DAYS: "14" } });
    const { CAMP_ADMIN_USERNAME: user, CAMP_ADMIN_PASSWORD: password } = testAdminCredentials;
    token = (await site.app.inject({ url: `/api/VinterleirAdmin/GetToken/${user}/${sha256Hex(password)}` })).body;
  });
  afterAll(() => site.close());

  it("shows an added training session on both training-time pages within 5 s, and «Angre» removes it within 5 s", async () => {
    for (const url of ["/treningstider", "/barnepartiet/treningstider"])
      expect((await site.app.inject({ url })).body).not.toContain("Familietrening");
    const put = await site.app.inject({
      method: "PUT",
      url: `/api/NettstedAdmin/Put/treningstider/${token}`,
      payload: { sessions: [...seedSiteContent.treningstider.sessions, added] },
    });
    expect(put.statusCode, put.body).toBe(200);
    for (const url of ["/treningstider", "/barnepartiet/treningstider"])
      expect(await until(site.app, url, "Familietrening 11:00–12:00", 5000)).toBeLessThan(5000);
    // Not a page of that section.
    expect((await site.app.inject({ url: "/ungdomvoksenpartiet/treningstider" })).body).not.toContain("Familietrening");

    const undo = await site.app.inject({ method: "POST", url: `/api/NettstedAdmin/Undo/${put.json().change.id}/${token}` });
    expect(undo.statusCode, undo.body).toBe(200);
    for (const url of ["/treningstider", "/barnepartiet/treningstider"])
      expect(await until(site.app, url, "Familietrening", 5000, false)).toBeLessThan(5000);
  });

  it("renders a page again only when a section it shows changed", async () => {
    const first = await site.app.inject({ url: "/treningstider" });
    await site.app.inject({
      method: "PUT",
      url: `/api/NettstedAdmin/Put/utstyr/${token}`,
      payload: { ...seedSiteContent.utstyr, kioskVippsNumber: "54321" },
    });
    const second = await site.app.inject({ url: "/treningstider" });
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it("sees a change made by another process (straight in the database) within the check interval", async () => {
    const sessions = [...seedSiteContent.treningstider.sessions, { ...added, group: "Fra en annen prosess" }];
    await site.database.db.execute(sql`update site_sections set data = ${JSON.stringify({ sessions })}::jsonb where section = 'treningstider'`);
    await site.database.db.execute(
      sql`insert into site_changes (section, before, after, changed_at, changed_by) values ('treningstider', '{}'::jsonb, ${JSON.stringify({ sessions })}::jsonb, now(), 'annen')`,
    );
    expect(await until(site.app, "/treningstider", "Fra en annen prosess", 5000)).toBeLessThan(5000);
  });

  it("states the configured retention periods on /personvern", async () => {
    const res = await site.app.inject({ url: "/personvern" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Anonymiseres etter 45 dager");
    expect(res.body).toContain("e-post slettes etter 14 dager");
  });
});
