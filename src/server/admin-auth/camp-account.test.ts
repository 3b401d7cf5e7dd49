import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campAccountMessages } from "../../shared/admin/camp-accounts.ts";
import { campAdminToken, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { sha256Hex } from "./password-hash.ts";
import { buildVippsTestApp } from "../test-support/vipps.ts";

const now = new Date("2026-10-15T10:00:00Z");
const helperPassword = "Innsjekk-ved-døra-2026";

describe.each(databaseKinds)("named camp accounts with roles on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let leder: string;
  let registrationId: number;

  const login = async (username: string, password: string) => app.inject({ url: `/api/VinterleirAdmin/GetToken/${username}/${sha256Hex(password)}` });
  const save = (token: string, body: object) => app.inject({ method: "POST", url: `/api/VinterleirAdmin/Accounts/${token}`, payload: body });
  const helper = { username: "kari", name: "Kari Innsjekk", role: "innsjekk", password: helperPassword };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // With the Vipps simulator: the money log and refund calls exist only with Vipps set up.
    ({ app } = await buildVippsTestApp(database, () => now));
    leder = await campAdminToken(app);
    const body = draft({ allergies: "Peanøtter-ABC", otherInfo: "Kommer sent-XYZ" });
    const res = await postRegistration(app, body);
    if (res.body !== "Done") throw new Error(res.body);
    const [row] = await database.db.select({ id: campRegistrations.id }).from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    registrationId = row!.id;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("lists the configured account as a leder, adds a helper, and the helper signs in with GetToken", async () => {
    const list = await app.inject({ url: `/api/VinterleirAdmin/Accounts/${leder}` });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ username: "leirsjef", role: "leder", configured: true })]);

    const created = await save(leder, helper);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toContainEqual(
      expect.objectContaining({ username: "kari", name: "Kari Innsjekk", role: "innsjekk", configured: false, updatedBy: "leirsjef" }),
    );
    expect(JSON.stringify(created.json())).not.toContain(helper.password);
    expect(JSON.stringify(created.json())).not.toContain(sha256Hex(helper.password));

    const token = await login("Kari", helperPassword);
    expect(token.statusCode).toBe(200);
    const me = await app.inject({ url: `/api/VinterleirAdmin/Me/${token.body}` });
    expect(me.json()).toEqual({ username: "kari", name: "Kari Innsjekk", role: "innsjekk" });
    expect((await login("kari", "feil-passord-123456")).statusCode).toBe(401);
  });

  it("an innsjekk token reads the list without allergy and other texts, marks a payment, and gets 403 on everything of a leder", async () => {
    const token = (await login("kari", helperPassword)).body;
    const list = await app.inject({ url: `/api/VinterleirAdmin/Get/${token}` });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain("Peanøtter-ABC");
    expect(list.body).not.toContain("Kommer sent-XYZ");
    expect(list.json()[0]).toMatchObject({ allergies: "", otherinfo: "", hasAllergies: true, hasOtherInfo: true });
    expect((await app.inject({ url: `/api/VinterleirAdmin/Get/${leder}` })).body).toContain("Peanøtter-ABC");

    const paid = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/MarkPaid/${registrationId}/${token}` });
    expect(paid.statusCode).toBe(200);
    const log = await app.inject({ url: `/api/VinterleirAdmin/Payments/${registrationId}/${token}` });
    expect(log.statusCode).toBe(200);
    expect(log.json().actions).toContainEqual(expect.objectContaining({ actor: "kari", action: "mark-paid" }));

    const forbidden: [string, string][] = [
      ["POST", `/api/VinterleirAdmin/Refund/${registrationId}/${token}`],
      ["POST", `/api/VinterleirAdmin/Cancel/${registrationId}/${token}`],
      // The ledger's leader-only calls: a correction, money marked paid back, the treasurer's sums.
      ["POST", `/api/VinterleirAdmin/Correct/${registrationId}/${token}`],
      ["POST", `/api/VinterleirAdmin/RefundPaid/${registrationId}/${token}`],
      ["GET", `/api/VinterleirAdmin/Treasurer/${token}`],
      ["GET", `/api/VinterleirAdmin/GetXlsx/kasserer/${token}`],
      ["GET", `/api/VinterleirAdmin/GetCsv/${token}`],
      ["GET", `/api/VinterleirAdmin/GetXlsx/${token}`],
      ["GET", `/api/VinterleirAdmin/Accounts/${token}`],
      ["POST", `/api/VinterleirAdmin/Accounts/${token}`],
      ["DELETE", `/api/VinterleirAdmin/Accounts/leirsjef/${token}`],
      ["GET", `/api/VinterleirAdmin/Waitlist/${token}`],
      ["GET", `/api/VinterleirAdmin/PersonExport/${registrationId}/${token}`],
      ["POST", `/api/VinterleirAdmin/Forget/${registrationId}/${token}`],
      ["GET", `/api/CampEdition/Get/${token}`],
      ["PUT", `/api/CampEdition/Put/2026/${token}`],
    ];
    for (const [method, url] of forbidden) {
      const res = await app.inject({ method: method as "GET", url, ...(method === "GET" ? {} : { payload: {} }) });
      expect([url, res.statusCode, res.json()]).toEqual([url, 403, { error: campAccountMessages.forbidden }]);
    }
  });

  it("a leder helper records its own username on an edition change", async () => {
    expect((await save(leder, { username: "ole", name: "Ole Leder", role: "leder", password: "Leder-med-langt-passord" })).statusCode).toBe(201);
    const ole = (await login("ole", "Leder-med-langt-passord")).body;
    const put = await app.inject({ method: "PUT", url: `/api/CampEdition/Put/2026/${ole}`, payload: { capacity: 123 } });
    expect(put.statusCode).toBe(200);
    const changes = (await app.inject({ url: `/api/CampEdition/Changes/2026/${ole}` })).json() as { account: string }[];
    expect(changes.at(-1)?.account ?? changes[0]?.account).toBeDefined();
    expect(changes.map((change) => change.account)).toContain("ole");
  });

  it("a password reset and a removal end the account's sessions; the configured account, oneself and bad input are refused", async () => {
    const before = (await login("kari", helperPassword)).body;
    const reset = await save(leder, { ...helper, password: "Et-helt-nytt-passord-42" });
    expect(reset.statusCode).toBe(200);
    expect((await app.inject({ url: `/api/VinterleirAdmin/Get/${before}` })).statusCode).toBe(401);
    expect((await login("kari", helperPassword)).statusCode).toBe(401);
    const after = (await login("kari", "Et-helt-nytt-passord-42")).body;

    const removed = await app.inject({ method: "DELETE", url: `/api/VinterleirAdmin/Accounts/kari/${leder}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).not.toContainEqual(expect.objectContaining({ username: "kari" }));
    expect((await app.inject({ url: `/api/VinterleirAdmin/Get/${after}` })).statusCode).toBe(401);
    expect((await app.inject({ method: "DELETE", url: `/api/VinterleirAdmin/Accounts/kari/${leder}` })).statusCode).toBe(404);

    const configured = await app.inject({ method: "DELETE", url: `/api/VinterleirAdmin/Accounts/leirsjef/${leder}` });
    expect(configured.json()).toEqual({ error: campAccountMessages.configured });
    const ole = (await login("ole", "Leder-med-langt-passord")).body;
    expect((await app.inject({ method: "DELETE", url: `/api/VinterleirAdmin/Accounts/ole/${ole}` })).json()).toEqual({
      error: campAccountMessages.self,
    });
    expect((await save(leder, { ...helper, username: "leirsjef" })).statusCode).toBe(409);

    for (const body of [
      {},
      { ...helper, username: "system" },
      { ...helper, role: "kasserer" },
      { ...helper, password: "abc" },
      { ...helper, name: " " },
      { ...helper, username: "Å!" },
    ]) {
      const res = await save(leder, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect((await app.inject({ url: "/api/VinterleirAdmin/Accounts/feil-token" })).statusCode).toBe(401);
  });

  it("refuses a short or common password when called directly, with the reason at the field, and stores nothing", async () => {
    const before = await app.inject({ url: `/api/VinterleirAdmin/Accounts/${leder}` });
    // Six characters; the old digest field; on the leak list; Norwegian words and the club's name with digits or signs added.
    const weak = [
      "123456",
      "a",
      "passwordpassword",
      "passord12345",
      "Passord2026!",
      "sommer123456",
      "Sommer-2026!!",
      "SkiTaekwondo2026",
      "ski taekwondo klubb 1",
      "skitaekwondoklubb",
    ];
    for (const password of weak) {
      const res = await save(leder, { ...helper, username: "svak", password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().issues).toEqual([expect.objectContaining({ path: "password" })]);
    }
    const digestOnly = await save(leder, { username: "svak", name: "Svak", role: "innsjekk", passwordHash: sha256Hex("123456") });
    expect(digestOnly.statusCode).toBe(400);
    expect((await app.inject({ url: `/api/VinterleirAdmin/Accounts/${leder}` })).json()).toEqual(before.json());
    expect((await login("svak", "passord12345")).statusCode).toBe(401);
  });
});
