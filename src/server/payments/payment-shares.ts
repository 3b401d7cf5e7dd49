/**
 * One payment for several athletes (a group paying once with Vipps): the payment row belongs to the group's
 * first athlete and `payment_shares` records each athlete's share (docs/decisions/0011-min-pamelding.md).
 * Everything that asks what one person owes or has paid reads `paymentsOfRegistrations`: a registration's
 * own payments as stored, and its share of a group payment as a payment of the share's size.
 */
import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/database.ts";
import { paymentShares } from "../db/schema/camp.ts";
import { eventPayments } from "../db/schema/events.ts";
import { campPaymentColumns, campPaymentsOf, campPaymentWithId, selectCampPayments, type CampPayment } from "./camp-payment-rows.ts";

type PaymentRow = CampPayment;

/** A group payment seen from one athlete: the amounts are the share's (refunds: what was refunded for this athlete). */
function shareOfPayment(row: PaymentRow, share: { amount: number; refundedAmount: number }): PaymentRow {
  const part = (whole: number) =>
    row.amount > 0 && whole >= row.amount ? share.amount : Math.floor((whole * share.amount) / Math.max(1, row.amount));
  const authorized = part(row.authorizedAmount);
  const cancelled = part(row.cancelledAmount);
  return {
    ...row,
    amount: share.amount,
    authorizedAmount: authorized,
    capturedAmount: part(row.capturedAmount),
    cancelledAmount: cancelled,
    refundedAmount: share.refundedAmount,
    paidAmount: Math.max(0, authorized - cancelled - share.refundedAmount),
    pendingRefundAmount: null,
  };
}

/**
 * Per registration, its payments oldest first: its own (a group payment replaced by the first athlete's
 * share) and its share of a group payment another athlete holds.
 */
export async function paymentsOfRegistrations(db: Pick<Db, "select">, registrationIds: number[]): Promise<Map<number, PaymentRow[]>> {
  const byRegistration = new Map<number, PaymentRow[]>(registrationIds.map((id) => [id, []]));
  if (registrationIds.length === 0) return byRegistration;
  const own = await selectCampPayments(db, campPaymentsOf(registrationIds)).orderBy(asc(eventPayments.id));
  const shares = await db
    .select({
      registrationId: paymentShares.registrationId,
      amount: paymentShares.amount,
      refundedAmount: paymentShares.refundedAmount,
      payment: campPaymentColumns,
    })
    .from(paymentShares)
    .innerJoin(eventPayments, campPaymentWithId(paymentShares.paymentId))
    .where(inArray(paymentShares.registrationId, registrationIds))
    .orderBy(asc(eventPayments.id));
  const shared = new Set(shares.map((share) => share.payment.id));
  for (const row of own) if (!shared.has(row.id)) byRegistration.get(row.registrationId)?.push(row);
  for (const share of shares) byRegistration.get(share.registrationId)?.push(shareOfPayment(share.payment, share));
  for (const rows of byRegistration.values()) rows.sort((a, b) => a.id - b.id);
  return byRegistration;
}

export async function paymentsOfRegistration(db: Pick<Db, "select">, registrationId: number): Promise<PaymentRow[]> {
  return (await paymentsOfRegistrations(db, [registrationId])).get(registrationId) ?? [];
}

/** The athletes sharing a payment (empty for a payment of one registration). */
export async function shareRegistrationIds(db: Pick<Db, "select">, paymentId: number): Promise<number[]> {
  const rows = await db
    .select({ registrationId: paymentShares.registrationId })
    .from(paymentShares)
    .where(eq(paymentShares.paymentId, paymentId))
    .orderBy(asc(paymentShares.registrationId));
  return rows.map((row) => row.registrationId);
}

/**
 * A new attempt of a group payment carries the shares of the athletes still waiting for it (nothing refunded
 * yet), and asks for their sum: an athlete cancelled, or paid for at the door, after an attempt ended is not
 * charged again by the next one. A payment of one registration has no shares and keeps its amount.
 */
export async function copyShares(tx: Pick<Db, "execute">, fromPaymentId: number, toPaymentId: number): Promise<void> {
  const copied = await tx.execute(sql`insert into payment_shares (payment_id, registration_id, amount)
    select ${toPaymentId}, s.registration_id, s.amount from payment_shares s
    join camp_registration_view r on r.id = s.registration_id
    where s.payment_id = ${fromPaymentId} and r.status = 'pending_payment'
    on conflict do nothing
    returning amount`);
  const rows = copied.rows as { amount: number | string }[];
  if (rows.length === 0) return;
  const total = rows.reduce((sum, row) => sum + Number(row.amount), 0);
  await tx.execute(sql`update event_payments set amount = ${total} where id = ${toPaymentId} and owner_kind = 'camp'`);
}

/** Records a refund queued on a group payment for one athlete's share (inside the refund's transaction). */
export async function addShareRefund(tx: Pick<Db, "execute">, paymentId: number, registrationId: number, amount: number): Promise<void> {
  await tx.execute(
    sql`update payment_shares set refunded_amount = refunded_amount + ${amount} where payment_id = ${paymentId} and registration_id = ${registrationId}`,
  );
}

/** SQL: the registration (its id column) has a payment of its own or a share of a group payment. */
export function hasPaymentSql(registrationId: PgColumn): SQL {
  return sql`(exists (select 1 from event_payments where event_payments.order_id = ${registrationId} and event_payments.owner_kind = 'camp')
    or exists (select 1 from payment_shares where payment_shares.registration_id = ${registrationId}))`;
}
