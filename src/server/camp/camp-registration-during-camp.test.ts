import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { buildCampTestApp, campAdminToken, countRows, draft, postRegistration, type TestApp } from "../test-support/camp.ts";

// The seeded 2026 camp is Saturday 28 – Monday 30 November 2026: it starts at midnight (Oslo) before
// 28 November, 2026-11-27T23:00Z. Its window would stay open until the camp is over; the camp's start closes it
// unless the edition keeps registration open while the camp is under way.
const beforeStart = new Date("2026-11-27T22:59:00Z");
const dayTwo = new Date("2026-11-29T09:00:00Z");
let now = new Date("2026-11-20T09:00:00Z");

describe.each(databaseKinds)("registration while the camp is under way on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    now = new Date("2026-11-20T09:00:00Z");
    database = await createTestDatabase(kind);
    // A payment provider that answers a redirect: what the Vipps rules are about, not Vipps itself.
    const payments = {
      available: true,
      createPaymentRedirect: async ({ paymentReference }: { paymentReference: string }) => `https://pay.example/${paymentReference}`,
    };
    ({ app } = await buildCampTestApp(database, { clock: () => now, payments }));
    token = await campAdminToken(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const current = async () => {
    const res = await app.inject({ url: "/api/CampEdition/Current" });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { year: number; state: string; phase: string; registrationDuringCamp: boolean };
  };
  const setLate = async (value: boolean) => {
    // A camp token lasts a day: one of the clock's moment.
    token = await campAdminToken(app);
    const res = await app.inject({ method: "PUT", url: `/api/CampEdition/Put/2026/${token}`, payload: { registrationDuringCamp: value } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it("is off for a stored edition without the setting: it reads as off and closes registration when the camp starts", async () => {
    // An edition stored before the setting existed.
    await database.db.execute(sql`update events set definition = definition - 'registrationDuringCamp' where kind = 'vinterleir'`);
    now = beforeStart;
    expect(await current()).toMatchObject({ year: 2026, state: "open", phase: "upcoming", registrationDuringCamp: false });
    now = dayTwo;
    expect(await current()).toMatchObject({ year: 2026, state: "closed", phase: "running", registrationDuringCamp: false });
  });

  it("takes a registration up to the camp's start, then refuses with a Norwegian 409 that the camp has started, storing nothing", async () => {
    now = beforeStart;
    const early = await postRegistration(app, draft({ firstName: "Rett", lastName: "Før", vipps: false }));
    expect(early.statusCode, early.body).toBe(200);
    expect(early.body).toBe("Done");

    now = dayTwo;
    const before = await countRows(database, "camp_registration_view");
    const late = await postRegistration(app, draft({ firstName: "For", lastName: "Sent", vipps: false }));
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toEqual({ error: "Vinterleiren 2026 har startet, og påmeldingen stengte da leiren begynte." });
    expect(await countRows(database, "camp_registration_view")).toBe(before);
    // No camp takes registrations now.
    expect((await app.inject({ url: "/api/CampEdition/Open" })).json()).toEqual([]);
  });

  it("a Vipps draft from before the start whose payment ended unpaid is not paid again during the camp: sent again, it is refused", async () => {
    now = beforeStart;
    const body = draft({ firstName: "Vipps", lastName: "Før", vipps: true });
    const first = await postRegistration(app, body);
    expect(first.statusCode, first.body).toBe(200);
    const registration = sql`(select id from camp_registration_view where draft_id = ${body.draftId})`;
    await database.db.execute(sql`update event_payments set state = 'expired' where order_id = ${registration}`);
    const attempts = await countRows(database, "event_payments");

    now = dayTwo;
    const again = await postRegistration(app, body);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual({ error: "Vinterleiren 2026 har startet, og påmeldingen stengte da leiren begynte." });
    expect(await countRows(database, "event_payments")).toBe(attempts);
  });

  it("where the edition keeps registration open, takes it during the camp, paid at the door; Vipps is refused", async () => {
    now = dayTwo;
    await setLate(true);
    expect(await current()).toMatchObject({ year: 2026, state: "open", phase: "running", registrationDuringCamp: true });
    const atTheDoor = await postRegistration(app, draft({ firstName: "Sen", lastName: "Ankomst", vipps: false }));
    expect(atTheDoor.statusCode, atTheDoor.body).toBe(200);
    expect(atTheDoor.body).toBe("Done");

    const before = await countRows(database, "camp_registration_view");
    const vipps = await postRegistration(app, draft({ firstName: "Med", lastName: "Vipps", vipps: true }));
    expect(vipps.statusCode, vipps.body).toBe(400);
    expect(vipps.body).toContain("Vinterleiren pågår, så påmeldinger nå betales med kort eller kontant ved oppmøte, ikke med Vipps.");
    expect(await countRows(database, "camp_registration_view")).toBe(before);
    await setLate(false);
  });

  it("answers 2026 as «the» camp while it is under way, with next year's camp published and open beside it", async () => {
    now = new Date("2026-11-20T09:00:00Z");
    token = await campAdminToken(app);
    expect((await app.inject({ method: "POST", url: `/api/CampEdition/Copy/2026/2027/${token}` })).statusCode).toBe(201);
    expect((await app.inject({ method: "POST", url: `/api/CampEdition/Publish/2027/${token}` })).statusCode).toBe(200);
    now = new Date("2026-11-30T09:00:00Z");
    expect(await current()).toMatchObject({ year: 2026, phase: "running", state: "closed" });
    const open = (await app.inject({ url: "/api/CampEdition/Open" })).json() as { year: number }[];
    expect(open.map((edition) => edition.year)).toEqual([2027]);
    const next = (await app.inject({ url: "/api/CampEdition/Current?year=2027" })).json() as { year: number; state: string; phase: string };
    expect(next).toMatchObject({ year: 2027, state: "open", phase: "upcoming" });
    // Once 2026 is over, 2027 is «the» camp.
    now = new Date("2026-12-05T09:00:00Z");
    expect((await current()).year).toBe(2027);
  });
});
