import { desc, eq } from "drizzle-orm";
import type { Logger } from "../../log.ts";
import { vippsStateLabel } from "../../../shared/camp/camp-state-labels.ts";
import type { Db } from "../../db/database.ts";
import { eventPaymentActions, eventPayments } from "../../db/schema/events-money.ts";
import { VippsApiError } from "./vipps-errors.ts";
import type { VippsClient } from "./vipps-client.ts";
import type { Aggregate, VippsPaymentState } from "./vipps-types.ts";
import { stateText } from "./vipps-payment-view.ts";
import {
  lockPaymentRow,
  ownerKindOf,
  paymentRow,
  vippsPaymentsOf,
  type VippsOwner,
  type VippsPaymentRow,
  type VippsSide,
  type VippsSides,
} from "./vipps-side.ts";

export type PaymentRow = VippsPaymentRow;

export const finalFailedStates = new Set(["ABORTED", "EXPIRED", "TERMINATED"]);
const kr = (ore: number) => Math.round(ore / 100);
/** A create that never reached Vipps (GET says 404) is given up after this long. */
const neverCreatedAfterMs = 15 * 60_000;

export interface VippsPaymentsOptions {
  client: VippsClient;
  db: Db;
  now: () => Date;
  log: Logger;
  publicBaseUrl: string;
  /** What each side's owner does with its payments (camp/camp-vipps-side.ts, events/event-vipps-side.ts). */
  sides: VippsSides;
  /** Called after a commit that queued mail. */
  mailQueued: () => void;
  /** Called when a payment has work for the reconciliation job (kicks it). */
  workDue?: () => void;
}

/**
 * The base of VippsPayments (vipps-payments.ts): reads a payment of either side at Vipps and applies what it
 * says to our stored state, under a row lock, asking the payment's side what its owner does.
 */
export abstract class VippsPaymentSync {
  protected readonly client: VippsClient;
  protected readonly db: Db;
  protected readonly now: () => Date;
  protected readonly log: Logger;

  constructor(protected readonly options: VippsPaymentsOptions) {
    this.client = options.client;
    this.db = options.db;
    this.now = options.now;
    this.log = options.log;
  }

  protected sideOf(row: Pick<PaymentRow, "ownerKind">): VippsSide {
    return this.options.sides[ownerKindOf(row)];
  }

  // ---- reading from Vipps --------------------------------------------------------------------------

  /** GET the payment at Vipps and apply it. A payment Vipps never saw is given up after a while. */
  async sync(row: PaymentRow, actor: string): Promise<void> {
    try {
      const remote = await this.client.getPayment(row.reference);
      await this.apply(row.id, remote, actor, remote.redirectUrl);
    } catch (error) {
      if (error instanceof VippsApiError && error.status === 404 && !row.vippsState) {
        // Otherwise it stays due for ever, and its owner holds its places for ever.
        if (this.now().getTime() - row.createdAt.getTime() > neverCreatedAfterMs) await this.neverCreated(row.id);
        return;
      }
      throw error;
    }
  }

  /**
   * Applies what Vipps says about a payment, under a row lock: final states stay final, amounts only grow, each
   * amount that moved is logged once in event_payment_actions, and the first AUTHORIZED lets the payment's side
   * confirm its owner and queue its mail in the same transaction (or mark the reservation for release); an
   * attempt that ends unpaid lets the side free what its owner held.
   */
  async apply(paymentId: number, remote: { state: VippsPaymentState; aggregate: Aggregate }, actor: string, redirectUrl?: string): Promise<void> {
    const now = this.now();
    const outcome = await this.db.transaction(async (tx) => {
      await lockPaymentRow(tx, paymentId);
      const row = await paymentRow(tx, paymentId);
      if (!row) return { mailQueued: false, settleNow: false, endedUnpaid: false, side: undefined };
      const side = this.sideOf(row);
      const context = { tx, row, now, actor };
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
      let mailQueued = false;
      let endedUnpaid = false;
      const log = (action: string, amount: number, note: string) =>
        tx.insert(eventPaymentActions).values({ paymentId, actor, action, amount, at: now, note });

      if (vippsState === "AUTHORIZED" && current !== "AUTHORIZED") {
        const decided = await side.authorized(context, amounts);
        settle = decided.settle;
        mailQueued = decided.mailQueued;
        await log("vipps-authorized", amounts.authorized, `Vipps ${row.reference}: ${decided.note}`);
      } else if (vippsState !== current && vippsState && vippsState !== "CREATED") {
        await log(`vipps-${vippsState.toLowerCase()}`, 0, `Vipps ${row.reference}: ${vippsStateLabel(vippsState)}`);
        if (finalFailedStates.has(vippsState)) {
          endedUnpaid = true;
          if (await side.endedUnpaid(context)) mailQueued = true;
        }
      }
      if (amounts.captured > row.capturedAmount) {
        await log("vipps-captured", amounts.captured - row.capturedAmount, `Vipps ${row.reference}: trukket`);
        // Money in, in the owner's ledger: what Vipps took, once (amounts only grow, under the row lock).
        await side.captured(context, amounts.captured - row.capturedAmount);
      }
      if (amounts.refunded > row.refundedAmount)
        await log("vipps-refunded", amounts.refunded - row.refundedAmount, `Vipps ${row.reference}: refundert`);
      if (amounts.cancelled > row.cancelledAmount)
        await log("vipps-released", amounts.cancelled - row.cancelledAmount, `Vipps ${row.reference}: reservasjon frigitt`);

      const open = amounts.authorized - amounts.captured - amounts.cancelled;
      if (!settle && vippsState === "AUTHORIZED" && side.takesEveryReservation) settle = "capture";
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
        .where(eq(eventPayments.id, paymentId));
      return { mailQueued, settleNow: settle !== null && settle !== row.settle, endedUnpaid, side };
    });
    if (outcome.mailQueued) this.options.mailQueued();
    if (outcome.settleNow) this.options.workDue?.();
    if (outcome.endedUnpaid) outcome.side?.afterEndedUnpaid?.();
  }

  /** An attempt Vipps never saw: failed, and its owner (still waiting for it) lets go of what it held. */
  private async neverCreated(paymentId: number): Promise<void> {
    const now = this.now();
    const outcome = await this.db.transaction(async (tx) => {
      await lockPaymentRow(tx, paymentId);
      const row = await paymentRow(tx, paymentId);
      if (!row || row.vippsState || row.state === "failed") return undefined;
      await tx
        .update(eventPayments)
        .set({ state: "failed", nextCheckAt: null, lastError: "Not found at Vipps", lastCheckedAt: now, updatedAt: now })
        .where(eq(eventPayments.id, paymentId));
      const side = this.sideOf(row);
      return { side, mailQueued: await side.endedUnpaid({ tx, row, now, actor: "system" }) };
    });
    if (outcome?.mailQueued) this.options.mailQueued();
    outcome?.side.afterEndedUnpaid?.();
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

  protected async latestVippsPayment(owner: VippsOwner): Promise<PaymentRow | undefined> {
    const [row] = await this.db.select().from(eventPayments).where(vippsPaymentsOf(owner)).orderBy(desc(eventPayments.id)).limit(1);
    return row;
  }

  protected later(ms: number) {
    return new Date(this.now().getTime() + ms);
  }

  protected async noteError(paymentId: number, error: unknown, nextCheckAt: Date) {
    await this.db
      .update(eventPayments)
      .set({ lastError: String(error instanceof Error ? error.message : error).slice(0, 1000), nextCheckAt, updatedAt: this.now() })
      .where(eq(eventPayments.id, paymentId));
  }
}
