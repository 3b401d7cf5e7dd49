import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { eventPayments } from "../db/schema/events-money.ts";
import { campAdminToken } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, grading, order, participant, postOrder } from "../test-support/events.ts";
import { buildVippsTestApp } from "../test-support/vipps.ts";

/**
 * An event order's Vipps payment whose create never reached Vipps (Vipps unreachable while the family waited,
 * and the family never came back): Vipps answers 404 to every look-up. Like the camp's, it is given up after a
 * while, so the order stops holding its places and the reconciliation job stops asking Vipps about it.
 */
describe.each(databaseKinds)("an event order's Vipps payment never created at Vipps on %s", (kind) => {
  let database: Database;
  let built: Awaited<ReturnType<typeof buildVippsTestApp>>;
  let current = new Date("2026-11-26T12:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    built = await buildVippsTestApp(database, () => current, { timeoutMs: 500 });
  });
  afterAll(async () => {
    await built?.sim.settled();
    await built?.app.close();
    await database?.close();
  });

  it("is failed after a while, and the order gives its place back", async () => {
    const { app } = built;
    const token = await campAdminToken(app);
    await createPublished(app, token, "gradering-desember", grading({ capacity: 1 }));
    built.sim.addFault({ operation: "create", status: 503, count: 1_000 });
    const res = await postOrder(app, "gradering-desember", order({ vipps: true, participants: [participant()] }));
    expect(res.statusCode, res.body).toBe(503);
    built.sim.clearFaults();
    const [held] = await database.db.select().from(eventOrders);
    expect(held).toMatchObject({ status: "pending_payment" });

    current = new Date(current.getTime() + 30 * 60_000);
    await app.vipps!.service.reconcileOnce();
    const [payment] = await database.db.select().from(eventPayments).where(eq(eventPayments.orderId, held!.id));
    expect(payment).toMatchObject({ state: "failed", nextCheckAt: null });
    expect((await database.db.select().from(eventOrders).where(eq(eventOrders.id, held!.id)))[0]).toMatchObject({ status: "cancelled" });
    // Nothing left due: the job no longer asks Vipps about it.
    expect(await app.vipps!.service.reconcileOnce()).toBe(0);
    // The place is free again.
    const next = await postOrder(app, "gradering-desember", order({ participants: [participant()] }));
    expect(next.body).toBe("Done");
  });
});
