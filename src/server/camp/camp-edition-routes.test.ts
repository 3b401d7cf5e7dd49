import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { standardEditionData } from "../../shared/camp/camp-edition-data.ts";
import type { Database } from "../db/database.ts";
import { eventChanges, events } from "../db/schema/events.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { ensureCampEdition } from "./camp-editions.ts";
import { campEvents } from "./camp-events.ts";
import { buildCampTestApp, campAdminToken, countRows, type TestApp } from "../test-support/camp.ts";

let now = new Date("2026-11-25T10:00:00Z");

describe.each(databaseKinds)("camp editions on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    token = await campAdminToken(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const put = (year: number | string, body: unknown, withToken = token) =>
    app.inject({ method: "PUT", url: `/api/CampEdition/Put/${year}/${withToken}`, payload: body as object });
  const current = async () => (await app.inject({ method: "GET", url: "/api/CampEdition/Current" })).json();

  it("seeds the coming season's edition once, current and open, with the club's usual settings", async () => {
    const edition = await current();
    expect(edition).toMatchObject({
      year: 2026,
      firstDay: "2026-11-28",
      lastDay: "2026-11-30",
      venue: "Follo Stil Arena",
      prices: { child: 1025, adult: 1200, childMaxAge: 12 },
      companionFee: 550,
      gradingFee: 350,
      capacity: null,
      registrationOpensAt: "2025-11-30T23:00:00.000Z",
      registrationClosesAt: "2026-11-30T23:00:00.000Z",
      state: "open",
      placesLeft: null,
    });
    await ensureCampEdition(database.db, new Date("2027-06-01T00:00:00Z"));
    expect(await countRows(database, "events")).toBe(1);
  });

  it("lets the camp admin change a field, keeps the others, logs the change and shows it at once", async () => {
    const res = await put(2026, { companionFee: 600, prices: { child: 1100 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      year: 2026,
      companionFee: 600,
      prices: { child: 1100, adult: 1200, childMaxAge: 12 },
      current: true,
      version: 2,
    });
    expect(await current()).toMatchObject({ companionFee: 600, prices: { child: 1100, adult: 1200 } });
    const changes = await app.inject({ method: "GET", url: `/api/CampEdition/Changes/2026/${token}` });
    expect(changes.json().at(-1)).toMatchObject({
      account: "leirsjef",
      action: "updated",
      changes: [
        { field: "prices.child", from: 1025, to: 1100 },
        { field: "companionFee", from: 550, to: 600 },
      ],
    });
  });

  it("creates next year's edition from the latest, with the same weekdays, not current", async () => {
    const res = await put(2027, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      year: 2027,
      firstDay: "2027-11-27",
      lastDay: "2027-11-29",
      companionFee: 600,
      current: false,
      publishedAt: null,
    });
    const all = await app.inject({ method: "GET", url: `/api/CampEdition/Get/${token}` });
    expect(all.json().map((edition: { year: number }) => edition.year)).toEqual([2027, 2026]);
    expect((await current()).year).toBe(2026);
  });

  it("says when registration is not open yet, full or closed", async () => {
    expect(
      (await put(2026, { registrationOpensAt: "2026-11-26T08:00:00+01:00", registrationClosesAt: "2026-11-27T09:00:00+01:00" })).statusCode,
    ).toBe(200);
    expect(await current()).toMatchObject({ state: "notyet" });
    await put(2026, { registrationOpensAt: "2026-01-01T00:00:00+01:00", registrationClosesAt: "2026-11-20T00:00:00+01:00" });
    expect(await current()).toMatchObject({ state: "closed" });
    await put(2026, { registrationClosesAt: "2026-11-30T12:00:00+01:00", capacity: 5 });
    expect(await current()).toMatchObject({ state: "open", placesLeft: 5 });
  });

  it("refuses an invalid edition with Norwegian messages and stores nothing", async () => {
    const before = await database.db.select().from(events).where(campEvents);
    const changesBefore = await countRows(database, "event_changes");
    const bad = await put(2026, { lastDay: "2026-11-01", prices: { adult: -5 }, companionFee: "mange" });
    expect(bad.statusCode).toBe(400);
    const messages = bad.json().issues.map((issue: { message: string }) => issue.message);
    expect(messages).toEqual(expect.arrayContaining(["Voksenprisen kan ikke være negativ.", "Ledsagerprisen må være et tall."]));
    expect((await put(2026, { homeClubId: 999_999 })).json()).toEqual({ error: "Vertsklubben finnes ikke i klubblisten." });
    expect((await put(2026, { year: 2030 })).statusCode).toBe(400);
    expect((await put("20x6", {})).statusCode).toBe(400);
    expect((await put(2026, [1, 2])).statusCode).toBe(400);
    expect(
      (
        await app.inject({
          method: "PUT",
          url: `/api/CampEdition/Put/2026/${token}`,
          headers: { "content-type": "application/json" },
          payload: "{nope",
        })
      ).statusCode,
    ).toBe(400);
    expect(await database.db.select().from(events).where(campEvents)).toEqual(before);
    expect(await countRows(database, "event_changes")).toBe(changesBefore);
  });

  it("answers 401 to a wrong token on every admin call", async () => {
    for (const res of [
      await app.inject({ method: "GET", url: "/api/CampEdition/Get/wrong" }),
      await app.inject({ method: "GET", url: "/api/CampEdition/Changes/2026/wrong" }),
      await put(2026, { companionFee: 1 }, "wrong"),
      await app.inject({ method: "POST", url: "/api/CampEdition/Publish/2027/wrong" }),
    ]) {
      expect(res.statusCode).toBe(401);
    }
    expect((await current()).companionFee).toBe(600);
  });

  it("keeps the data valid against the shared schema after every change", async () => {
    const [row] = await database.db.select().from(events).where(campEvents).orderBy(events.slug);
    expect(Object.keys(row!.definition).sort()).toEqual([...Object.keys(standardEditionData(2026)), "kind"].sort());
    expect((await database.db.select().from(eventChanges)).every((change) => change.account.length > 0)).toBe(true);
  });

  const publish = (year: number | string, withToken = token) => app.inject({ method: "POST", url: `/api/CampEdition/Publish/${year}/${withToken}` });
  const editions = async () =>
    (await app.inject({ method: "GET", url: `/api/CampEdition/Get/${token}` })).json() as {
      year: number;
      current: boolean;
      publishedAt: string | null;
      version: number;
    }[];

  it("keeps a new year a draft until it is published, then shows it beside this year's camp, which stays «the» camp", async () => {
    const before = await editions();
    expect(before.find((edition) => edition.year === 2027)).toMatchObject({ current: false, publishedAt: null });
    expect((await app.inject({ method: "GET", url: "/api/CampEdition/Current?year=2027" })).statusCode).toBe(404);
    now = new Date("2026-11-25T11:30:00Z");
    const res = await publish(2027);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toMatchObject({ year: 2027, current: false, phase: "upcoming", publishedAt: "2026-11-25T11:30:00.000Z" });
    expect((await current()).year).toBe(2026);
    expect((await app.inject({ method: "GET", url: "/api/CampEdition/Current?year=2027" })).json()).toMatchObject({
      year: 2027,
      firstDay: "2027-11-27",
    });
    const after = await editions();
    expect(after.filter((edition) => edition.current).map((edition) => edition.year)).toEqual([2026]);
    // Only the published row changed: pages rendered from 2026 stay as they are.
    expect(after.find((edition) => edition.year === 2027)!.version).toBe(before.find((edition) => edition.year === 2027)!.version + 1);
    expect(after.find((edition) => edition.year === 2026)!.version).toBe(before.find((edition) => edition.year === 2026)!.version);
    const log = (await app.inject({ method: "GET", url: `/api/CampEdition/Changes/2027/${token}` })).json();
    expect(log.at(-1)).toEqual({
      changedAt: "2026-11-25T11:30:00.000Z",
      account: "leirsjef",
      action: "published",
      changes: [{ field: "publishedAt", from: null, to: "2026-11-25T11:30:00.000Z" }],
    });
  });

  it("publishes an edition again as a no-op", async () => {
    const changesBefore = await countRows(database, "event_changes");
    expect((await publish(2027)).json()).toMatchObject({ year: 2027, current: false, publishedAt: "2026-11-25T11:30:00.000Z" });
    expect((await publish(2026)).json()).toMatchObject({ year: 2026, current: true });
    expect(await countRows(database, "event_changes")).toBe(changesBefore);
    expect((await current()).year).toBe(2026);
  });

  it("makes next year's camp «the» camp once this year's last day is over (Oslo midnight)", async () => {
    try {
      now = new Date("2026-11-30T22:59:59Z");
      expect((await current()).year).toBe(2026);
      now = new Date("2026-11-30T23:00:00Z");
      expect((await current()).year).toBe(2027);
      // A sign-in of that day: the one from the start of the tests has expired by then.
      const later = await campAdminToken(app);
      const all = (await app.inject({ method: "GET", url: `/api/CampEdition/Get/${later}` })).json() as {
        year: number;
        current: boolean;
        phase: string;
      }[];
      expect(all.map(({ year, current, phase }) => ({ year, current, phase }))).toEqual([
        { year: 2027, current: true, phase: "upcoming" },
        { year: 2026, current: false, phase: "past" },
      ]);
    } finally {
      now = new Date("2026-11-25T11:30:00Z");
      token = await campAdminToken(app);
    }
  });

  it("refuses a year without an edition, a malformed year and a wrong token, and changes nothing", async () => {
    const before = await database.db.select().from(events).where(campEvents);
    const changesBefore = await countRows(database, "event_changes");
    const missing = await publish(2031);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "Det finnes ingen vinterleir for 2031." });
    expect((await publish("20x7")).statusCode).toBe(400);
    expect((await publish(1999)).statusCode).toBe(400);
    expect((await publish(2027, "wrong")).statusCode).toBe(401);
    expect(await database.db.select().from(events).where(campEvents)).toEqual(before);
    expect(await countRows(database, "event_changes")).toBe(changesBefore);
  });

  it("lets three publishes at once publish the edition once, and log it once", async () => {
    await put(2028, {});
    const answers = await Promise.all([publish(2028), publish(2028), publish(2028)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const log = (await app.inject({ method: "GET", url: `/api/CampEdition/Changes/2028/${token}` })).json() as { action: string }[];
    expect(log.filter((entry) => entry.action === "published")).toHaveLength(1);
    expect((await editions()).filter((edition) => edition.current).map((edition) => edition.year)).toEqual([2026]);
  });
});
