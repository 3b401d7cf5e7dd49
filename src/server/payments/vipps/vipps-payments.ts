/**
 * Vipps payments for camp registrations (D1, docs/decisions/0006-vipps.md). Our stored state comes only
 * from Vipps (a GET after every signal: webhook, reconciliation, the result page's poll); it is applied
 * under a row lock, final states never change and amounts only grow, so duplicate, late or out-of-order
 * signals change nothing. The registration is confirmed and the e-mail queued in the transaction that
 * first sees AUTHORIZED; capture follows with one Idempotency-Key per payment, refunds with one key per
 * admin request, so no retry ever moves money twice.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { toOre } from "../../../shared/camp/camp-pricing.ts";
import { copyShares } from "../payment-shares.ts";
import type { CampPaymentGateway, RegistrationAwaitingPayment } from "../../camp/camp-payment-gateway.ts";
import { campRegistrations } from "../../db/schema/camp.ts";
import { eventPayments } from "../../db/schema/events.ts";
import { campPayment, campPaymentByReference, campPaymentsOf, campPaymentWithId, selectCampPayments } from "../camp-payment-rows.ts";
import { HttpError } from "../../errors.ts";
import { VippsApiError, VippsUnreachableError } from "./vipps-client.ts";
import { vippsErrorCodes } from "./vipps-types.ts";
import type { VippsStatus } from "../../../shared/payments/vipps-payment.ts";
import { statusText } from "./vipps-payment-view.ts";
import { vippsMessages } from "./vipps-payment-messages.ts";
import { finalFailedStates, type PaymentRow } from "./vipps-payment-sync.ts";
import { VippsPaymentAdmin } from "./vipps-payment-admin.ts";

/** The result page's status values (spec §7, D1). */
export type VippsStatusText = VippsStatus;

/**
 * Vipps as the camp's payment gateway: creating and ending attempts, and the browser's calls. Settling,
 * reading Vipps and the admin's refunds are in the classes it extends (vipps-payment-admin.ts,
 * vipps-payment-settlement.ts, vipps-payment-sync.ts).
 */
export class VippsPayments extends VippsPaymentAdmin implements CampPaymentGateway {
  readonly available = true;

  returnUrl(orderId: string) {
    return `${this.options.publicBaseUrl.replace(/\/+$/, "")}/vipps/${encodeURIComponent(orderId)}`;
  }

  // ---- creating attempts ---------------------------------------------------------------------------

