/** The camp ledger's money in and out: a payment taken, a Vipps capture, a refund refused or paid, each as new rows. */
import { and, desc, eq, sql } from "drizzle-orm";
import type { MoneyMethod } from "../../shared/camp/camp-ledger.ts";
import type { Db } from "../db/database.ts";
import { eventLedgerEntries } from "../db/schema/events-money.ts";
import { groupShares } from "../payments/group-payments.ts";
import { type LedgerContext, appendEntries, figuresOf } from "./camp-ledger-store.ts";

/** Money in: a door payment, a marked payment or a Vipps capture. Answers the entry's id. */
export async function recordPayment(
  tx: Pick<Db, "insert">,
  registrationId: number,
  payment: { method: MoneyMethod; amount: number; paymentId?: number | null; correctsId?: number | null },
  context: LedgerContext,
): Promise<number> {
  const [id] = await appendEntries(
    tx,
    registrationId,
    [
      {
        kind: "payment",
        method: payment.method,
        amount: payment.amount,
        paymentId: payment.paymentId ?? null,
        correctsId: payment.correctsId ?? null,
      },
    ],
    context,
  );
  return id!;
}

/**
 * A Vipps capture that grew by `delta`: money in for the payment's registration, or for each athlete of a
 * group by its share (group-payments.ts: what the athlete owed when paying), each the capture's part in
 * proportion to the share of the payment's amount, rounded down; the last athlete with a share takes the
 * rounding, so the entries add up to the capture.
 */
export async function recordVippsCapture(
  tx: Db,
  payment: { id: number; registrationId: number; amount: number; createdAt: Date },
  delta: number,
  context: LedgerContext,
): Promise<void> {
  if (delta <= 0) return;
  const shares = ((await groupShares(tx, [{ ...payment, capturedAmount: 0 }], () => false)).get(payment.id) ?? []).filter(
    (share) => share.amount > 0,
  );
  if (shares.length === 0) {
    await recordPayment(tx, payment.registrationId, { method: "vipps", amount: delta, paymentId: payment.id }, context);
    return;
  }
  let left = delta;
  for (const [index, share] of shares.entries()) {
    const part = index === shares.length - 1 ? left : Math.min(left, Math.floor((delta * share.amount) / Math.max(1, payment.amount)));
    left -= part;
    if (part > 0) await recordPayment(tx, share.registrationId, { method: "vipps", amount: part, paymentId: payment.id }, context);
  }
}

/**
 * Vipps refused a refund for good: the refund entry is corrected (taken back) and the money is owed back
 * outside Vipps instead, so it lands on the treasurer's «Skal betales tilbake» list.
 */
export async function recordRefundRefused(tx: Db, paymentId: number, amount: number, context: LedgerContext): Promise<void> {
  const [refund] = await tx
    .select()
    .from(eventLedgerEntries)
    .where(
      and(
        eq(eventLedgerEntries.paymentId, paymentId),
        eq(eventLedgerEntries.ownerKind, "camp"),
        eq(eventLedgerEntries.kind, "refund"),
        eq(eventLedgerEntries.amount, amount),
        sql`not exists (select 1 from event_ledger_entries c where c.corrects_id = ${eventLedgerEntries.id})`,
      ),
    )
    .orderBy(desc(eventLedgerEntries.id))
    .limit(1);
  if (!refund) return;
  await appendEntries(
    tx,
    refund.orderId,
    [
      { kind: "refund", method: "vipps", amount: -amount, paymentId, correctsId: refund.id },
      { kind: "refund-owed", method: "other", amount, correctsId: refund.id },
    ],
    context,
  );
}

/**
 * The treasurer marks money owed outside Vipps as paid back. Answers false when nothing (more) was owed, or when
 * what is owed is no longer what the treasurer saw (`owedBefore`): the same press recorded once.
 */
export async function recordRefundPaid(
  tx: Db,
  registrationId: number,
  { amount, method, owedBefore }: { amount: number; method: MoneyMethod; owedBefore: number },
  context: LedgerContext,
): Promise<boolean> {
  const figures = await figuresOf(tx, registrationId);
  if (amount <= 0 || amount > figures.refundOwed || figures.refundOwed !== owedBefore) return false;
  await appendEntries(tx, registrationId, [{ kind: "refund-paid", method, amount }], context);
  return true;
}
