/**
 * What differs between the camp's and the events' Vipps payments, behind one seam: the one Vipps service
 * (vipps-payments.ts) reads Vipps, applies, captures and reconciles every payment of `event_payments` the same
 * way, and asks the payment's side (chosen by the row's `owner_kind`) only what its owner does when the payment
 * is first reserved, when money comes in and when it ends unpaid (camp/camp-vipps-side.ts,
 * events/event-vipps-side.ts). The features make their sides and the composition root (app.ts) hands them to
 * setUpVipps: payments/ imports no feature.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { CampEdition } from "../../../shared/camp/camp-edition.ts";
import type { LedgerEntry } from "../../../shared/camp/camp-ledger.ts";
import type { Db } from "../../db/database.ts";
import { eventPayments } from "../../db/schema/events-money.ts";

/** A payment row of either side (the camp's with `owner_kind` «camp», an event order's «order»), by its order's `order_id`. */
export type VippsPaymentRow = typeof eventPayments.$inferSelect;

export type OwnerKind = "camp" | "order";

/** Whose payments: a camp registration's or an event order's (both are rows of `event_orders`). */
export interface VippsOwner {
  kind: OwnerKind;
  id: number;
}

/** Whole kroner, from Vipps's aggregate (never less than we stored: amounts only grow). */
export interface VippsAmounts {
  authorized: number;
  captured: number;
  refunded: number;
  cancelled: number;
}

/** Inside the transaction that applies what Vipps said, with the payment row locked. */
export interface SideContext {
  tx: Db;
  row: VippsPaymentRow;
  now: Date;
  /** Who moved it: vipps-webhook, reconciliation, system, payer, camp-admin. */
  actor: string;
}

export interface VippsSide {
  /** The payer's answers when Vipps is busy or refuses a payment. */
  messages: { busy: string; refused: string };
  /** The owner whose payments the result page of this order id shows; undefined when the order id is not this side's. */
  ownerOf(db: Db, orderId: string): Promise<VippsOwner | undefined>;
  /**
   * The first AUTHORIZED of a payment: what its owner does (confirm, queue the mail) and whether the reservation
   * is taken or released, with the money log's note.
   */
  authorized(context: SideContext, amounts: VippsAmounts): Promise<{ settle: "capture" | "release"; note: string; mailQueued: boolean }>;
  /**
   * An authorized reservation with nothing left to settle is taken all the same: an event order's payment takes
   * whatever it reserved (also one reserved before its payments had `settle`, when its capture was still owed).
   */
  takesEveryReservation?: boolean;
  /** Money Vipps took, written once to the owner's ledger. */
  captured(context: SideContext, amount: number): Promise<void>;
  /** The attempt ended unpaid (aborted, expired, terminated, never created): what the owner held goes. Answers whether mail was queued. */
  endedUnpaid(context: SideContext): Promise<boolean>;
  /** After the commit of an attempt that ended unpaid. */
  afterEndedUnpaid?(): void;
  /** A capture still owed: whether anyone it pays for is still coming (otherwise it is released). */
  stillWanted(db: Db, row: VippsPaymentRow): Promise<boolean>;
  /** Whether everyone the payment is for has been cancelled: the result page then says CANCELLED, not RESERVED. */
  allCancelled(db: Db, row: VippsPaymentRow): Promise<boolean>;
  /** A new attempt after one ended, in the transaction that inserts it (a group's payment carries its shares on). */
  attemptAdded?(tx: Db, previousId: number, attemptId: number): Promise<void>;
}

/** Who moved money on a registration's books, why and when. */
export interface BooksContext {
  actor: string;
  reason: string;
  now: Date;
}

/**
 * A camp registration's books, for the camp admin's Vipps panel and refunds (vipps-payment-admin.ts): the camp's
 * own (camp/camp-vipps-side.ts), handed over with its side, so payments/ reads and writes them without knowing the camp.
 */
export interface CampBooks {
  readLedger(db: Pick<Db, "select">, registrationId: number): Promise<LedgerEntry[]>;
  /** The edition of a year as its rules read it (the refund rule). */
  editionOfYear(db: Pick<Db, "select">, year: number): Promise<CampEdition>;
  /** A refund sent to Vipps, on the registration's ledger. */
  recordRefund(tx: Db, registrationId: number, refund: { amount: number; paymentId: number }, context: BooksContext): Promise<void>;
  /** Vipps refused a refund: the money is still owed back, outside Vipps (on the treasurer's list). */
  recordRefundRefused(tx: Db, paymentId: number, amount: number, context: BooksContext): Promise<void>;
}

/** Each side by its owner kind; the camp's carries the camp's books besides. */
export interface VippsSides {
  camp: VippsSide & { books: CampBooks };
  order: VippsSide;
}

/** The side a payment row is of, by the database's own `owner_kind`. */
export const ownerKindOf = (row: Pick<VippsPaymentRow, "ownerKind">): OwnerKind => (row.ownerKind === "camp" ? "camp" : "order");

export const ownerOfRow = (row: Pick<VippsPaymentRow, "ownerKind" | "orderId">): VippsOwner => ({ kind: ownerKindOf(row), id: row.orderId });

/** The Vipps payments of an owner (its card/cash and free payments are not Vipps's). */
export function vippsPaymentsOf(owner: VippsOwner): SQL {
  return and(eq(eventPayments.orderId, owner.id), eq(eventPayments.ownerKind, owner.kind), eq(eventPayments.method, "vipps"))!;
}

/** The payment row with this id, of either side. */
export async function paymentRow(db: Pick<Db, "select">, id: number): Promise<VippsPaymentRow | undefined> {
  const [row] = await db.select().from(eventPayments).where(eq(eventPayments.id, id));
  return row;
}

/** Locks a payment's row for the rest of the transaction. */
export async function lockPaymentRow(tx: Pick<Db, "execute">, id: number): Promise<void> {
  await tx.execute(sql`select id from event_payments where id = ${id} for update`);
}