  /** CampPaymentGateway: the Vipps landing page for the registration's current attempt (idempotent). */
  async createPaymentRedirect(registration: RegistrationAwaitingPayment, depth = 0): Promise<string> {
    let row = await this.latestVippsPayment(registration.registrationId);
    if (!row) throw new Error(`Registration ${registration.registrationId} has no Vipps payment`);
    if (row.state === "failed" || (row.vippsState && finalFailedStates.has(row.vippsState))) {
      row = await this.newAttempt(registration.registrationId, registration.orderId, row.amount, row.kind);
    }
    if (row.vippsState === "AUTHORIZED") return this.returnUrl(registration.orderId);
    if (row.redirectUrl) return row.redirectUrl;

    const phone = msisdn(registration.telephone);
    const body = {
      amount: { currency: "NOK" as const, value: toOre(row.amount) },
      paymentMethod: { type: "WALLET" as const },
      reference: row.reference,
      userFlow: "WEB_REDIRECT" as const,
      returnUrl: this.returnUrl(registration.orderId),
      paymentDescription: `Vinterleir ${registration.editionYear}, ordre ${registration.orderId}`,
      ...(phone ? { customer: { phoneNumber: phone } } : {}),
    };
    try {
      const created = await this.client.createPayment(body, `create-${row.reference}`);
      if (!created.redirectUrl) throw new Error("Vipps gave no redirectUrl");
      await this.db
        .update(eventPayments)
        .set({
          redirectUrl: created.redirectUrl,
          vippsState: sql`coalesce(${eventPayments.vippsState}, 'CREATED')`,
          nextCheckAt: this.later(5_000),
          lastError: null,
          updatedAt: this.now(),
        })
        .where(campPaymentWithId(row.id));
      return created.redirectUrl;
    } catch (error) {
      if (error instanceof VippsApiError && error.code === vippsErrorCodes.referenceExists && depth === 0) {
        // Created before (its answer was lost): take it from Vipps.
        const remote = await this.client.getPayment(row.reference);
        await this.apply(row.id, remote, "system", remote.redirectUrl);
        return this.createPaymentRedirect(registration, depth + 1);
      }
      if (error instanceof VippsUnreachableError || (error instanceof VippsApiError && error.retryable)) {
        // Maybe created: the same key makes the next try safe; reconciliation looks it up meanwhile.
        await this.noteError(row.id, error, this.later(60_000));
        this.log.warn({ reference: row.reference, err: (error as Error).message }, "vipps create payment failed; will retry");
        throw new HttpError(503, vippsMessages.busy);
      }
      if (error instanceof VippsApiError) {
        await this.db
          .update(eventPayments)
          .set({ state: "failed", nextCheckAt: null, lastError: error.message, updatedAt: this.now() })
          .where(campPaymentWithId(row.id));
        this.log.error({ reference: row.reference, err: error.message }, "vipps refused to create payment");
        throw new HttpError(502, vippsMessages.refused);
      }
      throw error;
    }
  }

