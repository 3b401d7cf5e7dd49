import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { vippsStateLabel } from "../../../shared/camp/camp-state-labels.ts";
import { queueCampConfirmationMail, queueCampGroupConfirmationMail } from "../../camp/camp-confirmation-queue.ts";
import { shareRegistrationIds } from "../payment-shares.ts";
import { figuresOf, recordVippsCapture } from "../../camp/camp-ledger-store.ts";
import type { Db } from "../../db/database.ts";
import { campRegistrations } from "../../db/schema/camp.ts";
import { eventOrders, eventPaymentActions, eventPayments } from "../../db/schema/events.ts";
import { lockCampRegistration, updateCampRegistrations } from "../../camp/camp-registration-rows.ts";
import { campPayment, campPaymentsOf, campPaymentWithId, lockCampPayment, selectCampPayments, type CampPayment } from "../camp-payment-rows.ts";
import { VippsApiError, type VippsClient } from "./vipps-client.ts";
import type { Aggregate, VippsPaymentState } from "./vipps-types.ts";
import { stateText } from "./vipps-payment-view.ts";

export type PaymentRow = CampPayment;

export const finalFailedStates = new Set(["ABORTED", "EXPIRED", "TERMINATED"]);
const kr = (ore: number) => Math.round(ore / 100);
/** A create that never reached Vipps (GET says 404) is given up after this long. */
const neverCreatedAfterMs = 15 * 60_000;

export interface VippsPaymentsOptions {
  client: VippsClient;
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  publicBaseUrl: string;
  /** Called after a commit that queued mail. */
  mailQueued: () => void;
  /** Called when a payment has work for the reconciliation job (kicks it). */
  workDue?: () => void;
  /** Called after an attempt ended unpaid (aborted, expired, terminated): in a full camp its place goes to the waiting list. */
  placeFreed?: () => void;
}

/**
 * The base of VippsPayments (vipps-payments.ts): reads a payment at Vipps and applies what it says to our
 * stored state, under a row lock.
 */
export abstract class VippsPaymentSync {
  protected readonly client: VippsClient;
  protected readonly db: Db;
  protected readonly now: () => Date;
  protected readonly log: FastifyBaseLogger;

  constructor(protected readonly options: VippsPaymentsOptions) {
    this.client = options.client;
    this.db = options.db;
    this.now = options.now;
    this.log = options.log;
  }

  // ---- reading from Vipps --------------------------------------------------------------------------

  /** GET the payment at Vipps and apply it. A payment Vipps never saw is given up after a while. */
  async sync(row: PaymentRow, actor: string): Promise<void> {
    try {
      const remote = await this.client.getPayment(row.reference);
      await this.apply(row.id, remote, actor, remote.redirectUrl);
    } catch (error) {
      if (error instanceof VippsApiError && error.status === 404 && !row.vippsState) {
        if (this.now().getTime() - row.createdAt.getTime() > neverCreatedAfterMs) {
          await this.db
            .update(eventPayments)
            .set({ state: "failed", nextCheckAt: null, lastError: "Not found at Vipps", updatedAt: this.now() })
            .where(campPaymentWithId(row.id));
        }
        return;
      }
      throw error;
    }
  }

