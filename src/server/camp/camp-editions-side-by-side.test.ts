import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weekdayName } from "../../shared/format.ts";
import { parseCalendarDate } from "../../shared/camp/camp-edition-data.ts";
import type { Database } from "../db/database.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { buildCampTestApp, campAdminToken, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { copyCampEdition } from "./camp-editions.ts";

// Two days before the seeded 2026 camp (Saturday 28 – Monday 30 November).
let now = new Date("2026-11-26T10:00:00Z");

const dateFields = (data: Record<string, unknown>) => {
  const d = data as {
    firstDay: string;
    lastDay: string;
    earlyBird: { lastDay: string };
    lateFee: { firstDay: string };
    refund: { fullUntil: string };
  };
  return [d.firstDay, d.lastDay, d.earlyBird.lastDay, d.lateFee.firstDay, d.refund.fullUntil];
};
const dayMs = 24 * 60 * 60 * 1000;
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / dayMs);

describe.each(databaseKinds)("next year's camp beside this year's on %s", (kind) => {
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

  const get = async (url: string) => {
    const res = await app.inject({ url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const adminList = (query = "") => get(`/api/VinterleirAdmin/Get/${token}${query}`);
  const door = (query = "") => get(`/api/VinterleirAdmin/CheckIn/Counts/${token}${query}`);

  it("creates, changes and publishes 2027 while 2026 stays «the» camp: its list, door and registration unchanged", async () => {
    for (const firstName of ["Ola", "Kari"]) expect((await postRegistration(app, draft({ firstName }))).body).toBe("Done");
    const listBefore = await adminList();
    const doorBefore = await door();
    expect(listBefore.length).toBeGreaterThanOrEqual(2);

    const copied = await app.inject({ method: "POST", url: `/api/CampEdition/Copy/2026/2027/${token}` });
    expect(copied.statusCode, copied.body).toBe(201);
    const changed = await app.inject({ method: "PUT", url: `/api/CampEdition/Put/2027/${token}`, payload: { prices: { child: 1095 } } });
    expect(changed.statusCode, changed.body).toBe(200);
    const published = await app.inject({ method: "POST", url: `/api/CampEdition/Publish/2027/${token}` });
    expect(published.statusCode, published.body).toBe(200);

    expect(await get("/api/CampEdition/Current")).toMatchObject({ year: 2026, state: "open" });
    expect(await adminList()).toEqual(listBefore);
    expect(await adminList("?year=2026")).toEqual(listBefore);
    expect(await door()).toEqual(doorBefore);
    expect(await get("/api/VinterleirUsers/Get")).toHaveLength(listBefore.length);
    expect((await postRegistration(app, draft({ firstName: "Per" }))).body).toBe("Done");
    expect((await postRegistration(app, draft({ firstName: "Pia", year: 2026 }))).body).toBe("Done");
    expect(await adminList()).toHaveLength(listBefore.length + 2);

    // 2027 is visible, with its own window and an empty list of its own.
    expect(await get("/api/CampEdition/Current?year=2027")).toMatchObject({ year: 2027, prices: { child: 1095 }, state: "notyet" });
    expect(await adminList("?year=2027")).toEqual([]);
    const editions = (await get(`/api/CampEdition/Get/${token}`)) as { year: number; current: boolean; phase: string; publishedAt: string | null }[];
    expect(editions.map(({ year, current, phase }) => ({ year, current, phase }))).toEqual([
      { year: 2027, current: false, phase: "upcoming" },
      { year: 2026, current: true, phase: "upcoming" },
    ]);
    expect(editions.every((edition) => edition.publishedAt !== null)).toBe(true);
  });

  it("takes a registration for 2027 only in its own window, and says the opening's year", async () => {
    const early = await postRegistration(app, draft({ firstName: "Tidlig", year: 2027 }));
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: "Påmeldingen åpner mandag 30. november 2026 kl. 00.00." });
    now = new Date("2026-11-30T09:00:00Z");
    try {
      token = await campAdminToken(app);
      expect((await postRegistration(app, draft({ firstName: "Neste", year: 2027 }))).body).toBe("Done");
      expect((await adminList("?year=2027")).length).toBe(1);
      expect(await get("/api/CampEdition/Current")).toMatchObject({ year: 2026 });
      // When 2026's last day is over, 2027 is «the» camp by itself.
      now = new Date("2026-12-01T09:00:00Z");
      expect(await get("/api/CampEdition/Current")).toMatchObject({ year: 2027, state: "open" });
      expect((await postRegistration(app, draft({ firstName: "Etter" }))).body).toBe("Done");
      token = await campAdminToken(app);
      expect((await adminList()).length).toBe(2);
      expect((await adminList("?year=2026")).length).toBeGreaterThanOrEqual(4);
    } finally {
      now = new Date("2026-11-26T10:00:00Z");
      token = await campAdminToken(app);
    }
  });

  it("copies 2026 to a later year: every date whole weeks later on the same weekday, everything else kept", async () => {
    const source = (await get(`/api/CampEdition/Get/${token}`)).find((edition: { year: number }) => edition.year === 2026);
    const copy = await copyCampEdition(app.db, 2026, 2028, { account: "test", now });
    const weeks = daysBetween(source.firstDay, copy.data.firstDay) / 7;
    expect(weeks).toBe(104);
    const copied = dateFields(copy.data);
    for (const [index, from] of dateFields(source).entries()) {
      expect(daysBetween(from, copied[index]!)).toBe(weeks * 7);
      expect(weekdayName(parseCalendarDate(copied[index]!)!)).toBe(weekdayName(parseCalendarDate(from)!));
    }
    expect(daysBetween(source.registrationOpensAt, copy.data.registrationOpensAt)).toBe(weeks * 7);
    expect(copy.data).toMatchObject({
      year: 2028,
      venue: source.venue,
      prices: source.prices,
      program: source.program,
      companionFee: source.companionFee,
    });
    expect(copy.publishedAt).toBeNull();
  });

  it("copied 2026 to 2027 exactly 52 weeks on, and refuses to copy over an edition or from a missing one", async () => {
    const [y2026, y2027] = ["2026", "2027"].map(async (year) =>
      (await get(`/api/CampEdition/Get/${token}`)).find((edition: { year: number }) => edition.year === Number(year)),
    );
    const [from, to] = [await y2026, await y2027];
    expect(from.firstDay).toBe("2026-11-28");
    expect(to.firstDay).toBe("2027-11-27");
    expect(weekdayName(parseCalendarDate(to.firstDay)!)).toBe("lørdag");
    expect(dateFields(from).map((date, index) => daysBetween(date, dateFields(to)[index]!))).toEqual([364, 364, 364, 364, 364]);
    const again = await app.inject({ method: "POST", url: `/api/CampEdition/Copy/2026/2027/${token}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toContain("finnes allerede");
    expect((await app.inject({ method: "POST", url: `/api/CampEdition/Copy/2019/2030/${token}` })).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: `/api/CampEdition/Copy/2026/2030/wrong` })).statusCode).toBe(401);
  });
});