  private async newAttempt(registrationId: number, orderId: string, amount: number, kind: PaymentRow["kind"] = "registration"): Promise<PaymentRow> {
    const [counted] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(eventPayments)
      .where(and(eq(eventPayments.campRegistrationId, registrationId), eq(eventPayments.method, "vipps")));
    const now = this.now();
    const previous = await this.latestVippsPayment(registrationId);
    // One transaction: no one reads the new attempt before its shares and amount are set.
    await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(eventPayments)
        .values({
          campRegistrationId: registrationId,
          reference: `${orderId}-${Number(counted?.n ?? 0) + 1}`,
          method: "vipps",
          kind,
          amount,
          state: "created",
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: eventPayments.id });
      // A group's payment: the next attempt carries the shares still owed, and asks for their sum.
      if (inserted && previous) await copyShares(tx, previous.id, inserted.id);
    });
    return (await this.latestVippsPayment(registrationId))!;
  }

  /**
   * CampPaymentGateway: before a pending registration switches to card/cash, end every open attempt at
   * Vipps without ever releasing an authorized one (cancelTransactionOnly). "authorized": one was paid after all.
   */
  async releasePendingPayment(registrationId: number): Promise<"released" | "authorized"> {
    const rows = await selectCampPayments(this.db, campPaymentsOf(registrationId, "vipps")).orderBy(asc(eventPayments.id));
    try {
      for (const row of rows) {
        if (row.state === "failed" || (row.vippsState && row.vippsState !== "CREATED")) continue;
        await this.terminate(row, "system");
      }
    } catch (error) {
      if (error instanceof VippsUnreachableError || (error instanceof VippsApiError && error.retryable)) throw new HttpError(503, vippsMessages.busy);
      throw error;
    }
    const after = await selectCampPayments(this.db, campPaymentsOf(registrationId, "vipps"));
    return after.some((row) => row.vippsState === "AUTHORIZED") ? "authorized" : "released";
  }

  // ---- the browser's calls -------------------------------------------------------------------------

  /**
   * The registration whose Vipps payment an order id stands for: its own, or for a further athlete of a group
   * that paid once, the group's first athlete (who holds the payment), so every athlete's result page works.
   */
  private async registrationByOrder(orderId: string) {
    const [registration] = await this.db.select().from(campRegistrations).where(eq(campRegistrations.orderId, orderId));
    if (!registration?.groupId || registration.groupId === orderId || (await this.latestVippsPayment(registration.id))) return registration;
    const [first] = await this.db.select().from(campRegistrations).where(eq(campRegistrations.orderId, registration.groupId));
    return first ?? registration;
  }

  /**
   * GET /api/Vipps/CheckIfVippsOk/{orderId}: the status of the order's Vipps payment from our stored state.
   * While it is open, a poll may ask Vipps (at most every 2 s per payment) — reading only; capture stays
   * with the reconciliation job.
   */
  async statusFor(orderId: string): Promise<VippsStatusText | undefined> {
    const registration = await this.registrationByOrder(orderId);
    if (!registration) return undefined;
    const rows = await selectCampPayments(this.db, campPaymentsOf(registration.id, "vipps")).orderBy(asc(eventPayments.id));
    const latest = rows[rows.length - 1];
    if (!latest) return undefined;
    if (rows.some((row) => row.vippsState === "AUTHORIZED")) return "RESERVED";
    const stale = !latest.lastCheckedAt || this.now().getTime() - latest.lastCheckedAt.getTime() >= 2_000;
    if (latest.state !== "failed" && (!latest.vippsState || latest.vippsState === "CREATED") && stale) {
      try {
        await this.sync(latest, "system");
        const fresh = await campPayment(this.db, latest.id);
        if (fresh) return statusText(fresh);
      } catch (error) {
        this.log.warn({ reference: latest.reference, err: error instanceof Error ? error.message : String(error) }, "vipps status poll failed");
      }
    }
    return statusText(latest);
  }

  /** POST /api/Vipps/Cancel/{orderId}: ends the open attempt at Vipps too; never releases an authorized one. */
  async cancelByOrder(orderId: string): Promise<{ orderId: string; status: VippsStatusText } | undefined> {
    const registration = await this.registrationByOrder(orderId);
    if (!registration) return undefined;
    const latest = await this.latestVippsPayment(registration.id);
    if (!latest) return undefined;
    if (latest.state !== "failed" && (!latest.vippsState || latest.vippsState === "CREATED")) {
      try {
        await this.terminate(latest, "payer");
      } catch (error) {
        if (error instanceof VippsUnreachableError || (error instanceof VippsApiError && error.retryable))
          throw new HttpError(503, vippsMessages.busy);
        throw error;
      }
    }
    return { orderId, status: (await this.statusFor(orderId)) ?? "" };
  }

  /**
   * A verified webhook: a signal only — the state is read from Vipps (confirming at once when authorized);
   * capture is left to the reconciliation job, kicked now, so the answer to Vipps stays quick.
   * Unknown references are ignored.
   */
  async onWebhook(reference: string): Promise<void> {
    const row = await campPaymentByReference(this.db, reference);
    if (!row || row.method !== "vipps") return;
    try {
      // Read first: what it finds (e.g. a capture now owed) makes the payment due by itself, and no other
      // process's reconciliation job races this webhook to the same news.
      if (row.state !== "failed") await this.sync(row, "vipps-webhook");
    } catch (error) {
      // Vipps could not be read just now: the reconciliation job looks at once.
      await this.db.update(eventPayments).set({ nextCheckAt: this.now() }).where(campPaymentWithId(row.id));
      throw error;
    } finally {
      this.options.workDue?.();
    }
  }
}

/** A Norwegian number as MSISDN (4712345678) when it clearly is one; otherwise nothing is sent. */
function msisdn(telephone: string): string | undefined {
  const digits = telephone.replace(/[\s-]/g, "");
  if (/^\d{8}$/.test(digits)) return `47${digits}`;
  const plus = /^\+(\d{10,15})$/.exec(digits);
  if (plus) return plus[1];
  const zeros = /^00(\d{10,15})$/.exec(digits);
  if (zeros) return zeros[1];
  return undefined;
}
