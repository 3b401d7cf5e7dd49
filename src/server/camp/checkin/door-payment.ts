import { groupPaymentForSql, paymentsOfRegistration } from "../../payments/group-payments.ts";
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { checkInMessages, type CheckInAction } from "../../../shared/camp/camp-checkin.ts";
import type { MoneyMethod } from "../../../shared/camp/camp-ledger.ts";
import type { Db } from "../../db/database.ts";
import { eventCheckinActions } from "../../db/schema/events-checkin.ts";
import { eventLedgerEntries, eventPaymentActions, eventPayments } from "../../db/schema/events-money.ts";
import { DoorRefusal } from "../../events/door-core.ts";
import { campPayment, campPaymentColumns, campPaymentsOf, campPaymentWithId, selectCampPayments } from "../../payments/camp-payment-rows.ts";
import { figuresOf } from "../camp-ledger-store.ts";
import { recordPayment } from "../camp-ledger-payments.ts";
import { updateCampRegistrations } from "../camp-registration-rows.ts";

/**
 * The camp's part of the one door that no event's door has: money taken at the door (card or cash) and
 * taken back, in the camp's ledger and on its card/cash payment row. Run inside the door's transaction,
 * with the registration locked and the action's row written; a refusal undoes both.
 */

/** The money log's words for a payment taken at the door, and for taking it back. */
export const doorPaymentLog = {
  paid: { action: "checkin-payment", note: "Betalt med kort/kontant ved innsjekking" },
  undone: { action: "checkin-payment-undo", note: "Angret: betaling med kort/kontant ved innsjekking" },
} as const;

export interface DoorMoneyContext {
  registrationId: number;
  registration: { status: string; orderId: string };
  actor: string;
  now: Date;
}

/** The door log's payments (not their undos, nor check-ins) of these camp registrations. */
export const doorPaymentsOf = (registrationIds: readonly number[]) =>
  and(inArray(eventCheckinActions.orderId, [...registrationIds]), eq(eventCheckinActions.ownerKind, "camp"), eq(eventCheckinActions.kind, "payment"));

const refuse = (message: string, registrationId: number): never => {
  throw new DoorRefusal(message, 409, registrationId);
};

/** A payment at the door: at most what the ledger says is left, never while Vipps may still take it. */
export async function takeDoorPayment(tx: Db, action: CheckInAction, context: DoorMoneyContext): Promise<void> {
  const { registrationId, registration, actor, now } = context;
  if (registration.status === "cancelled") refuse(checkInMessages.cancelled, registrationId);
  // An approval still to come would confirm the rest of the group and capture the whole total, this
  // athlete's share too. (A registration's own open payment is safe: approved after a door payment,
  // its reservation is released.)
  if (await inOpenGroupVippsPayment(tx, registrationId)) refuse(checkInMessages.groupVippsOpen, registrationId);
  const amount = action.amount!;
  // A Vipps reservation about to be captured is money on its way: taking it again at the door would be twice.
  if (await vippsCaptureDue(tx, registrationId)) refuse(checkInMessages.vippsReserved, registrationId);
  // Read after the row lock, in its own statement: a figure in the locking statement could be older.
  const { outstanding, charged } = await figuresOf(tx, registrationId);
  if (outstanding === 0) refuse(checkInMessages.nothingOutstanding, registrationId);
  if (amount > outstanding) refuse(checkInMessages.moreThanOutstanding(outstanding), registrationId);
  const payment = await doorPaymentRow(tx, registrationId, registration.orderId, charged, amount, now);
  const paymentActionId = await bookDoorPayment(tx, payment, amount, doorPaymentLog.paid, actor, now);
  await recordPayment(
    tx,
    registrationId,
    { method: action.method ?? "card_cash", amount, paymentId: payment.id },
    { actor, reason: "Betalt ved innsjekking", now },
  );
  await tx.update(eventCheckinActions).set({ paymentId: payment.id, paymentActionId }).where(eq(eventCheckinActions.actionId, action.actionId));
  // A Vipps registration that was never paid, paid at the door instead: the person is here, so the
  // registration is confirmed (and counts on the lists) rather than left waiting for Vipps.
  if (registration.status === "pending_payment") {
    await updateCampRegistrations(tx, registrationId, { status: "confirmed", confirmedAt: now });
  }
}

