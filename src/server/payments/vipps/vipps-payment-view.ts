/** How a Vipps payment reads: the result page's status, the admin's state words, and the camp admin's payment view. */
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import { campRefund } from "../../../shared/camp/camp-pricing.ts";
import { paymentsOfRegistration } from "../payment-shares.ts";
import { readLedger } from "../../camp/camp-ledger-store.ts";
import { suggestedRefund } from "../../../shared/camp/camp-ledger.ts";
import { campEditionOfYear } from "../../camp/camp-edition-lookup.ts";
import type { Db } from "../../db/database.ts";
import { campRegistrations, paymentShares } from "../../db/schema/camp.ts";
import { eventPaymentActions } from "../../db/schema/events.ts";
import { campPayment, type CampPayment } from "../camp-payment-rows.ts";
import type { VippsPaymentView, VippsStatus } from "../../../shared/payments/vipps-payment.ts";

type PaymentRow = CampPayment;

/** The result page's status of a Vipps payment (spec: RESERVED, CANCELLED, …). */
export function statusText(row: Pick<PaymentRow, "state" | "vippsState">): VippsStatus {
  if (row.state === "failed") return "RESERVE_FAILED";
  switch (row.vippsState) {
    case "AUTHORIZED":
      return "RESERVED";
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
export async function vippsAdminView(db: Db, registrationId: number, now: Date) {
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
  const edition = await campEditionOfYear(db, registration.editionYear);
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
          suggested: suggestedRefund(await readLedger(db, registrationId), refundable.capturedAmount - refundable.refundedAmount, (paid) =>
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
  const shares = await db
    .select({
      paymentId: paymentShares.paymentId,
      amount: paymentShares.amount,
      refunded: paymentShares.refundedAmount,
      orderId: campRegistrations.orderId,
      firstName: campRegistrations.firstName,
      lastName: campRegistrations.lastName,
      status: campRegistrations.status,
    })
    .from(paymentShares)
    .innerJoin(campRegistrations, eq(campRegistrations.id, paymentShares.registrationId))
    .where(inArray(paymentShares.paymentId, paymentIds))
    .orderBy(desc(paymentShares.paymentId), asc(paymentShares.registrationId));
  const latest = shares[0]?.paymentId;
  if (latest === undefined) return undefined;
  const payment = await campPayment(db, latest);
  return {
    reference: payment!.reference,
    amount: payment!.amount,
    captured: payment!.capturedAmount,
    refunded: payment!.refundedAmount,
    shares: shares
      .filter((share) => share.paymentId === latest)
      .map((share) => ({
        orderId: share.orderId,
        name: `${share.firstName} ${share.lastName}`,
        status: share.status,
        amount: share.amount,
        refunded: share.refunded,
      })),
  };
}
