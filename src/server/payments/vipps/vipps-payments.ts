/**
 * Vipps payments for camp registrations (D1, docs/decisions/0006-vipps.md). Our stored state comes only
 * from Vipps (a GET after every signal: webhook, reconciliation, the result page's poll); it is applied
 * under a row lock, final states never change and amounts only grow, so duplicate, late or out-of-order
 * signals change nothing. The registration is confirmed and the e-mail queued in the transaction that
 * first sees AUTHORIZED; capture follows with one Idempotency-Key per payment, refunds with one key per
 * admin request, so no retry ever moves money twice.
 */
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { campRefund, toOre } from "../../../shared/camp/camp-pricing.ts";
import { vippsStateLabel } from "../../../shared/camp/camp-state-labels.ts";
import { queueCampConfirmationMail, queueCampGroupConfirmationMail } from "../../camp/camp-confirmation-queue.ts";
import { addShareRefund, copyShares, paymentsOfRegistration, shareRegistrationIds } from "../payment-shares.ts";
import { queueVippsRefund } from "../queue-refund.ts";
import { appendEntries, figuresOf, readLedger, recordRefundRefused, recordVippsCapture } from "../../camp/camp-ledger-store.ts";
import { campEditionOfYear } from "../../camp/camp-edition-lookup.ts";
import type { CampPaymentGateway, RegistrationAwaitingPayment } from "../../camp/camp-payment-gateway.ts";
import type { Db } from "../../db/database.ts";
import { campRegistrations, moneyActions, payments } from "../../db/schema/camp.ts";
import { HttpError } from "../../errors.ts";
import { VippsApiError, VippsUnreachableError, type VippsClient } from "./vipps-client.ts";
import { vippsErrorCodes, type Aggregate, type VippsPaymentState } from "./vipps-types.ts";
import type { VippsPaymentView, VippsStatus } from "../../../shared/payments/vipps-payment.ts";
import { paymentView, stateText, statusText, vippsAdminView } from "./vipps-payment-view.ts";

type PaymentRow = typeof payments.$inferSelect;

/** The result page's status values (spec §7, D1). */
export type VippsStatusText = VippsStatus;

export const vippsMessages = {
  busy: "Vipps svarer ikke akkurat nå. Registreringen er lagret – prøv igjen om litt, eller velg kort eller kontant.",
  refused: "Vipps avviste betalingen. Velg kort eller kontant, eller prøv igjen senere.",
  orderNotFound: "Fant ikke ordren.",
  notCaptured: "Betalingen er ikke trukket ennå, så det er ingenting å refundere. Prøv igjen om litt.",
  nothingToRefund: "Det er ingenting igjen å refundere på denne betalingen.",
  refundTooHigh: (max: number) => `Beløpet er for høyt: høyst ${max} kr kan refunderes.`,
  refundPending: "En refusjon er allerede sendt til Vipps og venter på svar. Prøv igjen om litt.",
  refundChanged: "Refusjonene er endret siden siden ble lastet. Last inn på nytt og prøv igjen.",
  refundRefused: (reason: string) => `Vipps avviste refusjonen: ${reason}`,
} as const;

const finalFailedStates = new Set(["ABORTED", "EXPIRED", "TERMINATED"]);
const kr = (ore: number) => Math.round(ore / 100);
/** Vipps's default expiry is 10 minutes; after 20 we terminate what is still open ourselves. */
const abandonAfterMs = 20 * 60_000;
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

export class VippsPayments implements CampPaymentGateway {
  readonly available = true;
  private readonly client: VippsClient;
  private readonly db: Db;
  private readonly now: () => Date;
  private readonly log: FastifyBaseLogger;

