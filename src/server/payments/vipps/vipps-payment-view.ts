/** How a Vipps payment reads: the result page's status, the admin's state words, and the camp admin's payment view. */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { campRefund } from "../../../shared/camp/camp-pricing.ts";
import { groupPaymentAthletes, groupShares, paymentsOfRegistration } from "../group-payments.ts";
import { suggestedRefund } from "../../../shared/camp/camp-ledger-cancellation.ts";
import type { Db } from "../../db/database.ts";
import { campRegistrations } from "../../db/schema/camp.ts";
import { eventOrders, eventPositions } from "../../db/schema/events-orders.ts";
import { eventPaymentActions, eventPayments } from "../../db/schema/events-money.ts";
import { events } from "../../db/schema/events.ts";
import { selectCampPayments, type CampPayment } from "../camp-payment-rows.ts";
import type { VippsPaymentView, VippsReceipt, VippsStatus } from "../../../shared/payments/vipps-payment.ts";
import { registersSelf } from "../../../shared/person-voice.ts";
import { eventWhat } from "../../../shared/events/event-thanks.ts";
import type { CampBooks, VippsOwner } from "./vipps-side.ts";

type PaymentRow = CampPayment;

/** The result page's status of a Vipps payment (spec: RESERVED, CANCELLED, …). */
export function statusText(row: Pick<PaymentRow, "state" | "vippsState">): VippsStatus {
  if (row.state === "failed") return "RESERVE_FAILED";
  switch (row.vippsState) {
    case "AUTHORIZED":
      // Vipps keeps the word AUTHORIZED for the payment's life; ours says whether it still holds money.
      return row.state === "refunded" || row.state === "released" ? "CANCELLED" : "RESERVED";
    case "ABORTED":
    case "TERMINATED":
      return "CANCELLED";
    case "EXPIRED":
      return "REJECTED";
    default:
      return "";
  }
}

/** The admin's state word of a Vipps payment, from Vipps's state and the amounts. */
export function stateText(vippsState: string | null, a: { authorized: number; captured: number; refunded: number; cancelled: number }): string {
  switch (vippsState) {
    case "AUTHORIZED":
      if (a.captured > 0 && a.refunded >= a.captured) return "refunded";
      if (a.captured > 0) return "captured";
      if (a.cancelled >= a.authorized) return "released";
      return "authorized";
    case "ABORTED":
      return "aborted";
    case "EXPIRED":
      return "expired";
    case "TERMINATED":
      return "terminated";
    default:
      return "created";
  }
}

