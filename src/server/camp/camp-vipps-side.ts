/**
 * The camp's side of the one Vipps service (payments/vipps/vipps-side.ts), handed to it by app.ts: a camp registration's payment, or a group's
 * one payment for every athlete of the group (payments/group-payments.ts). The first AUTHORIZED confirms the registration (or
 * every athlete of the group) and queues its mail; a difference for a change is taken only while it is owed;
 * otherwise the reservation is released. An attempt that ended unpaid wakes the camp's waiting list.
 */
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { queueCampConfirmationMail, queueCampGroupConfirmationMail } from "./camp-confirmation-queue.ts";
import { appendEntries, figuresOf, readLedger } from "./camp-ledger-store.ts";
import { recordRefundRefused, recordVippsCapture } from "./camp-ledger-payments.ts";
import { campEditionOfYear } from "./camp-edition-lookup.ts";
import { lockCampRegistration, updateCampRegistrations } from "./camp-registration-rows.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { eventPayments } from "../db/schema/events-money.ts";
import { askGroupOwed, groupPaymentAthletes } from "../payments/group-payments.ts";
import { vippsMessages } from "../payments/vipps/vipps-payment-messages.ts";
import {
  vippsPaymentsOf,
  type CampBooks,
  type SideContext,
  type VippsAmounts,
  type VippsOwner,
  type VippsSide,
} from "../payments/vipps/vipps-side.ts";

export interface CampVippsSideOptions {
  publicBaseUrl: string;
  /** Called after an attempt ended unpaid (aborted, expired, terminated): in a full camp its place goes to the waiting list. */
  placeFreed?: () => void;
}

/** The registration's books as the Vipps service's camp admin panel and refunds read and write them. */
export const campBooks: CampBooks = {
  readLedger,
  editionOfYear: campEditionOfYear,
  async recordRefund(tx, registrationId, { amount, paymentId }, context) {
    await appendEntries(tx, registrationId, [{ kind: "refund", method: "vipps", amount, paymentId }], context);
  },
  recordRefundRefused,
};

export function campVippsSide(options: CampVippsSideOptions): VippsSide & { books: CampBooks } {
  return {
    books: campBooks,
    messages: { busy: vippsMessages.busy, refused: vippsMessages.refused },
    ownerOf: campOwnerOf,
    authorized: (context, amounts) => campAuthorized(context, amounts, options.publicBaseUrl),
    async captured({ tx, row, actor, now }, amount) {
      const payment = { id: row.id, registrationId: row.orderId, amount: row.amount, createdAt: row.createdAt };
      await recordVippsCapture(tx, payment, amount, { actor, reason: `Betalt med Vipps (${row.reference})`, now });
    },
    // The registration stays «venter på betaling» with its ended attempt; the waiting list decides (after the commit).
    endedUnpaid: async () => false,
    afterEndedUnpaid: () => options.placeFreed?.(),
    stillWanted: async (db, row) => (await athletesComing(db, row)) > 0,
    allCancelled: async (db, row) => (await athletesComing(db, row)) === 0,
    // A group's payment: the next attempt asks for what the athletes still waiting for it owe.
    attemptAdded: (tx, _previousId, attemptId) => askGroupOwed(tx, attemptId),
  };
}

/** How many athletes the payment is for are still coming: a group's payment is wanted while any is. */
async function athletesComing(db: Db, row: { id: number; orderId: number }): Promise<number> {
  const group = await groupPaymentAthletes(db, row.id);
  const ids = group.length > 0 ? group : [row.orderId];
  const coming = await db
    .select({ id: campRegistrations.id })
    .from(campRegistrations)
    .where(and(inArray(campRegistrations.id, ids), ne(campRegistrations.status, "cancelled")));
  return coming.length;
}

/**
 * The registration whose Vipps payment an order id stands for: its own, or for a further athlete of a group
 * that paid once, the group's first athlete (who holds the payment), so every athlete's result page works.
 */
export async function campOwnerOf(db: Db, orderId: string): Promise<VippsOwner | undefined> {
  const [registration] = await db
    .select({ id: campRegistrations.id, groupId: campRegistrations.groupId })
    .from(campRegistrations)
    .where(eq(campRegistrations.orderId, orderId));
  if (!registration) return undefined;
  const own = { kind: "camp" as const, id: registration.id };
  if (!registration.groupId || registration.groupId === orderId) return own;
  const [payment] = await db
    .select({ id: eventPayments.id })
    .from(eventPayments)
    .where(vippsPaymentsOf(own))
    .orderBy(desc(eventPayments.id))
    .limit(1);
  if (payment) return own;
  const [first] = await db.select({ id: campRegistrations.id }).from(campRegistrations).where(eq(campRegistrations.orderId, registration.groupId));
  return first ? { kind: "camp", id: first.id } : own;
}

/** The first AUTHORIZED of a camp payment (under its row lock). */
async function campAuthorized({ tx, row, now }: SideContext, amounts: VippsAmounts, publicBaseUrl: string) {
  const registrationId = row.orderId;
  // A group's payment confirms every athlete of the group at once, with the group's one mail.
  const group = await groupPaymentAthletes(tx, row.id);
  const ids = group.length > 0 ? group : [registrationId];
  for (const id of ids) await lockCampRegistration(tx, id);
  const confirmed = await updateCampRegistrations(tx, ids, { status: "confirmed", confirmedAt: now }, eq(eventOrders.status, "pending_payment"));
  if (confirmed.length > 0) {
    // Reserved now and taken next: the mail counts it as paid. A group's mail names the athletes it confirmed
    // (one cancelled while waiting for the payment is not in it), the first athlete first.
    if (group.length > 0)
      await queueCampGroupConfirmationMail(
        tx,
        group.filter((id) => confirmed.includes(id)),
        now,
        publicBaseUrl,
        amounts.authorized,
      );
    else await queueCampConfirmationMail(tx, registrationId, now, publicBaseUrl, amounts.authorized);
    return { settle: "capture" as const, note: "reservert; påmeldingen er bekreftet", mailQueued: true };
  }
  const [registration] = await tx
    .select({ status: campRegistrations.status })
    .from(campRegistrations)
    .where(eq(campRegistrations.id, registrationId));
  if (
    row.kind === "change" &&
    registration?.status === "confirmed" &&
    (await figuresOf(tx, registrationId)).outstanding - (await comingIn(tx, registrationId, row.id)) >= amounts.authorized
  ) {
    // The difference for a change made through "Min påmelding": taken like the registration's own payment.
    return { settle: "capture" as const, note: "reservert; tillegg for en endring", mailQueued: false };
  }
  return { settle: "release" as const, note: "reservert, men påmeldingen venter ikke på betaling; reservasjonen frigis", mailQueued: false };
}

/**
 * What the registration's other Vipps payments are already set to take (approved, not captured yet): the
 * ledger has not seen it, so a second difference approved in the same moment must not be taken for the same
 * debt. Read under the registration's lock, which every payment's authorisation takes first.
 */
async function comingIn(tx: Db, registrationId: number, paymentId: number): Promise<number> {
  const [row] = await tx
    .select({
      due: sql<number>`coalesce(sum(${eventPayments.authorizedAmount} - ${eventPayments.capturedAmount} - ${eventPayments.cancelledAmount}), 0)::int`,
    })
    .from(eventPayments)
    .where(
      and(
        eq(eventPayments.orderId, registrationId),
        eq(eventPayments.ownerKind, "camp"),
        ne(eventPayments.id, paymentId),
        eq(eventPayments.settle, "capture"),
      ),
    );
  return Number(row?.due ?? 0);
}