/** Takes back the door payment the helper saw (`undoes`), or (an older phone) the latest still standing. */
export async function undoDoorPayment(tx: Db, action: CheckInAction, context: DoorMoneyContext): Promise<void> {
  const { registrationId, actor, now } = context;
  const [taken] = await tx
    .select()
    .from(eventCheckinActions)
    .where(
      and(
        doorPaymentsOf([registrationId]),
        isNotNull(eventCheckinActions.paymentId),
        action.undoes === undefined ? isNull(eventCheckinActions.undoneBy) : eq(eventCheckinActions.actionId, action.undoes),
      ),
    )
    .orderBy(desc(eventCheckinActions.id))
    .limit(1);
  // Taken back already (at another door): never a second payment instead.
  if (taken?.undoneBy) refuse(checkInMessages.alreadyUndone, registrationId);
  if (!taken || taken.paymentId === null) return;
  const amount = taken.amount ?? 0;
  const payment = await campPayment(tx, taken.paymentId);
  if (!payment) return;
  // Money already gone back, or owed back, cannot also be taken back at the door: the club would owe
  // (or have paid) back money it no longer holds.
  const figures = await figuresOf(tx, registrationId);
  if (amount > figures.paid - figures.refunded - figures.refundOwed) refuse(checkInMessages.undoAfterRefund, registrationId);
  const paymentActionId = await bookDoorPayment(tx, payment, -amount, doorPaymentLog.undone, actor, now);
  // A correction, never an edit: the payment taken back as a new entry.
  const original = await ledgerEntryOf(tx, registrationId, { ...taken, paymentId: payment.id, amount });
  await recordPayment(
    tx,
    registrationId,
    {
      method: (original?.method as MoneyMethod | undefined) ?? "card_cash",
      amount: -amount,
      paymentId: payment.id,
      correctsId: original?.id ?? null,
    },
    { actor, reason: "Angret betaling ved innsjekking", now },
  );
  await tx.update(eventCheckinActions).set({ undoneBy: action.actionId }).where(eq(eventCheckinActions.actionId, taken.actionId!));
  await tx
    .update(eventCheckinActions)
    .set({ paymentId: payment.id, paymentActionId, amount })
    .where(eq(eventCheckinActions.actionId, action.actionId));
}

/**
 * The ledger entry a door payment wrote: every door payment on one card/cash payment row goes to the same row,
 * so two of the same amount (one by card, one in cash) differ only in which action wrote which. Both were
 * written in one transaction with the same time, in the same order, under the registration's lock: the n-th
 * door payment at that moment wrote the n-th payment entry of that moment. An older history without that
 * match: the latest entry of the amount.
 */
