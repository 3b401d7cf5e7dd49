import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { buildCampTestApp, campAdminToken, countRows, draft, postRegistration, type TestApp } from "../test-support/camp.ts";

// 2026's camp (28–30 November 2026) is under way and kept open for registration (its setting) while 2027's,
// copied from it, has opened.
const now = new Date("2026-11-30T09:00:00Z");

describe.each(databaseKinds)("messages follow the edition the leader has open on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let transport: Awaited<ReturnType<typeof buildCampTestApp>>["transport"];
  let leder: string;

  const send = (slug: string, body: object) => app.inject({ method: "POST", url: `/api/Melding/Send/${slug}/${leder}`, payload: body });
  const preview = (slug: string, body: object) => app.inject({ method: "POST", url: `/api/Melding/Preview/${slug}/${leder}`, payload: body });
  const log = async (slug: string) =>
    (await app.inject({ url: `/api/Melding/Get/${slug}/${leder}` })).json() as { subject: string; recipients: number }[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app, transport } = await buildCampTestApp(database, { clock: () => now }));
    leder = await campAdminToken(app);
    for (const [url, payload] of [
      [`/api/CampEdition/Put/2026/${leder}`, { registrationDuringCamp: true }],
      [`/api/CampEdition/Copy/2026/2027/${leder}`, undefined],
      [`/api/CampEdition/Publish/2027/${leder}`, undefined],
    ] as const) {
      const res = await app.inject({ method: url.includes("/Put/") ? "PUT" : "POST", url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    const families = [
      { firstName: "Ida", email: "ida.2026@example.no" },
      { firstName: "Jon", email: "jon.2026@example.no" },
      { firstName: "Kim", email: "kim.2027@example.no", year: 2027 },
    ];
    for (const family of families) {
      const res = await postRegistration(app, draft({ lastName: "Berg", vipps: false, ...family }));
      expect(res.body, family.firstName).toBe("Done");
    }
    await app.outbox.drain();
    transport.sent.length = 0;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("a message for 2027 reaches only 2027's family, and 2026's only 2026's; each log holds its own", async () => {
    const shown = await preview("vinterleir-2027", { message: { segment: "all", subject: "Neste år", body: "Hei" } });
    expect(shown.statusCode, shown.body).toBe(200);
    expect((shown.json() as { recipients: { participants: string }[] }).recipients.map((recipient) => recipient.participants)).toEqual(["Kim Berg"]);

    const sent2027 = await send("vinterleir-2027", { segment: "all", subject: "Neste år", body: "Velkommen til vinterleiren 2027." });
    expect(sent2027.statusCode, sent2027.body).toBe(201);
    expect(sent2027.json()).toMatchObject({ recipients: 1 });
    const sent2026 = await send("vinterleir-2026", { segment: "all", subject: "I helgen", body: "Vi ses på lørdag." });
    expect(sent2026.json()).toMatchObject({ recipients: 2 });
    await app.outbox.drain();

    const to = (subject: string) =>
      transport.sent
        .filter((mail) => mail.subject === subject)
        .map((mail) => mail.to)
        .sort();
    expect(to("Neste år")).toEqual(["kim.2027@example.no"]);
    expect(to("I helgen")).toEqual(["ida.2026@example.no", "jon.2026@example.no"]);

    expect((await log("vinterleir-2027")).map(({ subject, recipients }) => ({ subject, recipients }))).toEqual([
      { subject: "Neste år", recipients: 1 },
    ]);
    expect((await log("vinterleir-2026")).map(({ subject, recipients }) => ({ subject, recipients }))).toEqual([
      { subject: "I helgen", recipients: 2 },
    ]);
  });

  it("refuses a year without a camp edition with 404 and stores nothing", async () => {
    const before = await countRows(database, "messages");
    const res = await send("vinterleir-2030", { segment: "all", subject: "Ingen", body: "Ingen" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Fant ikke arrangementet." });
    expect((await preview("vinterleir-2030", { message: { segment: "all", subject: "Ingen", body: "Ingen" } })).statusCode).toBe(404);
    expect((await send("sommerleir-2027", { segment: "all", subject: "Ingen", body: "Ingen" })).statusCode).toBe(404);
    expect(await countRows(database, "messages")).toBe(before);
  });
});
