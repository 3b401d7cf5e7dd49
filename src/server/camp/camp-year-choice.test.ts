import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { buildCampTestApp, campAdminToken, countRows, draft, postRegistration, type TestApp } from "../test-support/camp.ts";

// The seeded 2026 camp is Saturday 28 – Monday 30 November 2026; here it keeps its registration open while it
// is under way (the edition's setting; by default it closes when the camp starts), until it is over.
// 2027 is copied from it (52 weeks on), so its registration opens on Monday 30 November 2026 at 00.00 (Oslo).
const beforeNextOpens = new Date("2026-11-26T10:00:00Z");
const bothOpen = new Date("2026-11-30T09:00:00Z");
let now = beforeNextOpens;

describe.each(databaseKinds)("the wizard's choice of camp on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let transport: Awaited<ReturnType<typeof buildCampTestApp>>["transport"];
  let token: string;

  beforeAll(async () => {
    now = beforeNextOpens;
    database = await createTestDatabase(kind);
    ({ app, transport } = await buildCampTestApp(database, { clock: () => now }));
    token = await campAdminToken(app);
    const lateAllowed = await app.inject({ method: "PUT", url: `/api/CampEdition/Put/2026/${token}`, payload: { registrationDuringCamp: true } });
    expect(lateAllowed.statusCode, lateAllowed.body).toBe(200);
    const copied = await app.inject({ method: "POST", url: `/api/CampEdition/Copy/2026/2027/${token}` });
    expect(copied.statusCode, copied.body).toBe(201);
    const changed = await app.inject({ method: "PUT", url: `/api/CampEdition/Put/2027/${token}`, payload: { prices: { child: 1095 } } });
    expect(changed.statusCode, changed.body).toBe(200);
    const published = await app.inject({ method: "POST", url: `/api/CampEdition/Publish/2027/${token}` });
    expect(published.statusCode, published.body).toBe(200);
    // 2028 stays a draft.
    const draft2028 = await app.inject({ method: "POST", url: `/api/CampEdition/Copy/2027/2028/${token}` });
    expect(draft2028.statusCode, draft2028.body).toBe(201);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const openYears = async () => {
    const res = await app.inject({ url: "/api/CampEdition/Open" });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { year: number; state: string; prices: { child: number } }[]).map(({ year, state, prices }) => ({
      year,
      state,
      child: prices.child,
    }));
  };

  it("lists only the editions taking registrations: 2026 alone until 2027 opens, then both, oldest first", async () => {
    now = beforeNextOpens;
    expect(await openYears()).toEqual([{ year: 2026, state: "open", child: expect.any(Number) }]);
    now = bothOpen;
    expect(await openYears()).toEqual([
      { year: 2026, state: "open", child: expect.any(Number) },
      { year: 2027, state: "open", child: 1095 },
    ]);
    // When 2026 is over, only 2027 is left (a draft 2028 is never listed).
    now = new Date("2026-12-01T09:00:00Z");
    expect((await openYears()).map((edition) => edition.year)).toEqual([2027]);
  });

  it("stores a registration posted with the other open edition's year in that edition, at that edition's price, and mails its year", async () => {
    now = bothOpen;
    transport.sent.length = 0;
    const body = draft({ firstName: "Neste", lastName: "Året", email: "neste.aaret@example.no", age: 10, year: 2027, vipps: false });
    const res = await postRegistration(app, body);
    expect(res.body).toBe("Done");
    const [row] = await database.db.select().from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    expect(row?.editionYear).toBe(2027);
    const token2027 = await campAdminToken(app);
    const list2027 = (await app.inject({ url: `/api/VinterleirAdmin/Get/${token2027}?year=2027` })).json() as { firstname: string; amount: number }[];
    const list2026 = (await app.inject({ url: `/api/VinterleirAdmin/Get/${token2027}?year=2026` })).json() as { firstname: string }[];
    expect(list2027.map((person) => person.firstname)).toContain("Neste");
    expect(list2026.map((person) => person.firstname)).not.toContain("Neste");
    // The price charged is 2027's (its child price differs), as the price quote for 2027 says, not 2026's.
    const quote = async (year?: number) =>
      ((await app.inject({ method: "POST", url: "/api/Vinterleir/Price", payload: { ...body, year } })).json() as { total: number }).total;
    const [quote2026, quote2027] = [await quote(2026), await quote(2027)];
    expect(quote2027).not.toBe(quote2026);
    expect(list2027.find((person) => person.firstname === "Neste")?.amount).toBe(quote2027);
    await app.outbox.drain();
    const confirmation = transport.sent.find((mail) => mail.to === "neste.aaret@example.no");
    expect(confirmation?.subject).toContain("2027");
  });

  it("refuses a draft, unknown or not-yet-open year with a Norwegian 409 and stores nothing", async () => {
    const before = await countRows(database, "camp_registration_view");
    now = bothOpen;
    for (const year of [2028, 2025]) {
      const res = await postRegistration(app, draft({ firstName: "Feil", year }));
      expect(res.statusCode, `${year}: ${res.body}`).toBe(409);
      expect(res.json()).toEqual({ error: "Påmeldingen er stengt." });
    }
    now = beforeNextOpens;
    const early = await postRegistration(app, draft({ firstName: "Tidlig", year: 2027 }));
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatch(/^Påmeldingen åpner /);
    const malformed = await postRegistration(app, draft({ firstName: "Rar", year: 1999 }));
    expect(malformed.statusCode).toBe(400);
    expect(await countRows(database, "camp_registration_view")).toBe(before);
  });
});
