import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { eventLedgerEntries } from "../db/schema/events-money.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { events } from "../db/schema/events.ts";
import { appendEventEntries } from "../events/event-ledger.ts";
import { buildCampTestApp, campAdminToken, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, grading, order, participant, postOrder } from "../test-support/events.ts";
import { deleteExpiredEventAccounting } from "./event-order-retention.ts";
import { accountingDeleteDueAt } from "./camp-retention.ts";

const slug = "gradering-desember";
const dueAt = (year: number) => accountingDeleteDueAt(year, 5);

// The money's own dates decide how long its records are kept, never the event's days, which a leader can change.
describe.each(databaseKinds)("an event's accounting records on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let leder: string;
  const now = new Date("2026-11-26T12:00:00Z");
  let orderRowId = 0;

  const held = async () => (await database.db.select().from(eventLedgerEntries).where(eq(eventLedgerEntries.orderId, orderRowId))).length;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    leder = await campAdminToken(app);
    await createPublished(app, leder, slug, grading({ capacity: 5 }));
    const answer = await postOrder(app, slug, order({ participants: [participant()] }));
    expect(answer.body).toBe("Done");
    const [event] = await database.db.select({ id: events.id }).from(events).where(eq(events.slug, slug));
    const [row] = await database.db.select().from(eventOrders).where(eq(eventOrders.eventId, event!.id));
    orderRowId = row!.id;
    await appendEventEntries(database.db, [
      { orderId: orderRowId, at: now, actor: "test", reason: "Betalt", kind: "payment", method: "card_cash", amount: 350 },
    ]);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("an event's days moved years back do not delete the money taken this year", async () => {
    const back = {
      firstDay: "2019-12-12",
      lastDay: "2019-12-12",
      registrationOpensAt: "2019-11-01T08:00:00+01:00",
      registrationClosesAt: "2019-12-10T23:59:00+01:00",
    };
    // The leader's form refuses it once the event has orders …
    const moved = await app.inject({ method: "PUT", url: `/api/ArrangementAdmin/Put/${slug}/${leder}`, payload: grading({ capacity: 5, ...back }) });
    expect(moved.statusCode, moved.body).toBe(409);
    // … and should the dates move anyway (an event saved before that rule), retention still counts the money's own dates.
    const [row] = await database.db.select().from(events).where(eq(events.slug, slug));
    await database.db
      .update(events)
      .set({ lastDay: back.lastDay, definition: { ...row!.definition, ...back } })
      .where(eq(events.slug, slug));
    const before = await held();
    expect(before).toBeGreaterThan(0);
    expect(await deleteExpiredEventAccounting(database.db, now, dueAt)).toBe(0);
    expect(await held()).toBe(before);
  });

  it("a refund in the year after the event is kept five years after the end of that year", async () => {
    const before = await held();
    await appendEventEntries(database.db, [
      {
        orderId: orderRowId,
        at: new Date("2027-01-10T12:00:00Z"),
        actor: "test",
        reason: "Betalt tilbake",
        kind: "refund",
        method: "card_cash",
        amount: 350,
      },
    ]);
    expect(await deleteExpiredEventAccounting(database.db, dueAt(2026), dueAt)).toBe(0);
    expect(await held()).toBe(before + 1);
    expect(await deleteExpiredEventAccounting(database.db, dueAt(2027), dueAt)).toBe(1);
    expect(await held()).toBe(0);
  });
});