async function ledgerEntryOf(
  tx: Db,
  registrationId: number,
  taken: { actionId: string | null; at: Date; paymentId: number; amount: number },
): Promise<{ id: number; method: string | null } | undefined> {
  const atThatMoment = await tx
    .select({ actionId: eventCheckinActions.actionId })
    .from(eventCheckinActions)
    .where(and(doorPaymentsOf([registrationId]), eq(eventCheckinActions.paymentId, taken.paymentId), eq(eventCheckinActions.at, taken.at)))
    .orderBy(asc(eventCheckinActions.id));
  const turn = atThatMoment.findIndex((row) => row.actionId === taken.actionId);
  const paymentEntries = (at?: Date) =>
    tx
      .select({ id: eventLedgerEntries.id, method: eventLedgerEntries.method, amount: eventLedgerEntries.amount })
      .from(eventLedgerEntries)
      .where(
        and(
          and(eq(eventLedgerEntries.orderId, registrationId), eq(eventLedgerEntries.ownerKind, "camp")),
          eq(eventLedgerEntries.kind, "payment"),
          eq(eventLedgerEntries.paymentId, taken.paymentId),
          at ? and(eq(eventLedgerEntries.at, at), sql`${eventLedgerEntries.amount} > 0`) : eq(eventLedgerEntries.amount, taken.amount),
        ),
      );
  const written = turn < 0 ? undefined : (await paymentEntries(taken.at).orderBy(asc(eventLedgerEntries.id)))[turn];
  if (written?.amount === taken.amount) return written;
  const [latest] = await paymentEntries().orderBy(desc(eventLedgerEntries.id)).limit(1);
  return latest;
}

/** A Vipps payment of the registration (its own, or its group's) is reserved and waits to be captured. */
export async function vippsCaptureDue(tx: Pick<Db, "execute">, registrationId: number): Promise<boolean> {
  const due = await tx.execute(sql`select 1 from event_payments p where p.method = 'vipps' and p.settle = 'capture'
    and ((p.order_id = ${registrationId} and p.owner_kind = 'camp') or ${groupPaymentForSql(sql`p.id`, registrationId)}) limit 1`);
  return due.rows.length > 0;
}

/** The registration is one of those a group Vipps payment is for that Vipps may still approve. */
async function inOpenGroupVippsPayment(tx: Db, registrationId: number): Promise<boolean> {
  const open = await tx.execute(sql`select 1 from event_payments p
    where ${groupPaymentForSql(sql`p.id`, registrationId)} and p.method = 'vipps' and p.state <> 'failed'
      and (p.vipps_state is null or p.vipps_state = 'CREATED') limit 1`);
  return open.rows.length > 0;
}

/**
 * Adds `amount` at the door to the payment (negative: takes it back, never below nothing paid), with its
 * state, and writes it in the money log; answers the money log row's id.
 */
async function bookDoorPayment(
  tx: Db,
  payment: { id: number; amount: number; paidAmount: number },
  amount: number,
  log: { action: string; note: string },
  actor: string,
  now: Date,
): Promise<number> {
  const paidAmount = Math.max(0, payment.paidAmount + amount);
  await tx
    .update(eventPayments)
    .set({ paidAmount, state: paidAmount >= payment.amount ? "paid" : "unpaid", updatedAt: now })
    .where(campPaymentWithId(payment.id));
  const [logged] = await tx
    .insert(eventPaymentActions)
    .values({ paymentId: payment.id, actor, action: log.action, amount, at: now, note: log.note })
    .returning({ id: eventPaymentActions.id });
  return logged!.id;
}

/**
 * The card/cash payment a door payment goes to: the registration's latest card/cash payment, or (it was
 * to be paid with Vipps, or free) a new one for what is left to pay.
 */
async function doorPaymentRow(tx: Db, registrationId: number, orderId: string, total: number, amount: number, now: Date) {
  const [existing] = await selectCampPayments(tx, campPaymentsOf(registrationId, "card_cash")).orderBy(desc(eventPayments.id)).limit(1);
  if (existing) return existing;
  // What came in for this person (of a group's one payment, this athlete's share).
  const paid = (await paymentsOfRegistration(tx, registrationId)).reduce((sum, payment) => sum + payment.paidAmount, 0);
  const outstanding = Math.max(0, total - paid);
  const [created] = await tx
    .insert(eventPayments)
    .values({
      orderId: registrationId,
      ownerKind: "camp",
      reference: `${orderId}-INN`,
      method: "card_cash",
      amount: outstanding > 0 ? outstanding : amount,
      state: "unpaid",
      createdAt: now,
      updatedAt: now,
    })
    .returning(campPaymentColumns);
  return created!;
}
