/**
 * One payment for several athletes (a group paying once with Vipps, docs/decisions/0011-min-pamelding.md): the
 * payment row belongs to the group's first athlete and is for every order of the group. Nothing records the
 * athletes' parts of it a second time: each athlete's share and refunds are read from the ledger
 * (docs/decisions/0039-one-engine-for-every-event.md). Everything that asks what one person owes or has paid
 * reads `paymentsOfRegistrations`: a registration's own payments as stored, and its share of a group payment
 * as a payment of the share's size.
 */
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { ledgerFigures, type LedgerEntry } from "../../shared/camp/camp-ledger.ts";
import type { Db } from "../db/database.ts";
import { eventLedgerEntries, eventPayments } from "../db/schema/events-money.ts";
import { campPayment, campPaymentsOf, selectCampPayments, type CampPayment } from "./camp-payment-rows.ts";

type PaymentRow = CampPayment;

/** One athlete's part of a group payment: the share, and what went back to Vipps from it for this athlete. */
export interface GroupShare {
  registrationId: number;
  amount: number;
  refundedAmount: number;
}

/**
 * SQL over `lead` (an event_orders alias): the payment `payment` (an event_payments alias) is a group's one
 * Vipps payment and `lead` is the group's first athlete, who holds it. A group's every order carries the first
 * athlete's order id as `group_id`; a registration on its own has none.
 */
const groupPaymentJoin = (payment: string, lead: string) =>
  sql.raw(`${lead}.id = ${payment}.order_id and ${lead}.owner_kind = 'camp' and ${lead}.group_id = ${lead}.order_id
    and ${payment}.owner_kind = 'camp' and ${payment}.method = 'vipps' and ${payment}.kind = 'registration'`);

/** SQL: the payment (its id, or an id column) is a group's one Vipps payment made for the registration (id or column). */
export function groupPaymentForSql(paymentId: number | PgColumn | SQL, registrationId: number | PgColumn | SQL): SQL {
  return sql`exists (select 1 from event_payments gp join event_orders lead on ${groupPaymentJoin("gp", "lead")}
    join event_orders member on member.group_id = lead.group_id and member.event_id = lead.event_id and member.owner_kind = 'camp'
    where gp.id = ${paymentId} and member.id = ${registrationId})`;
}

/** SQL: the registration (its id column) has a payment of its own or is one of those a group payment is for. */
export function hasPaymentSql(registrationId: PgColumn): SQL {
  return sql`(exists (select 1 from event_payments where event_payments.order_id = ${registrationId} and event_payments.owner_kind = 'camp')
    or exists (select 1 from event_payments gp join event_orders lead on ${groupPaymentJoin("gp", "lead")}
      join event_orders member on member.group_id = lead.group_id and member.event_id = lead.event_id and member.owner_kind = 'camp'
      where member.id = ${registrationId}))`;
}

interface Member {
  paymentId: number;
  registrationId: number;
  status: string;
}

/** Per group payment among `paymentIds`, the orders of its group with their status, first athlete first. */
async function membersOf(db: Pick<Db, "execute">, paymentIds: readonly number[]): Promise<Map<number, Member[]>> {
  const byPayment = new Map<number, Member[]>();
  if (paymentIds.length === 0) return byPayment;
  const ids = sql.join(
    paymentIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`select gp.id as payment_id, member.id as registration_id, member.status
    from event_payments gp join event_orders lead on ${groupPaymentJoin("gp", "lead")}
    join event_orders member on member.group_id = lead.group_id and member.event_id = lead.event_id and member.owner_kind = 'camp'
    where gp.id in (${ids}) order by gp.id, member.id`);
  for (const row of result.rows as { payment_id: number | string; registration_id: number | string; status: string }[]) {
    const member = { paymentId: Number(row.payment_id), registrationId: Number(row.registration_id), status: row.status };
    byPayment.set(member.paymentId, [...(byPayment.get(member.paymentId) ?? []), member]);
  }
  // A group of one is no group: its payment is the athlete's own.
  for (const [id, members] of byPayment) if (members.length < 2) byPayment.delete(id);
  return byPayment;
}

/** A ledger entry with the time it was written. */
type DatedEntry = LedgerEntry & { at: Date };

async function ledgersOf(db: Pick<Db, "select">, registrationIds: readonly number[]): Promise<Map<number, DatedEntry[]>> {
  const byRegistration = new Map<number, DatedEntry[]>(registrationIds.map((id) => [id, []]));
  if (registrationIds.length === 0) return byRegistration;
  const rows = await db
    .select()
    .from(eventLedgerEntries)
    .where(and(inArray(eventLedgerEntries.orderId, [...registrationIds]), eq(eventLedgerEntries.ownerKind, "camp")))
    .orderBy(asc(eventLedgerEntries.id));
  for (const row of rows) byRegistration.get(row.orderId)?.push(row);
  return byRegistration;
}

/** The payment as its shares read it. */
export type SharedPayment = Pick<PaymentRow, "id" | "amount" | "capturedAmount" | "createdAt">;

/**
 * An athlete's share of a group's one payment is what the ledger says the athlete owed when paying: what was
 * left to pay on the athlete's entries written up to the payment's making (the group's charges are written with
 * its first attempt; a later attempt finds an athlete cancelled, or paid for at the door, meanwhile owing
 * nothing). A capture splits by it (`settled` false). Once the payment has brought in all it asked for
 * (`settled`), the share is that split, the athlete's `payment` entries with the payment's id: the same figure,
 * which stays put whatever is written at the same instant afterwards (a test's pinned clock). Refunded: the
 * athlete's `refund` entries with the payment's id, queued ones included, less a refund Vipps refused (its
 * correcting entry).
 */
