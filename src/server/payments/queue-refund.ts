import type { Db } from "../db/database.ts";
import { eventPaymentActions, eventPayments } from "../db/schema/events-money.ts";
import { campPaymentWithId } from "./camp-payment-rows.ts";

/**
 * Writes a refund owed on a Vipps payment, inside the caller's transaction (with the payment row locked by
 * the caller): the money log's "refund-requested" line, and the payment's pending refund with an
 * Idempotency-Key made from that line's id. Sending it (and resending it with the same key and amount until
 * Vipps answers for good) is the Vipps service's job (VippsPayments.process), so a refund is asked for once
 * and never twice, whatever crashes or double clicks happen in between.
 */
export async function queueVippsRefund(
  tx: Db,
  payment: { id: number; reference: string },
  amount: number,
  actor: string,
  note: string,
  now: Date,
): Promise<string> {
  const [action] = await tx
    .insert(eventPaymentActions)
    .values({ paymentId: payment.id, actor, action: "refund-requested", amount, at: now, note })
    .returning({ id: eventPaymentActions.id });
  const key = `refund-${payment.reference}-${action!.id}`;
  await tx
    .update(eventPayments)
    .set({ pendingRefundKey: key, pendingRefundAmount: amount, nextCheckAt: now, updatedAt: now })
    .where(campPaymentWithId(payment.id));
  return key;
}