  /**
   * Applies what Vipps says about a payment, under a row lock: final states stay final, amounts only
   * grow, each amount that moved is logged once in money_actions, and the first AUTHORIZED confirms the
   * registration and queues its e-mail in the same transaction (or, if it is no longer wanted, marks the
   * reservation for release).
   */
  async apply(paymentId: number, remote: { state: VippsPaymentState; aggregate: Aggregate }, actor: string, redirectUrl?: string): Promise<void> {
    const now = this.now();
    const confirmed = await this.db.transaction(async (tx) => {
      await lockCampPayment(tx, paymentId);
      const row = await campPayment(tx, paymentId);
      if (!row) return { confirmedNow: false, endedUnpaid: false };
      const current = row.vippsState;
      const vippsState = current && current !== "CREATED" ? current : remote.state;
      const a = remote.aggregate;
      const amounts = {
        authorized: Math.max(row.authorizedAmount, kr(a.authorizedAmount.value)),
        captured: Math.max(row.capturedAmount, kr(a.capturedAmount.value)),
        refunded: Math.max(row.refundedAmount, kr(a.refundedAmount.value)),
        cancelled: Math.max(row.cancelledAmount, kr(a.cancelledAmount.value)),
      };
      let settle = row.settle;
      let confirmedNow = false;
      let endedUnpaid = false;
      const log = (action: string, amount: number, note: string) =>
        tx.insert(eventPaymentActions).values({ paymentId, actor, action, amount, at: now, note });

      if (vippsState === "AUTHORIZED" && current !== "AUTHORIZED") {
        // A group's payment confirms every athlete of the group at once, with the group's one mail.
        const group = await shareRegistrationIds(tx, paymentId);
        const ids = group.length > 0 ? group : [row.registrationId];
        for (const id of ids) await lockCampRegistration(tx, id);
        const updated =
          (await updateCampRegistrations(tx, ids, { status: "confirmed", confirmedAt: now }, eq(eventOrders.status, "pending_payment"))).length > 0;
        const [registration] = updated
          ? []
          : await tx.select({ status: campRegistrations.status }).from(campRegistrations).where(eq(campRegistrations.id, row.registrationId));
        if (updated) {
          // Reserved now and taken next: the mail counts it as paid.
          if (group.length > 0) await queueCampGroupConfirmationMail(tx, group, now, this.options.publicBaseUrl, amounts.authorized);
          else await queueCampConfirmationMail(tx, row.registrationId, now, this.options.publicBaseUrl, amounts.authorized);
          settle = "capture";
          confirmedNow = true;
          await log("vipps-authorized", amounts.authorized, `Vipps ${row.reference}: reservert; påmeldingen er bekreftet`);
        } else if (
          row.kind === "change" &&
          registration?.status === "confirmed" &&
          (await figuresOf(tx, row.registrationId)).outstanding - (await comingIn(tx, row.registrationId, paymentId)) >= amounts.authorized
        ) {
          // The difference for a change made through "Min påmelding": taken like the registration's own payment.
          settle = "capture";
          await log("vipps-authorized", amounts.authorized, `Vipps ${row.reference}: reservert; tillegg for en endring`);
        } else {
          settle = "release";
          await log(
            "vipps-authorized",
            amounts.authorized,
            `Vipps ${row.reference}: reservert, men påmeldingen venter ikke på betaling; reservasjonen frigis`,
          );
        }
      } else if (vippsState !== current && vippsState && vippsState !== "CREATED") {
        await log(`vipps-${vippsState.toLowerCase()}`, 0, `Vipps ${row.reference}: ${vippsStateLabel(vippsState)}`);
        if (finalFailedStates.has(vippsState)) endedUnpaid = true;
      }
      if (amounts.captured > row.capturedAmount) {
        await log("vipps-captured", amounts.captured - row.capturedAmount, `Vipps ${row.reference}: trukket`);
        // Money in, in the order's ledger: what Vipps took, once (amounts only grow, under the row lock).
        await recordVippsCapture(tx, row, amounts.captured - row.capturedAmount, { actor, reason: `Betalt med Vipps (${row.reference})`, now });
      }
      if (amounts.refunded > row.refundedAmount)
        await log("vipps-refunded", amounts.refunded - row.refundedAmount, `Vipps ${row.reference}: refundert`);
      if (amounts.cancelled > row.cancelledAmount)
        await log("vipps-released", amounts.cancelled - row.cancelledAmount, `Vipps ${row.reference}: reservasjon frigitt`);

      const open = amounts.authorized - amounts.captured - amounts.cancelled;
      if (settle && open <= 0) settle = null;
      await tx
        .update(eventPayments)
        .set({
          vippsState,
          state: row.state === "failed" && !vippsState ? "failed" : stateText(vippsState, amounts),
          authorizedAmount: amounts.authorized,
          capturedAmount: amounts.captured,
          refundedAmount: amounts.refunded,
          cancelledAmount: amounts.cancelled,
          paidAmount: Math.max(0, amounts.authorized - amounts.cancelled - amounts.refunded),
          settle,
          ...(redirectUrl && !row.redirectUrl ? { redirectUrl } : {}),
          ...(settle ? { nextCheckAt: row.nextCheckAt && row.nextCheckAt < now ? row.nextCheckAt : now } : {}),
          lastCheckedAt: now,
          updatedAt: now,
        })
        .where(campPaymentWithId(paymentId));
      return { confirmedNow, endedUnpaid };
    });
    if (confirmed.confirmedNow) {
      this.options.mailQueued();
      this.options.workDue?.();
    }
    if (confirmed.endedUnpaid) this.options.placeFreed?.();
  }

  /** Cancels an attempt that is not authorized; if Vipps says it is (6060), takes that state instead. */
  protected async terminate(row: PaymentRow, actor: string) {
    try {
      const result = await this.client.cancel(row.reference, `cancel-${row.reference}`, true);
      await this.apply(row.id, result, actor);
    } catch (error) {
      if (error instanceof VippsApiError && (error.status === 404 || error.status === 400 || error.status === 409)) {
        // 404: never created at Vipps; 6060: authorized meanwhile; other 400: already final. Vipps decides.
        await this.sync(row, actor);
        return;
      }
      throw error;
    }
  }

  protected async latestVippsPayment(registrationId: number): Promise<PaymentRow | undefined> {
    const [row] = await selectCampPayments(this.db, campPaymentsOf(registrationId, "vipps")).orderBy(desc(eventPayments.id)).limit(1);
    return row;
  }

  protected later(ms: number) {
    return new Date(this.now().getTime() + ms);
  }

  protected async noteError(paymentId: number, error: unknown, nextCheckAt: Date) {
    await this.db
      .update(eventPayments)
      .set({ lastError: String(error instanceof Error ? error.message : error).slice(0, 1000), nextCheckAt, updatedAt: this.now() })
      .where(campPaymentWithId(paymentId));
  }
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
    .where(and(eq(eventPayments.campRegistrationId, registrationId), ne(eventPayments.id, paymentId), eq(eventPayments.settle, "capture")));
  return Number(row?.due ?? 0);
}
