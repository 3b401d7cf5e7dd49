/**
 * The camp's payments and the events' payments share one table (`event_payments`, migration 0047), one id
 * sequence, one Vipps service and one reconciliation job, and a camp registration is itself an order of
 * `event_orders` (its edition's event's). The job and the webhooks settle each payment through its own side only;
 * no refund, admin view, order lookup nor retention of one kind may read or change the other kind's payment, nor
 * take the other kind's order row for its own.
 */
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { eventPaymentActions, eventPayments } from "../db/schema/events-money.ts";
import { deleteExpiredEventAccounting } from "../privacy/event-order-retention.ts";
import { deleteExpiredAccounting } from "../privacy/camp-retention.ts";
import { campAdminToken } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, eventIdOf, grading, order, participant, postOrder } from "../test-support/events.ts";
import { buildVippsTestApp, startVippsPayment, type Paying } from "../test-support/vipps.ts";
import { campPayment, selectCampPayments } from "./camp-payment-rows.ts";
import { campOwnerOf } from "../camp/camp-vipps-side.ts";
import { eventOwnerOf } from "../events/event-vipps-side.ts";

const now = new Date("2026-10-15T10:00:00Z");
const slug = "gradering-oktober";

describe.each(databaseKinds)("the camp's and the events' payments kept apart in one table on %s", (kind) => {
  let database: Database;
  let built: Awaited<ReturnType<typeof buildVippsTestApp>>;
  let camp: Paying;
  let orderRowId: number;
  let eventPaymentId: number;
  let eventReference: string;

  const eventPayment = async () => (await database.db.select().from(eventPayments).where(eq(eventPayments.id, eventPaymentId)))[0]!;
  let campPaymentId: number;
  const campRow = async () => (await campPayment(database.db, campPaymentId))!;
  const bothDue = async () => {
    await database.db.update(eventPayments).set({ nextCheckAt: new Date(now.getTime() - 60_000), claimedUntil: null });
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    built = await buildVippsTestApp(database, () => now, { timeoutMs: 500 });
    const token = await campAdminToken(built.app);
    camp = await startVippsPayment(built.app);
    await createPublished(built.app, token, slug, grading({ registrationOpensAt: "2026-10-01T08:00:00+02:00", capacity: 5 }));
    const res = await postOrder(built.app, slug, order({ vipps: true, participants: [participant()] }));
    expect(res.statusCode, res.body).toBe(200);
    eventReference = new URL(res.body).searchParams.get("reference")!;
    [{ id: orderRowId }] = (await database.db
      .select({ id: eventOrders.id })
      .from(eventOrders)
      .where(eq(eventOrders.eventId, await eventIdOf(database, slug)))) as [{ id: number }];
    [{ id: eventPaymentId }] = (await database.db
      .select({ id: eventPayments.id })
      .from(eventPayments)
      .where(eq(eventPayments.ownerKind, "order"))) as [{ id: number }];
    campPaymentId = (await selectCampPayments(database.db))[0]!.id;
  });
  afterAll(async () => {
    await built?.sim.settled();
    await built?.app.close();
    await database?.close();
  });

  it("a camp registration and an event order are two rows of one table, and the camp's reads never see the event's payment", async () => {
    expect(orderRowId).not.toBe(camp.registrationId);
    expect(await campPayment(database.db, eventPaymentId)).toBeUndefined();
    expect((await selectCampPayments(database.db)).map((row) => row.reference)).toEqual([camp.reference]);
    const details = await built.service.adminView(camp.registrationId);
    expect(details!.payments.map((payment) => payment.reference)).toEqual([camp.reference]);
    // Each side, given the other's order, finds nothing of its own.
    expect(await built.service.adminView(orderRowId)).toBeUndefined();
    expect(await eventOwnerOf(database.db, camp.orderId)).toBeUndefined();
    expect(await campOwnerOf(database.db, eventReference.replace(/-\d+$/, ""))).toBeUndefined();
    expect(await eventOwnerOf(database.db, eventReference.replace(/-\d+$/, ""))).toEqual({ kind: "order", id: orderRowId });
    expect(await campOwnerOf(database.db, camp.orderId)).toEqual({ kind: "camp", id: camp.registrationId });
  });

  it("the one reconciliation job claims both sides' due payments and checks each through its own side", async () => {
    await bothDue();
    const statuses = async () =>
      (await database.db.select({ id: eventOrders.id, status: eventOrders.status }).from(eventOrders).orderBy(asc(eventOrders.id))).map(
        (row) => row.status,
      );
    const before = await statuses();
    expect(await built.service.reconcileOnce()).toBe(2);
    // Both looked up at Vipps (still open there), the claims released, and neither owner changed.
    for (const row of [await eventPayment(), await campRow()]) {
      expect(row).toMatchObject({ vippsState: "CREATED", claimedUntil: null, lastError: null, lastCheckedAt: now });
    }
    expect(await statuses()).toEqual(before);
    expect(await built.service.reconcileOnce()).toBe(0);
  });

  it("a webhook for one side's reference reads and changes only that side's payment", async () => {
    const campBefore = await campRow();
    await built.service.onWebhook(eventReference);
    expect(await campRow()).toEqual(campBefore);
    const eventBefore = await eventPayment();
    await built.service.onWebhook(camp.reference);
    expect(await eventPayment()).toEqual(eventBefore);
    expect(await database.db.select().from(eventPaymentActions).where(eq(eventPaymentActions.paymentId, eventPaymentId))).toEqual([]);
  });

  it("the database itself refuses a camp ledger entry on an event's payment, and an event's entry on a camp payment", async () => {
    const entry = (side: string, ownerId: number, paymentId: number) =>
      database.db.execute(sql`insert into event_ledger_entries (order_id, owner_kind, at, actor, reason, kind, method, amount, payment_id)
        values (${ownerId}, ${side}, ${now.toISOString()}::timestamptz, 'test', 'Betaling', 'payment', 'vipps', 1, ${paymentId})`);
    // 23503: a foreign key refused it (the payment's owner is not the entry's).
    const refusedByKey = (error: { code?: string; cause?: { code?: string } }) => (error.cause ?? error).code === "23503";
    await expect(entry("camp", camp.registrationId, eventPaymentId)).rejects.toSatisfy(refusedByKey);
    await expect(entry("order", orderRowId, campPaymentId)).rejects.toSatisfy(refusedByKey);
    // Each on its own side is written (and taken back: the ledger's figures are not this test's).
    const undo = new Error("taken back");
    const written = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into event_ledger_entries (order_id, owner_kind, at, actor, reason, kind, method, amount, payment_id)
        values (${camp.registrationId}, 'camp', ${now.toISOString()}::timestamptz, 'test', 'Betaling', 'payment', 'vipps', 1, ${campPaymentId})`);
      await tx.execute(sql`insert into event_ledger_entries (order_id, at, actor, reason, kind, method, amount, payment_id)
        values (${orderRowId}, ${now.toISOString()}::timestamptz, 'test', 'Betaling', 'payment', 'vipps', 1, ${eventPaymentId})`);
      throw undo;
    });
    await expect(written).rejects.toBe(undo);
  });

  it("the camp's refund and its retention never reach the event's payment, nor the events' retention the camp's", async () => {
    expect((await built.service.refund(orderRowId, { amount: 100 }, "camp-admin")).kind).toBe("not-found");
    const eventBefore = await eventPayment();
    // Far past every accounting retention: the camp's deletes its own payments, the events' only theirs.
    await deleteExpiredAccounting(database.db, new Date("2040-01-01T00:00:00Z"), 5);
    expect(await eventPayment()).toEqual(eventBefore);
    expect(await selectCampPayments(database.db)).toEqual([]);
    await deleteExpiredEventAccounting(database.db, new Date("2040-01-01T00:00:00Z"), () => new Date("2030-01-01T00:00:00Z"));
    expect(await database.db.select().from(eventPayments).orderBy(asc(eventPayments.id))).toEqual([]);
  });
});