export function shareOf(entries: readonly DatedEntry[], payment: SharedPayment, settled: boolean): Omit<GroupShare, "registrationId"> {
  const sum = (kind: LedgerEntry["kind"]) =>
    entries.reduce((total, entry) => (entry.kind === kind && entry.paymentId === payment.id ? total + entry.amount : total), 0);
  const owedWhenMade = () => ledgerFigures(entries.filter((entry) => entry.at.getTime() <= payment.createdAt.getTime())).outstanding;
  return { amount: settled ? sum("payment") : owedWhenMade(), refundedAmount: sum("refund") };
}

/** Whether the payment has brought in all it asked for. */
const settledPayment = (payment: SharedPayment) => payment.amount > 0 && payment.capturedAmount >= payment.amount;

/**
 * Per group payment among `payments`, every athlete's share (first athlete first); a payment of one registration
 * has none. `settled`: whether to read a payment's shares as its split (by default once it brought in all it asked for).
 */
export async function groupShares(
  db: Pick<Db, "select" | "execute">,
  payments: readonly SharedPayment[],
  settled: (payment: SharedPayment) => boolean = settledPayment,
): Promise<Map<number, GroupShare[]>> {
  const members = await membersOf(
    db,
    payments.map((payment) => payment.id),
  );
  const ledgers = await ledgersOf(db, [...new Set([...members.values()].flat().map((member) => member.registrationId))]);
  const shares = new Map<number, GroupShare[]>();
  for (const payment of payments) {
    const group = members.get(payment.id);
    if (!group) continue;
    shares.set(
      payment.id,
      group.map((member) => ({
        registrationId: member.registrationId,
        ...shareOf(ledgers.get(member.registrationId) ?? [], payment, settled(payment)),
      })),
    );
  }
  return shares;
}

/** A group payment seen from one athlete: the amounts are the share's (refunds: what was refunded for this athlete). */
function shareOfPayment(row: PaymentRow, share: Omit<GroupShare, "registrationId">): PaymentRow {
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

/** The Vipps payments the first athletes of these registrations' groups hold (candidates for group payments). */
async function leadPayments(db: Pick<Db, "select" | "execute">, registrationIds: readonly number[]): Promise<PaymentRow[]> {
  const ids = sql.join(
    registrationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const leads = await db.execute(sql`select distinct lead.id from event_orders member
    join event_orders lead on lead.order_id = member.group_id and lead.event_id = member.event_id and lead.owner_kind = 'camp'
    where member.id in (${ids}) and member.owner_kind = 'camp'`);
  const leadIds = (leads.rows as { id: number | string }[]).map((row) => Number(row.id));
  if (leadIds.length === 0) return [];
  return selectCampPayments(db, and(campPaymentsOf(leadIds, "vipps"), eq(eventPayments.kind, "registration"))).orderBy(asc(eventPayments.id));
}

/**
 * Per registration, its payments oldest first: its own (a group payment replaced by the first athlete's
 * share) and its share of a group payment another athlete holds.
 */
export async function paymentsOfRegistrations(db: Pick<Db, "select" | "execute">, registrationIds: number[]): Promise<Map<number, PaymentRow[]>> {
  const byRegistration = new Map<number, PaymentRow[]>(registrationIds.map((id) => [id, []]));
  if (registrationIds.length === 0) return byRegistration;
  const own = await selectCampPayments(db, campPaymentsOf(registrationIds)).orderBy(asc(eventPayments.id));
  const candidates = await leadPayments(db, registrationIds);
  const shares = await groupShares(db, candidates);
  for (const row of own) if (!shares.has(row.id)) byRegistration.get(row.registrationId)?.push(row);
  for (const payment of candidates)
    for (const share of shares.get(payment.id) ?? []) byRegistration.get(share.registrationId)?.push(shareOfPayment(payment, share));
  for (const rows of byRegistration.values()) rows.sort((a, b) => a.id - b.id);
  return byRegistration;
}

export async function paymentsOfRegistration(db: Pick<Db, "select" | "execute">, registrationId: number): Promise<PaymentRow[]> {
  return (await paymentsOfRegistrations(db, [registrationId])).get(registrationId) ?? [];
}

/** The athletes a payment is for when it is a group's one payment (the orders of its group); empty for a payment of one registration. */
export async function groupPaymentAthletes(db: Pick<Db, "execute">, paymentId: number): Promise<number[]> {
  return ((await membersOf(db, [paymentId])).get(paymentId) ?? []).map((member) => member.registrationId);
}

/**
 * A new attempt of a group payment asks for what the athletes still waiting for it owe (their shares of an
 * unpaid payment): an athlete cancelled, or paid for at the door, after an attempt ended is not charged again
 * by the next one. A payment of one registration keeps its amount.
 */
export async function askGroupOwed(tx: Pick<Db, "select" | "execute">, attemptId: number): Promise<void> {
  const members = (await membersOf(tx, [attemptId])).get(attemptId);
  const attempt = await campPayment(tx, attemptId);
  if (!members || !attempt) return;
  const waiting = members.filter((member) => member.status === "pending_payment").map((member) => member.registrationId);
  const ledgers = await ledgersOf(tx, waiting);
  const total = [...ledgers.values()].reduce((sum, entries) => sum + shareOf(entries, attempt, false).amount, 0);
  if (total === 0) return;
  await tx.execute(sql`update event_payments set amount = ${total} where id = ${attemptId} and owner_kind = 'camp'`);
}
