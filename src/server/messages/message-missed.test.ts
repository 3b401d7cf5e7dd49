import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { buildCampTestApp, campAdminToken, clearCampTables, draft, postRegistration, type TestApp } from "../test-support/camp.ts";

const slug = "vinterleir-2026";

/**
 * A planned time the scheduler missed (the server was down, or the time was already past when it was set):
 * the reminder is made up for until the camp begins and then never sent; a planned message is sent up to
 * 12 hours late and after that waits for the leader. The admin's answers say which, and when it was sent.
 */
describe.each(databaseKinds)("a missed time on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let transport: Awaited<ReturnType<typeof buildCampTestApp>>["transport"];
  let now: Date;

  const leder = () => campAdminToken(app);
  const reminder = async () => (await app.inject({ url: `/api/Melding/Reminder/${slug}/${await leder()}` })).json();
  const log = async () => (await app.inject({ url: `/api/Melding/Get/${slug}/${await leder()}` })).json();

  // One database for the file, emptied of what a test leaves (registrations, mail, messages, the reminder's
  // settings) before the next; the app is built anew for each test, with its clock.
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await clearCampTables(database);
    await database.db.execute(sql`truncate message_recipients, messages, message_reminders restart identity cascade`);
    now = new Date("2026-10-15T10:00:00Z");
    ({ app, transport } = await buildCampTestApp(database, { clock: () => now }));
    for (const name of ["Anne", "Bjørn"]) {
      const body = draft({ firstName: name, lastName: "Hansen", age: 11, email: `${name.toLowerCase()}@example.no`, vipps: false });
      const res = await postRegistration(app, body);
      if (res.body !== "Done") throw new Error(res.body);
      expect(await database.db.select().from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId))).toHaveLength(1);
    }
    await app.outbox.drain();
    transport.sent.length = 0;
  });
  afterEach(async () => {
    await app.close();
  });

  it("before its time the reminder is planned for Wednesday 25 November 00.00 (three days before the camp)", async () => {
    expect(await reminder()).toMatchObject({
      state: "planned",
      sendsAt: "2026-11-24T23:00:00.000Z",
      campStartsAt: "2026-11-27T23:00:00.000Z",
      sentAt: null,
      recipients: null,
    });
  });

  it("the scheduler reads the app's clock: down over the reminder's time, it sends the reminder when it runs again before the camp, and the admin says when and to how many", async () => {
    now = new Date("2026-11-26T17:00:00Z");
    expect(await reminder()).toMatchObject({ state: "due", sentMessageId: null });
    await app.messageScheduler.runOnce();
    await app.outbox.drain();
    expect(
      transport.sent
        .filter((mail) => mail.subject === "Snart vinterleir!")
        .map((mail) => mail.to)
        .sort(),
    ).toEqual(["anne@example.no", "bjørn@example.no"]);
    expect(await reminder()).toMatchObject({ state: "sent", sentAt: "2026-11-26T17:00:00.000Z", recipients: 2 });
  });

  it("«Send nå» sends a due reminder at once, exactly once", async () => {
    now = new Date("2026-11-25T17:00:00Z");
    const token = await leder();
    const sent = await app.inject({ method: "POST", url: `/api/Melding/ReminderNow/${slug}/${token}` });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ state: "sent", sentAt: "2026-11-25T17:00:00.000Z", recipients: 2 });
    const again = await app.inject({ method: "POST", url: `/api/Melding/ReminderNow/${slug}/${token}` });
    expect(again.statusCode).toBe(409);
    await app.messageScheduler.runOnce();
    await app.outbox.drain();
    expect(transport.sent.filter((mail) => mail.subject === "Snart vinterleir!")).toHaveLength(2);
  });

  it("once the camp has begun a reminder never sent is missed: the scheduler does not send it, nor does «Send nå»", async () => {
    now = new Date("2026-11-29T10:00:00Z");
    expect(await reminder()).toMatchObject({ state: "missed", sentMessageId: null, sentAt: null });
    await app.messageScheduler.runOnce();
    await app.outbox.drain();
    expect(transport.sent.filter((mail) => mail.subject === "Snart vinterleir!")).toEqual([]);
    const now409 = await app.inject({ method: "POST", url: `/api/Melding/ReminderNow/${slug}/${await leder()}` });
    expect(now409.statusCode).toBe(409);
    expect(now409.json().error).toMatch(/leiren har begynt/);
  });

  it("a reminder planned for a time already past is due at once; before its time «Send nå» is refused", async () => {
    const token = await leder();
    expect((await app.inject({ method: "POST", url: `/api/Melding/ReminderNow/${slug}/${token}` })).statusCode).toBe(409);
    now = new Date("2026-11-24T10:00:00Z");
    const saved = await app.inject({
      method: "PUT",
      url: `/api/Melding/Reminder/${slug}/${await leder()}`,
      payload: { enabled: true, daysBefore: 5, subject: "Snart vinterleir!", body: "Vi sees!" },
    });
    expect(saved.json()).toMatchObject({ state: "due", sendsAt: "2026-11-22T23:00:00.000Z" });
  });

  it("a planned message is sent up to 12 hours late; later it waits for the leader, who can send it now", async () => {
    const token = await leder();
    const plan = (subject: string, sendAt: string) =>
      app.inject({ method: "POST", url: `/api/Melding/Send/${slug}/${token}`, payload: { segment: "all", subject, body: "Hei.", sendAt } });
    expect((await plan("Litt sent", "2026-10-16T06:00:00Z")).statusCode).toBe(201);
    expect((await plan("Altfor sent", "2026-10-15T18:00:00Z")).statusCode).toBe(201);
    expect((await log()).map((entry: { timing: string }) => entry.timing)).toEqual(["waiting", "waiting"]);

    // The server was down from before 18.00 until 10.00 the next day.
    now = new Date("2026-10-16T10:00:00Z");
    const timings = Object.fromEntries((await log()).map((entry: { subject: string; timing: string }) => [entry.subject, entry.timing]));
    expect(timings).toEqual({ "Litt sent": "due", "Altfor sent": "missed" });
    expect(await app.messageScheduler.runOnce()).toBe(1);
    await app.outbox.drain();
    expect(transport.sent.filter((mail) => mail.subject === "Litt sent")).toHaveLength(2);
    expect(transport.sent.filter((mail) => mail.subject === "Altfor sent")).toEqual([]);
    const missed = (await log()).find((entry: { subject: string }) => entry.subject === "Altfor sent");
    expect(missed).toMatchObject({ timing: "missed", queuedAt: null });

    const sent = await app.inject({ method: "POST", url: `/api/Melding/SendNow/${slug}/${missed.id}/${await leder()}` });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().find((entry: { id: number }) => entry.id === missed.id)).toMatchObject({
      timing: null,
      queuedAt: "2026-10-16T10:00:00.000Z",
      recipients: 2,
    });
    await app.outbox.drain();
    expect(transport.sent.filter((mail) => mail.subject === "Altfor sent")).toHaveLength(2);
    expect((await app.inject({ method: "POST", url: `/api/Melding/SendNow/${slug}/${missed.id}/${await leder()}` })).statusCode).toBe(409);
  });
});