/** A payment as the camp admin and the refund answer show it. */
export function paymentView(row: PaymentRow): VippsPaymentView {
  return {
    reference: row.reference,
    method: row.method,
    state: row.state,
    vippsState: row.vippsState,
    status: row.method === "vipps" ? statusText(row) : "",
    amount: row.amount,
    authorized: row.authorizedAmount,
    captured: row.capturedAmount,
    refunded: row.refundedAmount,
    cancelled: row.cancelledAmount,
    pendingRefund: row.pendingRefundAmount,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The camp admin's «Vipps» panel for a registration: its payments, the money log, and the refund the rule suggests. */
export async function vippsAdminView(db: Db, books: CampBooks, registrationId: number, now: Date) {
  const [registration] = await db.select().from(campRegistrations).where(eq(campRegistrations.id, registrationId));
  if (!registration) return undefined;
  // Of a group's one payment, this athlete's share (the whole payment and its shares under `shares`).
  const rows = await paymentsOfRegistration(db, registrationId);
  const ids = rows.map((row) => row.id);
  const actions = ids.length
    ? await db
        .select()
        .from(eventPaymentActions)
        .where(
          sql`${eventPaymentActions.paymentId} in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
        .orderBy(asc(eventPaymentActions.at), asc(eventPaymentActions.id))
    : [];
  const refundable = rows.find((row) => row.method === "vipps" && row.capturedAmount - row.refundedAmount > 0);
  const edition = await books.editionOfYear(db, registration.editionYear);
  const group = await groupPaymentView(db, ids);
  return {
    registrationId,
    orderId: registration.orderId,
    status: registration.status,
    payments: rows.map(paymentView),
    actions: actions.map((action) => ({
      reference: rows.find((row) => row.id === action.paymentId)?.reference ?? "",
      actor: action.actor,
      action: action.action,
      amount: action.amount,
      at: action.at.toISOString(),
      note: action.note,
    })),
    refund: refundable
      ? {
          reference: refundable.reference,
          captured: refundable.capturedAmount,
          refunded: refundable.refundedAmount,
          max: refundable.capturedAmount - refundable.refundedAmount,
          suggested: suggestedRefund(await books.readLedger(db, registrationId), refundable.capturedAmount - refundable.refundedAmount, (paid) =>
            campRefund(paid, edition, now),
          ),
          fullRefundUntil: edition.fullRefundEndsAt.toISOString(),
          rule: now.getTime() < edition.fullRefundEndsAt.getTime() ? "full" : "share",
        }
      : null,
    ...(group ? { group } : {}),
  };
}

/** The latest group payment among these payments, whole, with every athlete's share; undefined when none is shared. */
async function groupPaymentView(db: Db, paymentIds: number[]) {
  if (paymentIds.length === 0) return undefined;
  const payments = await selectCampPayments(db, inArray(eventPayments.id, paymentIds)).orderBy(desc(eventPayments.id));
  const shares = await groupShares(db, payments);
  const payment = payments.find((row) => shares.has(row.id));
  if (!payment) return undefined;
  const athletes = shares.get(payment.id)!;
  const people = await db
    .select({
      id: campRegistrations.id,
      orderId: campRegistrations.orderId,
      firstName: campRegistrations.firstName,
      lastName: campRegistrations.lastName,
      status: campRegistrations.status,
    })
    .from(campRegistrations)
    .where(
      inArray(
        campRegistrations.id,
        athletes.map((share) => share.registrationId),
      ),
    );
  const byId = new Map(people.map((person) => [person.id, person]));
  return {
    reference: payment.reference,
    amount: payment.amount,
    captured: payment.capturedAmount,
    refunded: payment.refundedAmount,
    shares: athletes.flatMap((share) => {
      const person = byId.get(share.registrationId);
      return person
        ? [
            {
              orderId: person.orderId,
              name: `${person.firstName} ${person.lastName}`,
              status: person.status,
              amount: share.amount,
              refunded: share.refundedAmount,
            },
          ]
        : [];
    }),
  };
}

/**
 * What the result page says about a reserved payment (VippsResultSchema's `receipt`): first names only, and
 * only once the payment is reserved — the page is opened by its order id, so nothing more is given.
 */
export async function vippsReceipt(db: Db, owner: VippsOwner, payment: Pick<PaymentRow, "id" | "amount">): Promise<VippsReceipt | undefined> {
  if (owner.kind === "camp") {
    const shared = await groupPaymentAthletes(db, payment.id);
    const ids = shared.length > 0 ? shared : [owner.id];
    const rows = await db
      .select({
        id: campRegistrations.id,
        firstName: campRegistrations.firstName,
        age: campRegistrations.age,
        contactName: campRegistrations.contactName,
        year: campRegistrations.editionYear,
      })
      .from(campRegistrations)
      .where(inArray(campRegistrations.id, ids))
      .orderBy(asc(campRegistrations.id));
    if (rows.length === 0) return undefined;
    const people = rows.map((row, index) => ({ firstName: row.firstName.trim(), self: registersSelf(row, { other: index > 0 }) }));
    return { what: `vinterleiren ${rows[0]!.year}`, people, registrant: null, amount: payment.amount };
  }
  const [order] = await db
    .select({ firstName: eventOrders.firstName, lastName: eventOrders.lastName, kind: events.kind, definition: events.definition })
    .from(eventOrders)
    .innerJoin(events, eq(events.id, eventOrders.eventId))
    .where(eq(eventOrders.id, owner.id));
  if (!order || order.definition.kind === "vinterleir" || order.kind === "vinterleir") return undefined;
  const { title, firstDay } = order.definition;
  const participants = await db
    .select({ firstName: eventPositions.firstName, lastName: eventPositions.lastName, age: eventPositions.age })
    .from(eventPositions)
    .where(and(eq(eventPositions.orderId, owner.id), eq(eventPositions.kind, "athlete")))
    .orderBy(asc(eventPositions.position));
  const contact = { firstName: order.firstName, lastName: order.lastName };
  const people = participants.map((person) => {
    const named = { firstName: person.firstName ?? "", lastName: person.lastName ?? "", age: person.age ?? 0 };
    return { firstName: named.firstName.trim(), self: registersSelf(named, { contact }) };
  });
  return { what: eventWhat({ kind: order.kind, title, firstDay }), people, registrant: order.firstName.trim() || null, amount: payment.amount };
}
