/** A cancellation in the camp ledger: the plan's charges and refunds appended, and what they come to. */
import { cancellationLabel, planCancellation, splitRefund, type PersonCancellation } from "../../shared/camp/camp-ledger-cancellation.ts";
import type { LedgerItem } from "../../shared/camp/camp-ledger.ts";
import type { Db } from "../db/database.ts";
import { campPayment, lockCampPayment } from "../payments/camp-payment-rows.ts";
import { HttpError } from "../errors.ts";
import { queueVippsRefund } from "../payments/queue-refund.ts";
import { type LedgerContext, readLedger, ledgerMessages, appendCharges, appendEntries } from "./camp-ledger-store.ts";

export interface CancellationOutcome {
  refund: number;
  kept: number;
  paidFor: number;
  /** Of the refund, what goes back outside Vipps (on the treasurer's list). */
  owed: number;
  /** The refund and what is kept, person by person, as the entries written here say it (the mails list it). */
  byPerson: PersonCancellation[];
}

/**
 * Cancels persons or items in the ledger: the plan (shared) takes the charges off and keeps what the rule
 * keeps, each a line on the receipt (`nameOf` names a companion taken off); the refund goes back through the Vipps payments that hold money for the order (queued with one
 * Idempotency-Key each, in this transaction) and the rest is owed back outside Vipps. 409 while a Vipps
 * payment of the order is still being settled (a refund already on its way, or a reservation not captured).
 */
export async function cancelInLedger(
  tx: Db,
  registrationId: number,
  cancels: (item: Pick<LedgerItem, "person" | "item">) => boolean,
  refundRule: (paid: number) => number,
  context: LedgerContext,
  nameOf?: (person: string) => string | undefined,
): Promise<CancellationOutcome> {
  const entries = await readLedger(tx, registrationId);
  const plan = planCancellation(entries, cancels, refundRule);
  const parts = plan.refund > 0 ? splitRefund(entries, plan.refund) : [];
  for (const part of parts) {
    if (part.paymentId === null) continue;
    await lockCampPayment(tx, part.paymentId);
    const payment = await campPayment(tx, part.paymentId);
    if (!payment || payment.pendingRefundKey || payment.capturedAmount - payment.refundedAmount < part.amount)
      throw new HttpError(409, ledgerMessages.paymentBusy);
  }
  await appendCharges(
    tx,
    registrationId,
    plan.charges.map((charge) => ({ ...charge, label: cancellationLabel(charge, nameOf) })),
    context,
  );
  let owed = 0;
  for (const part of parts) {
    if (part.paymentId === null) {
      owed += part.amount;
      await appendEntries(tx, registrationId, [{ kind: "refund-owed", method: part.method, amount: part.amount }], context);
      continue;
    }
    const payment = await campPayment(tx, part.paymentId);
    await queueVippsRefund(tx, payment!, part.amount, context.actor, `${context.reason} Refusjon etter reglene: ${part.amount} kr.`, context.now);
    await appendEntries(tx, registrationId, [{ kind: "refund", method: "vipps", amount: part.amount, paymentId: part.paymentId }], context);
  }
  return { refund: plan.refund, kept: plan.kept, paidFor: plan.paidFor, owed, byPerson: plan.byPerson };
}
