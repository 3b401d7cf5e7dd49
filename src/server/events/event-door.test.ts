import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eventDoorMessages, EventDoorAnswerSchema, EventDoorListSchema } from "../../shared/events/event-door.ts";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import type { Database } from "../db/database.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { redactUrl } from "../logger.ts";
import { anonymiseEndedEvents } from "../privacy/event-retention.ts";
import { buildCampTestApp, campAdminToken, countRows, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, grading, order, participant, postOrder, sale, clearEvents } from "../test-support/events.ts";
import { appendEventEntries } from "./event-ledger.ts";

let now = new Date("2026-11-26T12:00:00Z");
const password = "Dora-i-døra-2026-gradering";

describe("the events' door in the log", () => {
  it("masks the slug and the token of a door call that matched no route", () => {
    expect(redactUrl("/api/ArrangementInnsjekk/Get/gradering-desember/tok")).toBe("/api/ArrangementInnsjekk/Get/[redacted]");
    expect(redactUrl("/api/ArrangementInnsjekk/CheckIn/gradering-desember/tok")).toBe("/api/ArrangementInnsjekk/CheckIn/[redacted]");
  });
});

describe.each(databaseKinds)("the events' door on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let leder: string;
  let helper: string;
  let editor: string;

  const url = (call: "Get" | "CheckIn", slug: string, token: string) => `/api/ArrangementInnsjekk/${call}/${slug}/${token}`;
  const door = (slug: string, token = helper) => app.inject({ url: url("Get", slug, token) });
  const act = (slug: string, body: Record<string, unknown>, token = helper) =>
    app.inject({ method: "POST", url: url("CheckIn", slug, token), payload: body });
  const orderIds = async () =>
    (await database.db.select({ orderId: eventOrders.orderId, status: eventOrders.status }).from(eventOrders).orderBy(eventOrders.id)).map(
      (row) => row.orderId,
    );

  async function account(username: string, role: string) {
    const created = await app.inject({
      method: "POST",
      url: `/api/VinterleirAdmin/Accounts/${leder}`,
      payload: { username, name: `${username} sin konto`, role, password },
    });
    expect(created.statusCode, created.body).toBe(201);
    return (await app.inject({ url: `/api/VinterleirAdmin/GetToken/${username}/${sha256Hex(password)}` })).body;
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    leder = await campAdminToken(app);
    helper = await account("dora", "innsjekk");
    editor = await account("redd", "redaktør");
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(async () => {
    now = new Date("2026-11-26T12:00:00Z");
    await clearEvents(database, app);
  });

  /** A grading with room for two: a family of two (one paid in full through the ledger), one more on the waiting list. */
  async function gradingWithOrders() {
    await createPublished(app, leder, "gradering-desember", grading({ capacity: 2 }));
    const family = await postOrder(
      app,
      "gradering-desember",
      order({ participants: [participant({ firstName: "Ola" }), participant({ firstName: "Siri" })] }),
    );
    expect(family.body).toBe("Done");
    const waiting = await postOrder(app, "gradering-desember", order({ participants: [participant({ firstName: "Pål" })] }));
    expect(waiting.body).toBe("Venteliste");
    const [familyOrder, waitingOrder] = await orderIds();
    return { familyOrder: familyOrder!, waitingOrder: waitingOrder! };
  }

  it("shows an innsjekk account the door list with the owed amount from the ledger, and counts what arrives", async () => {
    const { familyOrder, waitingOrder } = await gradingWithOrders();
    const res = await door("gradering-desember");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const list = EventDoorListSchema.parse(res.json());
    expect(list.event).toMatchObject({ slug: "gradering-desember", kind: "gradering", title: "Cupgradering desember" });
    expect(list.counts).toEqual({ done: 0, expected: 2 });
    expect(list.entries.map((entry) => [entry.orderId, entry.status, entry.charged, entry.paid, entry.outstanding])).toEqual([
      [familyOrder, "confirmed", 700, 0, 700],
      [waitingOrder, "waiting", 0, 0, 0],
    ]);
    expect(list.entries[0]!.persons.map((person) => [person.position, person.name, person.checkedIn])).toEqual([
      [0, "Ola Nordmann", null],
      [1, "Siri Nordmann", null],
    ]);
    // The door carries no contact details beyond the contact's name.
    expect(res.body).not.toContain("kari@example.no");
    expect(res.body).not.toContain("91234567");

    // Money paid is read from the ledger: one source for the door and the admin.
    const [row] = await database.db.select({ id: eventOrders.id }).from(eventOrders).where(eq(eventOrders.orderId, familyOrder));
    await appendEventEntries(database.db, [
      { orderId: row!.id, at: now, actor: "test", reason: "Betalt", kind: "payment", method: "card_cash", amount: 500 },
    ]);
    const paid = EventDoorListSchema.parse((await door("gradering-desember")).json());
    expect(paid.entries[0]).toMatchObject({ charged: 700, paid: 500, outstanding: 200 });
  });

  it("checks a participant in once, however often the door sends it, and takes it back with undo", async () => {
    const { familyOrder } = await gradingWithOrders();
    const first = await act("gradering-desember", { orderId: familyOrder, position: 1 });
    expect(first.statusCode, first.body).toBe(200);
    const answer = EventDoorAnswerSchema.parse(first.json());
    expect(answer.duplicate).toBe(false);
    expect(answer.counts).toEqual({ done: 1, expected: 2 });
    expect(answer.entry.persons[1]!.checkedIn).toEqual({ at: now.toISOString(), by: "dora sin konto" });
    expect(answer.entry.persons[0]!.checkedIn).toBeNull();

    const again = EventDoorAnswerSchema.parse((await act("gradering-desember", { orderId: familyOrder, position: 1 })).json());
    expect(again.duplicate).toBe(true);
    expect(again.counts).toEqual({ done: 1, expected: 2 });
    expect(await countRows(database, "event_checkin_actions")).toBe(1);

    const undone = EventDoorAnswerSchema.parse((await act("gradering-desember", { orderId: familyOrder, position: 1, undo: true })).json());
    expect(undone.duplicate).toBe(false);
    expect(undone.entry.persons[1]!.checkedIn).toBeNull();
    expect(undone.counts).toEqual({ done: 0, expected: 2 });
    const undoneAgain = EventDoorAnswerSchema.parse((await act("gradering-desember", { orderId: familyOrder, position: 1, undo: true })).json());
    expect(undoneAgain.duplicate).toBe(true);
    // The undo is kept beside the check-in: two rows, nothing changed or deleted.
    const rows = await database.db.execute<{ kind: string; account_username: string }>(
      sql`select kind, account_username from event_checkin_actions order by id`,
    );
    expect(rows.rows.map((r) => [r.kind, r.account_username])).toEqual([
      ["checkin", "dora"],
      ["undo", "dora"],
    ]);
    // Checked in again after the undo.
    const back = EventDoorAnswerSchema.parse((await act("gradering-desember", { orderId: familyOrder, position: 1 })).json());
    expect(back.duplicate).toBe(false);
    expect(back.counts.done).toBe(1);
  });

  it("two doors checking the same participant in at the same moment write one check-in", async () => {
    const { familyOrder } = await gradingWithOrders();
    const answers = await Promise.all([0, 1, 2, 3].map(() => act("gradering-desember", { orderId: familyOrder, position: 0 })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.json().duplicate === false)).toHaveLength(1);
    expect(await countRows(database, "event_checkin_actions")).toBe(1);
  });

  it("carries out an action sent with the phone's id once, however often and however late it is replayed; the last action to arrive decides what stands", async () => {
    const { familyOrder } = await gradingWithOrders();
    const siri = { orderId: familyOrder, position: 1 };
    const [checkIn, undo, otherPhone, later] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const send = async (body: Record<string, unknown>) => {
      const res = await act("gradering-desember", body);
      expect(res.statusCode, res.body).toBe(200);
      return EventDoorAnswerSchema.parse(res.json());
    };
    const siriNow = async () => EventDoorListSchema.parse((await door("gradering-desember")).json()).entries[0]!.persons[1]!.checkedIn;

    expect((await send({ ...siri, actionId: checkIn })).duplicate).toBe(false);
    // The answer was lost: the queue sends the same id again, at once and four at a time.
    const replays = await Promise.all([0, 1, 2, 3].map(() => send({ ...siri, actionId: checkIn })));
    expect(replays.map((answer) => answer.duplicate)).toEqual([true, true, true, true]);
    expect(await countRows(database, "event_checkin_actions")).toBe(1);

    // Taken back; then the check-in arrives once more (a phone that never heard its answer): nothing changes.
    now = new Date("2026-11-26T12:05:00Z");
    expect((await send({ ...siri, undo: true, actionId: undo })).duplicate).toBe(false);
    expect((await send({ ...siri, actionId: checkIn })).duplicate).toBe(true);
    expect(await siriNow()).toBeNull();

    // A second phone, offline meanwhile, checked her in too: the last to arrive decides, and a check-in
    // arriving when she already stands checked in changes nothing (the first one's time and helper stay),
    // but its id is known from then on.
    now = new Date("2026-11-26T12:10:00Z");
    expect((await send({ ...siri, actionId: otherPhone })).duplicate).toBe(false);
    now = new Date("2026-11-26T12:15:00Z");
    expect((await send({ ...siri, actionId: later })).duplicate).toBe(true);
    expect(await siriNow()).toEqual({ at: "2026-11-26T12:10:00.000Z", by: "dora sin konto" });
    expect((await send({ ...siri, undo: true })).duplicate).toBe(false);
    expect((await send({ ...siri, actionId: later })).duplicate).toBe(true);
    expect((await send({ ...siri, actionId: otherPhone })).duplicate).toBe(true);
    expect(await siriNow()).toBeNull();

    // The same id for another action is refused, and writes nothing.
    for (const body of [
      { ...siri, undo: true, actionId: checkIn },
      { orderId: familyOrder, position: 0, actionId: checkIn },
    ]) {
      const reused = await act("gradering-desember", body);
      expect([reused.statusCode, reused.json().error]).toEqual([409, eventDoorMessages.reusedActionId]);
    }
    const rows = await database.db.execute<{ kind: string; changed: boolean }>(sql`select kind, changed from event_checkin_actions order by id`);
    expect(rows.rows.map((row) => [row.kind, row.changed])).toEqual([
      ["checkin", true],
      ["undo", true],
      ["checkin", true],
      ["checkin", false],
      ["undo", true],
    ]);
    expect((await door("gradering-desember")).json().counts).toEqual({ done: 0, expected: 2 });
    expect((await act("gradering-desember", { ...siri, actionId: "not-a-uuid" })).statusCode).toBe(400);
  });

  it("refuses a waiting or cancelled order with 409 and a Norwegian text, and an unknown order or participant with 404", async () => {
    const { familyOrder, waitingOrder } = await gradingWithOrders();
    const waiting = await act("gradering-desember", { orderId: waitingOrder, position: 0 });
    expect([waiting.statusCode, waiting.json().error]).toEqual([409, eventDoorMessages.waiting]);

    await act("gradering-desember", { orderId: familyOrder, position: 0 });
    await database.db.update(eventOrders).set({ status: "cancelled", cancelledAt: now }).where(eq(eventOrders.orderId, familyOrder));
    const cancelled = await act("gradering-desember", { orderId: familyOrder, position: 1 });
    expect([cancelled.statusCode, cancelled.json().error]).toEqual([409, eventDoorMessages.cancelled]);
    // A check-in made before the order was cancelled can still be taken back; a cancelled order is not counted.
    const undo = await act("gradering-desember", { orderId: familyOrder, position: 0, undo: true });
    expect(undo.statusCode).toBe(200);
    expect(undo.json().counts).toEqual({ done: 0, expected: 0 });

    expect((await act("gradering-desember", { orderId: "GR26-UKJENT-1", position: 0 })).statusCode).toBe(404);
    expect((await act("gradering-desember", { orderId: waitingOrder, position: 5 })).statusCode).toBe(404);
    const noPosition = await act("gradering-desember", { orderId: waitingOrder });
    expect([noPosition.statusCode, noPosition.json().error]).toEqual([400, eventDoorMessages.positionNeeded]);
    expect((await act("gradering-desember", { orderId: waitingOrder, position: 0, amount: 350 })).statusCode).toBe(400);
    // A position past any order's is the same unknown participant, in the door's words only.
    for (const position of [100, 1e308]) {
      const far = await act("gradering-desember", { orderId: familyOrder, position });
      expect(far.statusCode).toBe(400);
      expect(new Set(far.json().issues.map((issue: { message: string }) => issue.message))).toEqual(new Set([eventDoorMessages.unknownParticipant]));
    }
    expect(await countRows(database, "event_checkin_actions")).toBe(2);
  });

  it("a sale: an order is picked up whole, with undo, and counted «hentet»", async () => {
    await createPublished(app, leder, "klubbtoy", sale(3));
    for (const variant of ["S", "M"])
      expect((await postOrder(app, "klubbtoy", order({ items: [{ itemId: "t-skjorte", variant, quantity: 1 }] }))).body).toBe("Done");
    const [firstOrder] = await orderIds();
    const list = EventDoorListSchema.parse((await door("klubbtoy")).json());
    expect(list.counts).toEqual({ done: 0, expected: 2 });
    expect(list.entries[0]).toMatchObject({ items: ["1 × T-skjorte (S)"], persons: [], pickedUp: null, outstanding: 200 });

    const withPosition = await act("klubbtoy", { orderId: firstOrder, position: 0 });
    expect([withPosition.statusCode, withPosition.json().error]).toEqual([400, eventDoorMessages.noPositionForSale]);
    const picked = EventDoorAnswerSchema.parse((await act("klubbtoy", { orderId: firstOrder })).json());
    expect(picked.entry.pickedUp).toEqual({ at: now.toISOString(), by: "dora sin konto" });
    expect(picked.counts).toEqual({ done: 1, expected: 2 });
    expect(EventDoorAnswerSchema.parse((await act("klubbtoy", { orderId: firstOrder })).json()).duplicate).toBe(true);
    const back = EventDoorAnswerSchema.parse((await act("klubbtoy", { orderId: firstOrder, undo: true })).json());
    expect([back.entry.pickedUp, back.counts.done]).toEqual([null, 0]);

    await database.db.update(eventOrders).set({ status: "cancelled" }).where(eq(eventOrders.orderId, firstOrder!));
    const cancelled = await act("klubbtoy", { orderId: firstOrder });
    expect([cancelled.statusCode, cancelled.json().error]).toEqual([409, eventDoorMessages.cancelledSale]);
  });

  it("an order of one event is unknown at another event's door, and an undo of nothing writes nothing", async () => {
    const { familyOrder } = await gradingWithOrders();
    await createPublished(app, leder, "gradering-januar", grading({ title: "Annen gradering", firstDay: "2026-12-19", lastDay: "2026-12-19" }));
    const elsewhere = await act("gradering-januar", { orderId: familyOrder, position: 0 });
    expect([elsewhere.statusCode, elsewhere.json().error]).toEqual([404, eventDoorMessages.unknownOrder]);
    const undo = await act("gradering-januar", { orderId: familyOrder, position: 0, undo: true });
    expect(undo.statusCode).toBe(404);
    const never = EventDoorAnswerSchema.parse((await act("gradering-desember", { orderId: familyOrder, position: 0, undo: true })).json());
    expect(never.duplicate).toBe(true);
    expect(await countRows(database, "event_checkin_actions")).toBe(0);
  });

  it("refuses to check in a participant cancelled alone, and counts only those still coming", async () => {
    const { familyOrder } = await gradingWithOrders();
    // Siri checked in by mistake first, then the family cancels her alone: the undo still works.
    expect((await act("gradering-desember", { orderId: familyOrder, position: 1 })).statusCode).toBe(200);
    const cancelled = await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Cancel/${familyOrder}/${leder}`, payload: { position: 1 } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const list = EventDoorListSchema.parse((await door("gradering-desember")).json());
    expect(list.entries[0]!.persons.map((person) => [person.name, person.cancelled ?? false])).toEqual([
      ["Ola Nordmann", false],
      ["Siri Nordmann", true],
    ]);
    expect(list.counts).toEqual({ done: 0, expected: 1 });
    const undone = await act("gradering-desember", { orderId: familyOrder, position: 1, undo: true });
    expect(undone.statusCode, undone.body).toBe(200);
    const refused = await act("gradering-desember", { orderId: familyOrder, position: 1 });
    expect([refused.statusCode, refused.json().error]).toEqual([409, eventDoorMessages.cancelledParticipant]);
    expect(await countRows(database, "event_checkin_actions")).toBe(2);
    const ola = EventDoorAnswerSchema.parse((await act("gradering-desember", { orderId: familyOrder, position: 0 })).json());
    expect(ola.counts).toEqual({ done: 1, expected: 1 });
  });

  it("lets leder and innsjekk work the door; refuses a redaktør (403), a bad token (401) and no token (404)", async () => {
    const { familyOrder } = await gradingWithOrders();
    expect((await door("gradering-desember", leder)).statusCode).toBe(200);
    expect((await act("gradering-desember", { orderId: familyOrder, position: 0 }, leder)).statusCode).toBe(200);

    const read = await door("gradering-desember", editor);
    expect(read.statusCode).toBe(403);
    expect(read.json().error).toMatch(/[a-zæøå]/);
    expect((await act("gradering-desember", { orderId: familyOrder, position: 1 }, editor)).statusCode).toBe(403);
    expect((await door("gradering-desember", "x".repeat(43))).statusCode).toBe(401);
    expect((await act("gradering-desember", { orderId: familyOrder, position: 1 }, "x".repeat(43))).statusCode).toBe(401);
    expect((await app.inject({ url: "/api/ArrangementInnsjekk/Get/gradering-desember" })).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: "/api/ArrangementInnsjekk/CheckIn/gradering-desember", payload: {} })).statusCode).toBe(404);
    // Only the leder's one check-in was written.
    expect(await countRows(database, "event_checkin_actions")).toBe(1);

    // The door changes nothing else: an innsjekk account may not edit or publish events.
    expect((await app.inject({ method: "PUT", url: `/api/ArrangementAdmin/Put/annen/${helper}`, payload: grading() as object })).statusCode).toBe(
      403,
    );
  });

  it("gives an innsjekk account no participant list, export or cancellation beyond the door (403), a leder all of them", async () => {
    const { familyOrder } = await gradingWithOrders();
    const participants = await app.inject({ url: `/api/ArrangementAdmin/Participants/gradering-desember/${helper}` });
    expect(participants.statusCode).toBe(403);
    expect(participants.body).not.toContain("kari@example.no");
    const xlsx = await app.inject({ url: `/api/ArrangementAdmin/GetXlsx/gradering-desember/${helper}` });
    expect(xlsx.statusCode).toBe(403);
    const cancel = await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Cancel/${familyOrder}/${helper}`, payload: {} });
    expect(cancel.statusCode).toBe(403);
    expect((await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Publish/gradering-desember/${helper}` })).statusCode).toBe(403);
    expect((await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Copy/gradering-desember/kopi/${helper}`, payload: {} })).statusCode).toBe(
      403,
    );
    // The door's chooser still lists the events.
    expect((await app.inject({ url: `/api/ArrangementAdmin/Get/${helper}` })).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/ArrangementAdmin/Participants/gradering-desember/${leder}` })).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/ArrangementAdmin/GetXlsx/gradering-desember/${leder}` })).statusCode).toBe(200);
    expect(await countRows(database, "event_checkin_actions")).toBe(0);
  });

  it("refuses an action for an order whose personal data was deleted on request, also one a phone queued before, and lists it no more", async () => {
    const { familyOrder } = await gradingWithOrders();
    const ola = { orderId: familyOrder, position: 0 };
    const queued = randomUUID();
    expect((await act("gradering-desember", { ...ola, actionId: queued })).statusCode).toBe(200);
    const forgot = await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Forget/${familyOrder}/${leder}` });
    expect(forgot.statusCode, forgot.body).toBe(200);
    expect(await countRows(database, "event_checkin_actions")).toBe(0);

    // The phone that never heard its answer sends the check-in again; another phone, offline all along, its own.
    for (const body of [
      { ...ola, actionId: queued },
      { ...ola, actionId: randomUUID() },
      { orderId: familyOrder, position: 1 },
      { ...ola, undo: true },
    ]) {
      const refused = await act("gradering-desember", body);
      expect([refused.statusCode, refused.json().error]).toEqual([404, eventDoorMessages.unknownOrder]);
    }
    expect(await countRows(database, "event_checkin_actions")).toBe(0);
    const list = EventDoorListSchema.parse((await door("gradering-desember")).json());
    expect(list.entries.map((entry) => entry.orderId)).not.toContain(familyOrder);
    expect(list.counts).toEqual({ done: 0, expected: 0 });
  });

  it("deletes the door's check-ins when the event's orders are anonymised", async () => {
    const { familyOrder } = await gradingWithOrders();
    await act("gradering-desember", { orderId: familyOrder, position: 0 });
    expect(await countRows(database, "event_checkin_actions")).toBe(1);
    expect(await anonymiseEndedEvents(database.db, new Date("2027-12-31T12:00:00Z"), 30)).toBe(2);
    expect(await countRows(database, "event_checkin_actions")).toBe(0);
  });

  // Last: signing in on the day after prunes the tokens that have expired by then, the ones above too.
  it("closes the door after the event's last day, answers 404 for an unknown event and 409 for a winter camp", async () => {
    const { familyOrder } = await gradingWithOrders();
    now = new Date("2026-12-13T12:00:00Z");
    // A day's token: sign in again on the day after the event.
    const late = (await app.inject({ url: `/api/VinterleirAdmin/GetToken/dora/${sha256Hex(password)}` })).body;
    const past = await door("gradering-desember", late);
    expect([past.statusCode, past.json().error]).toEqual([409, eventDoorMessages.past]);
    expect((await act("gradering-desember", { orderId: familyOrder, position: 0 }, late)).statusCode).toBe(409);
    expect((await door("finnes-ikke", late)).statusCode).toBe(404);
    const camp = await door("vinterleir-2026", late);
    expect([camp.statusCode, camp.json().error]).toEqual([409, eventDoorMessages.camp]);
  });
});
