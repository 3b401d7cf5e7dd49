import { eq } from "drizzle-orm";
import { campRefund } from "../../../shared/camp/camp-pricing.ts";
import { paymentsOfRegistration } from "../group-payments.ts";
import { queueVippsRefund } from "../queue-refund.ts";
import { campRegistrations } from "../../db/schema/camp.ts";
import { campPayment, lockCampPayment } from "../camp-payment-rows.ts";
import { VippsApiError } from "./vipps-errors.ts";
import type { VippsPaymentView } from "../../../shared/payments/vipps-payment.ts";
import { paymentView, vippsAdminView } from "./vipps-payment-view.ts";
import { vippsMessages } from "./vipps-payment-messages.ts";
import { VippsPaymentSettlement } from "./vipps-payment-settlement.ts";

export interface RefundRequest {
  /** Whole kroner; default: the refund rule (full before the deadline, then the edition's share). */
  amount?: number;
  /** The refunded total the admin saw; a different stored total answers 409 (no double refund by double click). */
  alreadyRefunded?: number;
}

export type RefundOutcome =
  | { kind: "refunded"; amount: number; payment: PaymentView }
  | { kind: "pending"; amount: number; payment: PaymentView }
  | { kind: "not-found" }
  | { kind: "conflict"; message: string }
  | { kind: "invalid"; message: string };

type PaymentView = VippsPaymentView;

/** The camp admin's side of Vipps payments: the payment details, settling now, and refunds. */
export abstract class VippsPaymentAdmin extends VippsPaymentSettlement {
  // ---- the camp admin ------------------------------------------------------------------------------

  /** The registration's payments, money log and refund offer for the camp admin (vipps-payment-view.ts). */
  adminView(registrationId: number) {
    return vippsAdminView(this.db, this.options.sides.camp.books, registrationId, this.now());
  }

  /**
   * CampPaymentGateway: does now what the reconciliation job would do soon for the registration's Vipps
   * payments that owe something (a capture after authorisation, a queued refund). Errors are left to the job.
   */
  async settleNow(registrationId: number): Promise<void> {
    // Its own payments and a group payment it has a share of.
    const rows = (await paymentsOfRegistration(this.db, registrationId)).filter((row) => row.method === "vipps");
    for (const row of rows) {
      if (row.settle || row.pendingRefundKey) await this.process(row.id, "system");
    }
  }

  /** POST /api/VinterleirAdmin/Refund: through Vipps, one Idempotency-Key per request, logged with who and how much. */
  async refund(registrationId: number, request: RefundRequest, actor: string): Promise<RefundOutcome> {
    const now = this.now();
    const books = this.options.sides.camp.books;
    const prepared = await this.db.transaction(async (tx) => {
      const [registration] = await tx.select().from(campRegistrations).where(eq(campRegistrations.id, registrationId));
      if (!registration) return { kind: "not-found" as const };
      // Its own payments, and of a group's one payment its share: a refund never takes another athlete's money.
      const candidates = (await paymentsOfRegistration(tx, registrationId)).filter((row) => row.method === "vipps").reverse();
      const target = candidates.find((row) => row.capturedAmount > 0) ?? candidates.find((row) => row.vippsState === "AUTHORIZED");
      if (!target) return { kind: "not-found" as const };
      await lockCampPayment(tx, target.id);
      const locked = await campPayment(tx, target.id);
      const row = (await paymentsOfRegistration(tx, registrationId)).find((candidate) => candidate.id === target.id);
      if (!locked || !row) return { kind: "not-found" as const };
      if (locked.pendingRefundKey) return { kind: "conflict" as const, message: vippsMessages.refundPending };
      if (request.alreadyRefunded !== undefined && request.alreadyRefunded !== row.refundedAmount)
        return { kind: "conflict" as const, message: vippsMessages.refundChanged };
      if (row.capturedAmount === 0) return { kind: "conflict" as const, message: vippsMessages.notCaptured };
      // Never more than the order's ledger holds on this payment (what came in for it less what went back).
      const ledger = await books.readLedger(tx, registrationId);
      const heldHere = ledger.reduce(
        (sum, entry) =>
          entry.paymentId === target.id ? sum + (entry.kind === "payment" ? entry.amount : entry.kind === "refund" ? -entry.amount : 0) : sum,
        0,
      );
      const max = Math.min(row.capturedAmount - row.refundedAmount, locked.capturedAmount - locked.refundedAmount, heldHere);
      if (max <= 0) return { kind: "conflict" as const, message: vippsMessages.nothingToRefund };
      const byRule = campRefund(row.capturedAmount, await books.editionOfYear(tx, registration.editionYear), now) - row.refundedAmount;
      const amount = request.amount ?? byRule;
      if (!Number.isInteger(amount) || amount < 1) return { kind: "invalid" as const, message: vippsMessages.nothingToRefund };
      if (amount > max) return { kind: "invalid" as const, message: vippsMessages.refundTooHigh(max) };
      const note = `Refusjon ${amount} kr sendt til Vipps (${request.amount === undefined ? "etter reglene" : `overstyrt; reglene gir ${Math.max(0, byRule)} kr`})`;
      const key = await queueVippsRefund(tx, locked, amount, actor, note, now);
      await books.recordRefund(tx, registrationId, { amount, paymentId: locked.id }, { actor, reason: note, now });
      return { kind: "ready" as const, row: { ...locked, pendingRefundKey: key, pendingRefundAmount: amount }, key, amount };
    });
    if (prepared.kind !== "ready") return prepared;
    try {
      await this.sendRefund(prepared.row, prepared.key, prepared.amount, actor);
    } catch (error) {
      if (error instanceof VippsApiError && !error.retryable) {
        return { kind: "conflict", message: vippsMessages.refundRefused(error.problem?.detail ?? error.problem?.title ?? `HTTP ${error.status}`) };
      }
      await this.noteError(prepared.row.id, error, this.later(30_000));
      const row = await campPayment(this.db, prepared.row.id);
      return { kind: "pending", amount: prepared.amount, payment: paymentView(row!) };
    }
    const row = await campPayment(this.db, prepared.row.id);
    return { kind: "refunded", amount: prepared.amount, payment: paymentView(row!) };
  }
}
