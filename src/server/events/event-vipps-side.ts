/**
 * The events' side of the one Vipps service (payments/vipps/vipps-side.ts, handed to it by app.ts; docs/decisions/0022-events-side-by-side.md):
 * an event order's payment. The first AUTHORIZED confirms the order and queues its mail in the same
 * transaction, and what is reserved is taken; the captured money goes to the order's ledger once. An attempt
 * that ends unpaid cancels the order still waiting for it and gives its places and stock back, offered to the
 * event's waiting list in the same transaction.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { eventStock, events } from "../db/schema/events.ts";
import { appendEventEntries } from "./event-ledger.ts";
import { queueEventConfirmationMail } from "./event-mail.ts";
import { eventOrderIdPattern } from "./event-orders.ts";
import { positionsOf } from "./event-positions.ts";
import { asEventOrder, leaderOrders } from "./event-store.ts";
import { offerEventPlacesIn } from "./event-waitlist.ts";
import type { SideContext, VippsOwner, VippsSide } from "../payments/vipps/vipps-side.ts";

export const eventVippsMessages = {
  busy: "Vipps svarer ikke akkurat nå. Prøv igjen om litt, eller velg betaling ved oppmøte.",
  refused: "Vipps avviste betalingen. Velg betaling ved oppmøte, eller prøv igjen senere.",
} as const;

export function eventVippsSide(options: { publicBaseUrl: string }): VippsSide {
  return {
    messages: eventVippsMessages,
    ownerOf: eventOwnerOf,
    takesEveryReservation: true,
    async authorized({ tx, row, now }) {
      const [order] = await tx.select().from(eventOrders).where(eq(eventOrders.id, row.orderId!));
      if (order?.status !== "pending_payment")
        // What an event order's payment reserved is taken whatever became of the order (its refund is the leader's).
        return { settle: "capture", note: "reservert", mailQueued: false };
      await tx.update(eventOrders).set({ status: "confirmed", confirmedAt: now }).where(eq(eventOrders.id, order.id));
      await queueEventConfirmationMail(tx, order, now);
      return { settle: "capture", note: "reservert; ordren er bekreftet", mailQueued: true };
    },
    async captured({ tx, row, now }, amount) {
      await appendEventEntries(tx, [
        {
          orderId: row.orderId!,
          at: now,
          actor: "vipps",
          reason: `Betalt med Vipps (${row.reference})`,
          kind: "payment",
          method: "vipps",
          amount,
          paymentId: row.id,
        },
      ]);
    },
    endedUnpaid: (context) => giveBack(context, options.publicBaseUrl),
    stillWanted: async () => true,
    async allCancelled(db, row) {
      const [order] = await db.select({ status: eventOrders.status }).from(eventOrders).where(eq(eventOrders.id, row.orderId!));
      return order?.status === "cancelled";
    },
  };
}

/** The event order with this order id (never a camp registration's, whose orders share the table). */
export async function eventOwnerOf(db: Db, orderId: string): Promise<VippsOwner | undefined> {
  if (!eventOrderIdPattern.test(orderId)) return undefined;
  const [order] = await db
    .select({ id: eventOrders.id })
    .from(eventOrders)
    .where(and(eq(eventOrders.orderId, orderId), leaderOrders));
  return order && { kind: "order", id: order.id };
}

/**
 * An order still waiting for the payment that ended unpaid: cancelled, its charges taken off, its stock back on
 * the shelf, its places offered to the waiting list (their mails with this commit). Answers whether mail was queued.
 */
async function giveBack({ tx, row, now }: SideContext, publicBaseUrl: string): Promise<boolean> {
  const [order] = await tx.select().from(eventOrders).where(eq(eventOrders.id, row.orderId!));
  if (order?.status !== "pending_payment") return false;
  await tx.execute(sql`select id from ${events} where id = ${order.eventId} for update`);
  await tx.update(eventOrders).set({ status: "cancelled", cancelledAt: now }).where(eq(eventOrders.id, order.id));
  for (const line of (await positionsOf(tx, [order.id])).items) {
    await tx
      .update(eventStock)
      .set({ stock: sql`${eventStock.stock} + ${line.quantity}` })
      .where(and(eq(eventStock.eventId, order.eventId), eq(eventStock.itemId, line.itemId), eq(eventStock.variant, line.variant)));
  }
  await appendEventEntries(tx, [
    {
      orderId: order.id,
      at: now,
      actor: "system",
      reason: "Vipps-betalingen ble ikke fullført; ordren er avbrutt",
      kind: "charge",
      person: "order",
      item: "cancelled",
      label: "Avbrutt",
      amount: -asEventOrder(order).amount,
    },
  ]);
  return (await offerEventPlacesIn(tx, order.eventId, now, { publicBaseUrl })) > 0;
}
