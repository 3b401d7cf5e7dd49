import { and, eq, sql } from "drizzle-orm";
import { toOre } from "../../../shared/camp/camp-pricing.ts";
import { eventPaymentActions, eventPayments } from "../../db/schema/events-money.ts";
import { VippsApiError } from "./vipps-errors.ts";
import { VippsPaymentSync, type PaymentRow } from "./vipps-payment-sync.ts";
import { paymentRow } from "./vipps-side.ts";

/** Vipps's default expiry is 10 minutes; after 20 we terminate what is still open ourselves. */
const abandonAfterMs = 20 * 60_000;

/**
 * Settles a payment of either side after its authorisation: capture or release, a queued refund (the camp's),
 * and the one reconciliation job.
 */
export abstract class VippsPaymentSettlement extends VippsPaymentSync {
  // ---- one payment, start to end -------------------------------------------------------------------

  /** Everything still owed for one payment: read Vipps, capture or release, retry a refund, terminate if abandoned. */
  async process(paymentId: number, actor = "system"): Promise<void> {
    let row = await paymentRow(this.db, paymentId);
    if (!row || row.method !== "vipps") return;
    let error: unknown;
    try {
      if (row.pendingRefundKey && row.pendingRefundAmount) await this.sendRefund(row, row.pendingRefundKey, row.pendingRefundAmount, actor);
      if (row.state !== "failed") await this.sync(row, actor);
      row = await paymentRow(this.db, paymentId);
      if (row!.settle === "capture" && row!.capturedAmount === 0 && !(await this.sideOf(row!).stillWanted(this.db, row!))) {
        // Nobody it pays for is still coming (a group's payment: every athlete cancelled): released instead.
        await this.db.update(eventPayments).set({ settle: "release" }).where(eq(eventPayments.id, paymentId));
        row!.settle = "release";
      }
      if (row!.settle === "capture") await this.capture(row!, actor);
      else if (row!.settle === "release") {
        const result = await this.client.cancel(row!.reference, `release-${row!.reference}`, false);
        await this.apply(paymentId, result, actor);
      }
      if (row!.vippsState === "CREATED" && this.now().getTime() - row!.createdAt.getTime() > abandonAfterMs) await this.terminate(row!, actor);
    } catch (caught) {
      error = caught;
      this.log.warn({ paymentId, err: caught instanceof Error ? caught.message : String(caught) }, "vipps payment not settled yet; will retry");
    }
    row = await paymentRow(this.db, paymentId);
    if (!row) return;
    // Done with it: the next check as the state asks, and the claim released for whichever process comes next.
    await this.db
      .update(eventPayments)
      .set({
        nextCheckAt: this.nextCheck(row, error !== undefined),
        claimedUntil: null,
        lastError: error ? String(error instanceof Error ? error.message : error).slice(0, 1000) : null,
      })
      .where(eq(eventPayments.id, paymentId));
  }

  private async capture(row: PaymentRow, actor: string) {
    const remote = await this.client.getPayment(row.reference);
    const a = remote.aggregate;
    const open = a.authorizedAmount.value - a.capturedAmount.value - a.cancelledAmount.value;
    if (open > 0) {
      // One key per payment and always the whole reservation: a retry repeats the body exactly.
      const result = await this.client.capture(row.reference, { currency: a.authorizedAmount.currency, value: open }, `capture-${row.reference}`);
      await this.apply(row.id, result, actor);
    } else {
      await this.apply(row.id, remote, actor);
    }
  }

  private nextCheck(row: PaymentRow, failed: boolean): Date | null {
    if (row.method !== "vipps" || row.state === "failed") return null;
    if (row.pendingRefundKey || row.settle) return this.later(failed ? 30_000 : 1_000);
    if (!row.vippsState || row.vippsState === "CREATED") {
      const age = this.now().getTime() - row.createdAt.getTime();
      return this.later(age < 15 * 60_000 ? 5_000 : 60_000);
    }
    return null;
  }

  /**
   * The reconciliation job, for both sides' payments: claims due payments and processes each. The claim is one UPDATE … FOR UPDATE SKIP
   * LOCKED setting claimed_until (a lease), which only the job reads: webhooks, polls and apply() move
   * next_check_at to "now" whenever there is work, so next_check_at cannot be the lease — a payment made due
   * again while one process captures it would be claimed by another. process() releases the claim; a process
   * that dies holding one leaves it to expire. The lease outlasts the longest run of process() (a few Vipps calls,
   * each at most 4 attempts of 10 s), so several processes never work on the same payment at once.
   */
  async reconcileOnce(limit = 20, leaseMs = 5 * 60_000): Promise<number> {
    const now = this.now();
    const at = now.toISOString();
    const result = await this.db.execute<{ id: number }>(sql`
      update event_payments set claimed_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
       where id in (
         select id from event_payments
          where method = 'vipps' and next_check_at <= ${at}::timestamptz
            and (claimed_until is null or claimed_until <= ${at}::timestamptz)
          order by next_check_at, id
          limit ${limit}
          for update skip locked)
      returning id`);
    const ids = result.rows.map((row) => Number(row.id));
    for (const id of ids) await this.process(id, "reconciliation");
    return ids.length;
  }

  /**
   * Sends (or resends, same key and amount) a refund; clears it when Vipps answers for good. Only the camp's
   * payments are refunded through Vipps (the admin's refund, a family's cancellation), so a refusal goes to the
   * camp's ledger.
   */
  protected async sendRefund(row: Pick<PaymentRow, "id" | "reference">, key: string, amount: number, actor: string) {
    try {
      const result = await this.client.refund(row.reference, { currency: "NOK", value: toOre(amount) }, key);
      await this.apply(row.id, result, actor);
      await this.db
        .update(eventPayments)
        .set({ pendingRefundKey: null, pendingRefundAmount: null })
        .where(and(eq(eventPayments.id, row.id), eq(eventPayments.pendingRefundKey, key)));
    } catch (error) {
      if (error instanceof VippsApiError && !error.retryable) {
        await this.db.transaction(async (tx) => {
          await tx
            .update(eventPayments)
            .set({ pendingRefundKey: null, pendingRefundAmount: null, lastError: error.message })
            .where(and(eq(eventPayments.id, row.id), eq(eventPayments.pendingRefundKey, key)));
          await tx
            .insert(eventPaymentActions)
            .values({ paymentId: row.id, actor, action: "refund-failed", amount, at: this.now(), note: error.message.slice(0, 500) });
          // The money is still owed back: outside Vipps now, on the treasurer's list.
          await this.options.sides.camp.books.recordRefundRefused(tx, row.id, amount, {
            actor,
            reason: "Vipps avviste refusjonen; betales tilbake på annen måte",
            now: this.now(),
          });
        });
      }
      throw error;
    }
  }
}
