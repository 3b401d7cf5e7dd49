/**
 * «Nettsted» through the API: the public read, a section saved whole and checked with its shared schema
 * (400 with Norwegian messages and nothing stored), the change log with undo, and the roles: leder and
 * redaktør edit the site, innsjekk does not, and a redaktør sees no camp data or money.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import { seedSiteContent } from "../../shared/site/site-content-seed.ts";
import { siteSectionNames, type SiteChange, type SiteContent } from "../../shared/site/site-content.ts";
import type { Database } from "../db/database.ts";
import { buildTestApp } from "../test-support/app.ts";
import { campAdminToken, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { hostileText } from "../test-support/fuzz-values.ts";

describe.each(databaseKinds)("«Nettsted» API on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let leder: string;
  let redaktor: string;
  let innsjekk: string;

  const content = async () => (await app.inject({ url: "/api/Nettsted/Get" })).json<SiteContent>();
  const put = (section: string, token: string, payload: unknown) =>
    app.inject({ method: "PUT", url: `/api/NettstedAdmin/Put/${section}/${token}`, payload: payload as object });
  const changes = async (token = leder) => (await app.inject({ url: `/api/NettstedAdmin/Changes/${token}` })).json<SiteChange[]>();
  const undo = (id: number, token = leder) => app.inject({ method: "POST", url: `/api/NettstedAdmin/Undo/${id}/${token}` });

  async function account(username: string, role: string): Promise<string> {
    const password = `${username}-Fjellvann-Kaffekopp-27`;
    const saved = await app.inject({
      method: "POST",
      url: `/api/VinterleirAdmin/Accounts/${leder}`,
      payload: { username, name: username, role, password },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const login = await app.inject({ url: `/api/VinterleirAdmin/GetToken/${username}/${sha256Hex(password)}` });
    expect(login.statusCode).toBe(200);
    return login.body;
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
    leder = await campAdminToken(app);
    redaktor = await account("redaktor", "redaktør");
    innsjekk = await account("dora", "innsjekk");
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("starts a fresh database with today's facts, every section, for everybody", async () => {
    const res = await app.inject({ url: "/api/Nettsted/Get" });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual([...siteSectionNames].sort());
    expect(res.json()).toEqual(seedSiteContent);
  });

  it("gives a redaktør 403 on the camp's data and money, and the site", async () => {
    for (const url of [
      `/api/VinterleirAdmin/Get/${redaktor}`,
      `/api/VinterleirAdmin/Totals/${redaktor}`,
      `/api/VinterleirAdmin/Accounts/${redaktor}`,
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toMatch(/tilgang/);
    }
    expect((await app.inject({ url: `/api/VinterleirAdmin/Me/${redaktor}` })).json()).toMatchObject({ role: "redaktør" });
    expect((await app.inject({ url: `/api/NettstedAdmin/Changes/${redaktor}` })).statusCode).toBe(200);
  });

  it("gives innsjekk 403 on the site, and 401 without a valid token", async () => {
    expect((await put("treningstider", innsjekk, seedSiteContent.treningstider)).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/NettstedAdmin/Changes/${innsjekk}` })).statusCode).toBe(403);
    expect((await undo(1, innsjekk)).statusCode).toBe(403);
    expect((await put("treningstider", "x".repeat(43), seedSiteContent.treningstider)).statusCode).toBe(401);
    expect((await app.inject({ url: `/api/VinterleirAdmin/Get/${innsjekk}` })).statusCode).toBe(200);
  });

  it("refuses bad input with 400 and Norwegian messages per field, storing nothing", async () => {
    const before = await content();
    const logged = (await changes()).length;
    const bad = await put("treningstider", redaktor, { sessions: [{ group: "Nye", days: "Fredag", time: "", section: "voksne" }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual(
      expect.arrayContaining([
        { path: "sessions.0.time", message: "Tiden mangler." },
        { path: "sessions.0.section", message: "Velg barnepartiet eller ungdom/voksenpartiet." },
      ]),
    );
    expect((await put("kontakt", redaktor, { ...seedSiteContent.kontakt, general: "ikke en adresse" })).json().issues[0].message).toBe(
      "Den generelle e-postadressen må være en e-postadresse.",
    );
    expect((await put("samarbeidspartnere", redaktor, { sponsors: [{ name: "X", url: "javascript:alert(1)", trade: "" }] })).statusCode).toBe(400);
    expect((await put("ukjent", redaktor, {})).statusCode).toBe(404);
    expect(await content()).toEqual(before);
    expect((await changes()).length).toBe(logged);
  });

  it("stores a section whole, logs who changed what, and undoes it", async () => {
    const session = { group: "Familietrening", days: "Søndag", time: "11:00–12:00", section: "barn" as const };
    const saved = await put("treningstider", redaktor, { sessions: [...seedSiteContent.treningstider.sessions, session] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await content()).treningstider.sessions).toContainEqual(session);
    const [latest] = await changes();
    expect(latest).toMatchObject({
      section: "treningstider",
      changedBy: "redaktor",
      summary: ["La til «Familietrening (Søndag 11:00–12:00)»."],
      undoable: true,
      undoOf: null,
    });

    // The same section again: nothing changed, nothing logged.
    const same = await put("treningstider", leder, { sessions: [...seedSiteContent.treningstider.sessions, session] });
    expect(same.json().change).toBeNull();

    const undone = await undo(latest!.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await content()).treningstider).toEqual(seedSiteContent.treningstider);
    const [undoEntry, original] = await changes();
    expect(undoEntry).toMatchObject({ undoOf: latest!.id, changedBy: "leirsjef", summary: ["Fjernet «Familietrening (Søndag 11:00–12:00)»."] });
    expect(original).toMatchObject({ undoneBy: undoEntry!.id, undoable: false });
    expect((await undo(latest!.id)).statusCode).toBe(409);
  });

  it("undoes only the latest change of a section", async () => {
    const first = await put("utstyr", leder, { ...seedSiteContent.utstyr, kioskVippsNumber: "12345" });
    const second = await put("utstyr", leder, { ...seedSiteContent.utstyr, kioskVippsNumber: "67890" });
    const refused = await undo(first.json().change.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("Denne delen er endret etter dette. Angre den siste endringen først.");
    expect((await undo(second.json().change.id)).statusCode).toBe(200);
    expect((await content()).utstyr.kioskVippsNumber).toBe("12345");
    expect((await undo(999_999)).statusCode).toBe(404);
  });

  it("keeps HTML in text as the text it is", async () => {
    const text = '<script>alert("x")</script> & <b>fet</b>';
    const saved = await put("forside", redaktor, { notice: { text, until: "2099-12-31" } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await content()).forside.notice?.text).toBe(text);
  });

  it("stores what the schema accepts and nothing of what it refuses (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileText, fc.string({ maxLength: 90 })), fc.string({ maxLength: 50 }), async (group, time) => {
        const before = (await content()).treningstider;
        const res = await put("treningstider", redaktor, { sessions: [{ group, days: "Mandag", time, section: "ungdomvoksen" }] });
        const after = (await content()).treningstider;
        if (res.statusCode === 400) {
          expect(after).toEqual(before);
        } else {
          expect(res.statusCode).toBe(200);
          expect(after).toEqual({ sessions: [{ group: group.trim(), days: "Mandag", time: time.trim(), section: "ungdomvoksen" }] });
        }
      }),
      { numRuns: 25 },
    );
  });
});