  constructor(private readonly options: VippsPaymentsOptions) {
    this.client = options.client;
    this.db = options.db;
    this.now = options.now;
    this.log = options.log;
  }

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
        .update(payments)
        .set({
          redirectUrl: created.redirectUrl,
          vippsState: sql`coalesce(${payments.vippsState}, 'CREATED')`,
          nextCheckAt: this.later(5_000),
          lastError: null,
          updatedAt: this.now(),
        })
        .where(eq(payments.id, row.id));
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
          .update(payments)
          .set({ state: "failed", nextCheckAt: null, lastError: error.message, updatedAt: this.now() })
          .where(eq(payments.id, row.id));
        this.log.error({ reference: row.reference, err: error.message }, "vipps refused to create payment");
        throw new HttpError(502, vippsMessages.refused);
      }
      throw error;
    }
  }

  private async newAttempt(registrationId: number, orderId: string, amount: number, kind: PaymentRow["kind"] = "registration"): Promise<PaymentRow> {
    const [counted] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(and(eq(payments.registrationId, registrationId), eq(payments.method, "vipps")));
    const now = this.now();
    const previous = await this.latestVippsPayment(registrationId);
    const [inserted] = await this.db
      .insert(payments)
      .values({
        registrationId,
        reference: `${orderId}-${Number(counted?.n ?? 0) + 1}`,
        method: "vipps",
        kind,
        amount,
        state: "created",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    // A group's payment: the next attempt carries the same shares.
    if (inserted && previous) await copyShares(this.db, previous.id, inserted.id);
    return (await this.latestVippsPayment(registrationId))!;
  }

  /**
   * CampPaymentGateway: before a pending registration switches to card/cash, end every open attempt at
   * Vipps without ever releasing an authorized one (cancelTransactionOnly). "authorized": one was paid after all.
   */
  async releasePendingPayment(registrationId: number): Promise<"released" | "authorized"> {
    const rows = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.registrationId, registrationId), eq(payments.method, "vipps")))
      .orderBy(asc(payments.id));
    try {
      for (const row of rows) {
        if (row.state === "failed" || (row.vippsState && row.vippsState !== "CREATED")) continue;
        await this.terminate(row, "system");
      }
    } catch (error) {
      if (error instanceof VippsUnreachableError || (error instanceof VippsApiError && error.retryable)) throw new HttpError(503, vippsMessages.busy);
      throw error;
    }
    const after = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.registrationId, registrationId), eq(payments.method, "vipps")));
    return after.some((row) => row.vippsState === "AUTHORIZED") ? "authorized" : "released";
  }

  /** Cancels an attempt that is not authorized; if Vipps says it is (6060), takes that state instead. */
  private async terminate(row: PaymentRow, actor: string) {
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
            .update(payments)
            .set({ state: "failed", nextCheckAt: null, lastError: "Not found at Vipps", updatedAt: this.now() })
            .where(eq(payments.id, row.id));
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
      await tx.execute(sql`select id from payments where id = ${paymentId} for update`);
      const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId));
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
        tx.insert(moneyActions).values({ paymentId, actor, action, amount, at: now, note });

      if (vippsState === "AUTHORIZED" && current !== "AUTHORIZED") {
        // A group's payment confirms every athlete of the group at once, with the group's one mail.
        const group = await shareRegistrationIds(tx, paymentId);
        const ids = group.length > 0 ? group : [row.registrationId];
        for (const id of ids) await tx.execute(sql`select id from camp_registrations where id = ${id} for update`);
        const [updated] = await tx
          .update(campRegistrations)
          .set({ status: "confirmed", confirmedAt: now })
          .where(and(inArray(campRegistrations.id, ids), eq(campRegistrations.status, "pending_payment")))
          .returning({ id: campRegistrations.id });
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
          (await figuresOf(tx, row.registrationId)).outstanding >= amounts.authorized
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
        .update(payments)
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
        .where(eq(payments.id, paymentId));
      return { confirmedNow, endedUnpaid };
    });
    if (confirmed.confirmedNow) {
      this.options.mailQueued();
      this.options.workDue?.();
    }
    if (confirmed.endedUnpaid) this.options.placeFreed?.();
  }

  // ---- one payment, start to end -------------------------------------------------------------------

  /** Everything still owed for one payment: read Vipps, capture or release, retry a refund, terminate if abandoned. */
  async process(paymentId: number, actor = "system"): Promise<void> {
    let [row] = await this.db.select().from(payments).where(eq(payments.id, paymentId));
    if (!row || row.method !== "vipps") return;
    let error: unknown;
    try {
      if (row.pendingRefundKey && row.pendingRefundAmount) await this.sendRefund(row, row.pendingRefundKey, row.pendingRefundAmount, actor);
      if (row.state !== "failed") await this.sync(row, actor);
      [row] = await this.db.select().from(payments).where(eq(payments.id, paymentId));
      if (row!.settle === "capture") {
        // Released only when nobody it pays for is still coming (a group's payment: every athlete cancelled).
        const group = await shareRegistrationIds(this.db, paymentId);
        const ids = group.length > 0 ? group : [row!.registrationId];
        const coming = await this.db
          .select({ id: campRegistrations.id })
          .from(campRegistrations)
          .where(and(inArray(campRegistrations.id, ids), ne(campRegistrations.status, "cancelled")));
        if (coming.length === 0 && row!.capturedAmount === 0) {
          await this.db.update(payments).set({ settle: "release" }).where(eq(payments.id, paymentId));
          row!.settle = "release";
        }
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
    [row] = await this.db.select().from(payments).where(eq(payments.id, paymentId));
    if (!row) return;
    // Done with it: the next check as the state asks, and the claim released for whichever process comes next.
    await this.db
      .update(payments)
      .set({
        nextCheckAt: this.nextCheck(row, error !== undefined),
        claimedUntil: null,
        lastError: error ? String(error instanceof Error ? error.message : error).slice(0, 1000) : null,
      })
      .where(eq(payments.id, paymentId));
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

  private later(ms: number) {
    return new Date(this.now().getTime() + ms);
  }

  private async noteError(paymentId: number, error: unknown, nextCheckAt: Date) {
    await this.db
      .update(payments)
      .set({ lastError: String(error instanceof Error ? error.message : error).slice(0, 1000), nextCheckAt, updatedAt: this.now() })
      .where(eq(payments.id, paymentId));
  }

  /**
   * The reconciliation job: claims due payments and processes each. The claim is one UPDATE … FOR UPDATE SKIP
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
      update payments set claimed_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
       where id in (
         select id from payments
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

  private async latestVippsPayment(registrationId: number): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.registrationId, registrationId), eq(payments.method, "vipps")))
      .orderBy(desc(payments.id))
      .limit(1);
    return row;
  }

  /**
   * GET /api/Vipps/CheckIfVippsOk/{orderId}: the status of the order's Vipps payment from our stored state.
   * While it is open, a poll may ask Vipps (at most every 2 s per payment) — reading only; capture stays
   * with the reconciliation job.
   */
  async statusFor(orderId: string): Promise<VippsStatusText | undefined> {
    const registration = await this.registrationByOrder(orderId);
    if (!registration) return undefined;
    const rows = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.registrationId, registration.id), eq(payments.method, "vipps")))
      .orderBy(asc(payments.id));
    const latest = rows[rows.length - 1];
    if (!latest) return undefined;
    if (rows.some((row) => row.vippsState === "AUTHORIZED")) return "RESERVED";
    const stale = !latest.lastCheckedAt || this.now().getTime() - latest.lastCheckedAt.getTime() >= 2_000;
    if (latest.state !== "failed" && (!latest.vippsState || latest.vippsState === "CREATED") && stale) {
      try {
        await this.sync(latest, "system");
        const [fresh] = await this.db.select().from(payments).where(eq(payments.id, latest.id));
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
    const [row] = await this.db.select().from(payments).where(eq(payments.reference, reference));
    if (!row || row.method !== "vipps") return;
    try {
      // Read first: what it finds (e.g. a capture now owed) makes the payment due by itself, and no other
      // process's reconciliation job races this webhook to the same news.
      if (row.state !== "failed") await this.sync(row, "vipps-webhook");
    } catch (error) {
      // Vipps could not be read just now: the reconciliation job looks at once.
      await this.db.update(payments).set({ nextCheckAt: this.now() }).where(eq(payments.id, row.id));
      throw error;
    } finally {
      this.options.workDue?.();
    }
  }

  // ---- the camp admin ------------------------------------------------------------------------------

  /** The registration's payments, money log and refund offer for the camp admin (vipps-payment-view.ts). */
  adminView(registrationId: number) {
    return vippsAdminView(this.db, registrationId, this.now());
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
    const prepared = await this.db.transaction(async (tx) => {
      const [registration] = await tx.select().from(campRegistrations).where(eq(campRegistrations.id, registrationId));
      if (!registration) return { kind: "not-found" as const };
      // Its own payments, and of a group's one payment its share: a refund never takes another athlete's money.
      const candidates = (await paymentsOfRegistration(tx, registrationId)).filter((row) => row.method === "vipps").reverse();
      const target = candidates.find((row) => row.capturedAmount > 0) ?? candidates.find((row) => row.vippsState === "AUTHORIZED");
      if (!target) return { kind: "not-found" as const };
      await tx.execute(sql`select id from payments where id = ${target.id} for update`);
      const [locked] = await tx.select().from(payments).where(eq(payments.id, target.id));
      const row = (await paymentsOfRegistration(tx, registrationId)).find((candidate) => candidate.id === target.id);
      if (!locked || !row) return { kind: "not-found" as const };
      if (locked.pendingRefundKey) return { kind: "conflict" as const, message: vippsMessages.refundPending };
      if (request.alreadyRefunded !== undefined && request.alreadyRefunded !== row.refundedAmount)
        return { kind: "conflict" as const, message: vippsMessages.refundChanged };
      if (row.capturedAmount === 0) return { kind: "conflict" as const, message: vippsMessages.notCaptured };
      // Never more than the order's ledger holds on this payment (what came in for it less what went back).
      const ledger = await readLedger(tx, registrationId);
      const heldHere = ledger.reduce(
        (sum, entry) =>
          entry.paymentId === target.id ? sum + (entry.kind === "payment" ? entry.amount : entry.kind === "refund" ? -entry.amount : 0) : sum,
        0,
      );
      const max = Math.min(row.capturedAmount - row.refundedAmount, locked.capturedAmount - locked.refundedAmount, heldHere);
      if (max <= 0) return { kind: "conflict" as const, message: vippsMessages.nothingToRefund };
      const byRule = campRefund(row.capturedAmount, await campEditionOfYear(tx, registration.editionYear), now) - row.refundedAmount;
      const amount = request.amount ?? byRule;
      if (!Number.isInteger(amount) || amount < 1) return { kind: "invalid" as const, message: vippsMessages.nothingToRefund };
      if (amount > max) return { kind: "invalid" as const, message: vippsMessages.refundTooHigh(max) };
      const note = `Refusjon ${amount} kr sendt til Vipps (${request.amount === undefined ? "etter reglene" : `overstyrt; reglene gir ${Math.max(0, byRule)} kr`})`;
      const key = await queueVippsRefund(tx, locked, amount, actor, note, now);
      await addShareRefund(tx, locked.id, registrationId, amount);
      await appendEntries(tx, registrationId, [{ kind: "refund", method: "vipps", amount, paymentId: locked.id }], { actor, reason: note, now });
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
      const [row] = await this.db.select().from(payments).where(eq(payments.id, prepared.row.id));
      return { kind: "pending", amount: prepared.amount, payment: paymentView(row!) };
    }
    const [row] = await this.db.select().from(payments).where(eq(payments.id, prepared.row.id));
    return { kind: "refunded", amount: prepared.amount, payment: paymentView(row!) };
  }

  /** Sends (or resends, same key and amount) a refund; clears it when Vipps answers for good. */
  private async sendRefund(row: PaymentRow, key: string, amount: number, actor: string) {
    try {
      const result = await this.client.refund(row.reference, { currency: "NOK", value: toOre(amount) }, key);
      await this.apply(row.id, result, actor);
      await this.db
        .update(payments)
        .set({ pendingRefundKey: null, pendingRefundAmount: null })
        .where(and(eq(payments.id, row.id), eq(payments.pendingRefundKey, key)));
    } catch (error) {
      if (error instanceof VippsApiError && !error.retryable) {
        await this.db.transaction(async (tx) => {
          await tx
            .update(payments)
            .set({ pendingRefundKey: null, pendingRefundAmount: null, lastError: error.message })
            .where(and(eq(payments.id, row.id), eq(payments.pendingRefundKey, key)));
          await tx
            .insert(moneyActions)
            .values({ paymentId: row.id, actor, action: "refund-failed", amount, at: this.now(), note: error.message.slice(0, 500) });
          // The money is still owed back: outside Vipps now, on the treasurer's list.
          await recordRefundRefused(tx, row.id, amount, {
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
