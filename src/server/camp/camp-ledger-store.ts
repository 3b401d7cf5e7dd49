/**
 * Reads and appends the camp orders' entries of the one ledger (docs/decisions/0016-money-ledger.md), those
 * with a camp registration. Rows are only ever inserted: a correction is a new row. The counting is src/shared/camp/camp-ledger.ts; this module writes
 * what the counting decided, inside the caller's transaction (with the registration row locked by it).
 */
import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { cancellationLabel, planCancellation, splitRefund, type PersonCancellation } from "../../shared/camp/camp-ledger-cancellation.ts";
import { ledgerFigures, sumFigures, type LedgerEntry, type LedgerFigures, type LedgerItem, type MoneyMethod } from "../../shared/camp/camp-ledger.ts";
import type { ChargeLine } from "../../shared/camp/camp-ledger-receipt.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { campPayment, lockCampPayment } from "../payments/camp-payment-rows.ts";
import { eventLedgerEntries } from "../db/schema/events-money.ts";
import { HttpError } from "../errors.ts";
import { groupShares } from "../payments/group-payments.ts";
import { queueVippsRefund } from "../payments/queue-refund.ts";

export const ledgerMessages = {
  paymentBusy: "Betalingen behandles hos Vipps akkurat nå. Prøv igjen om et minutt.",
} as const;

/** Who and why: every entry carries them. */
export interface LedgerContext {
  actor: string;
  reason: string;
  now: Date;
}

type LedgerRow = typeof eventLedgerEntries.$inferSelect;

function entryOf(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    person: row.person,
    item: row.item,
    method: row.method,
    amount: row.amount,
    paymentId: row.paymentId,
    label: row.label,
  };
}

/** Each registration's entries, oldest first. */
export async function readLedgers(db: Pick<Db, "select">, registrationIds: readonly number[]): Promise<Map<number, LedgerEntry[]>> {
  const byRegistration = new Map<number, LedgerEntry[]>(registrationIds.map((id) => [id, []]));
  if (registrationIds.length === 0) return byRegistration;
  const rows = await db
    .select()
    .from(eventLedgerEntries)
    .where(and(inArray(eventLedgerEntries.orderId, [...registrationIds]), eq(eventLedgerEntries.ownerKind, "camp")))
    .orderBy(asc(eventLedgerEntries.id));
  for (const row of rows) byRegistration.get(row.orderId)?.push(entryOf(row));
  return byRegistration;
}

export async function readLedger(db: Pick<Db, "select">, registrationId: number): Promise<LedgerEntry[]> {
  return (await readLedgers(db, [registrationId])).get(registrationId) ?? [];
}

/**
 * Takes turns within a family: two cancellations of its athletes at the same moment (the family and the
 * leader, two tabs) would each read the other as still coming, and both mails would say the rest stays. Taken
 * right after the registration's own row lock, before anything is changed; held to the end of the transaction.
 */
export async function lockGroup(tx: Pick<Db, "execute">, registration: { groupId: string | null }): Promise<void> {
  if (registration.groupId)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('skitaekwondo:camp-group'), hashtext(${registration.groupId}))`);
}

/**
 * After one athlete of a group is cancelled: how many of the others are still coming (confirmed or waiting
 * for their payment) and what they still owe together, so the mail says what is left to pay for the family.
 */
export async function groupStaying(
  db: Pick<Db, "select">,
  cancelled: { id: number; groupId: string | null; editionYear: number },
): Promise<{ staying: number; stillToPay: number; names: string[] }> {
  if (!cancelled.groupId) return { staying: 0, stillToPay: 0, names: [] };
  const others = await db
    .select({ id: campRegistrations.id, firstName: campRegistrations.firstName, lastName: campRegistrations.lastName })
    .from(campRegistrations)
    .where(
      and(
        eq(campRegistrations.groupId, cancelled.groupId),
        eq(campRegistrations.editionYear, cancelled.editionYear),
        ne(campRegistrations.id, cancelled.id),
        inArray(campRegistrations.status, ["confirmed", "pending_payment"]),
        // A forgotten athlete is no longer part of what the family sees or owes.
        isNull(campRegistrations.anonymisedAt),
      ),
    )
    .orderBy(asc(campRegistrations.id));
  const ledgers = await readLedgers(
    db,
    others.map((row) => row.id),
  );
  return {
    staying: others.length,
    stillToPay: sumFigures([...ledgers.values()].map(ledgerFigures)).outstanding,
    names: others.map((row) => `${row.firstName} ${row.lastName}`),
  };
}

/** The full rows (time, actor, reason) for the leader's history of an order. */
export async function ledgerHistory(db: Pick<Db, "select">, registrationId: number): Promise<LedgerRow[]> {
  return db
    .select()
    .from(eventLedgerEntries)
    .where(and(eq(eventLedgerEntries.orderId, registrationId), eq(eventLedgerEntries.ownerKind, "camp")))
    .orderBy(asc(eventLedgerEntries.id));
}

export async function figuresOf(db: Pick<Db, "select">, registrationId: number): Promise<LedgerFigures> {
  return ledgerFigures(await readLedger(db, registrationId));
}

/** A camp entry as its callers write it: `paymentId` is one of the camp's payments. */
interface NewEntry {
  kind: LedgerRow["kind"];
  person?: string | null;
  item?: string | null;
  label?: string | null;
  method?: string | null;
  amount: number;
  paymentId?: number | null;
  correctsId?: number | null;
}

export async function appendEntries(
  tx: Pick<Db, "insert">,
  registrationId: number,
  entries: readonly NewEntry[],
  context: LedgerContext,
): Promise<number[]> {
  if (entries.length === 0) return [];
  const rows = await tx
    .insert(eventLedgerEntries)
    .values(
      entries.map((entry) => ({
        ...entry,
        orderId: registrationId,
        ownerKind: "camp" as const,
        at: context.now,
        actor: context.actor,
        reason: context.reason,
      })),
    )
    .returning({ id: eventLedgerEntries.id });
  return rows.map((row) => row.id);
}

export async function appendCharges(
  tx: Pick<Db, "insert">,
  registrationId: number,
  charges: readonly ChargeLine[],
  context: LedgerContext,
): Promise<void> {
  await appendEntries(
    tx,
    registrationId,
    charges.map((charge) => ({
      kind: "charge" as const,
      person: charge.person,
      item: charge.item,
      label: charge.label ?? null,
      amount: charge.amount,
    })),
    context,
  );
}

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

/** The treasurer marks money owed outside Vipps as paid back. Answers false when nothing (more) was owed. */
export async function recordRefundPaid(
  tx: Db,
  registrationId: number,
  amount: number,
  method: MoneyMethod,
  context: LedgerContext,
): Promise<boolean> {
  const figures = await figuresOf(tx, registrationId);
  if (amount <= 0 || amount > figures.refundOwed) return false;
  await appendEntries(tx, registrationId, [{ kind: "refund-paid", method, amount }], context);
  return true;
}
