/**
 * The one Vipps service (D1, docs/decisions/0006-vipps.md), for the camp's registrations and the events' orders
 * alike: both sides' payments are rows of `event_payments`, read, applied, captured and reconciled by the same
 * code, which asks the payment's side (vipps-side.ts, by the row's owner) only what its owner does. Our stored
 * state comes only from Vipps (a GET after every signal: webhook, reconciliation, the result page's poll); it is
 * applied under a row lock, final states never change and amounts only grow, so duplicate, late or
 * out-of-order signals change nothing. The owner is confirmed and its e-mail queued in the transaction that
 * first sees AUTHORIZED; capture follows with one Idempotency-Key per payment, refunds with one key per admin
 * request, so no retry ever moves money twice.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { toOre } from "../../../shared/camp/camp-pricing.ts";
import { eventPayments } from "../../db/schema/events-money.ts";
import { HttpError } from "../../errors.ts";
import { VippsApiError, VippsUnreachableError } from "./vipps-errors.ts";
import { vippsErrorCodes } from "./vipps-types.ts";
import type { VippsReceipt, VippsStatus } from "../../../shared/payments/vipps-payment.ts";
import { statusText, vippsReceipt } from "./vipps-payment-view.ts";
import { finalFailedStates, type PaymentRow } from "./vipps-payment-sync.ts";
import { VippsPaymentAdmin } from "./vipps-payment-admin.ts";
import { paymentRow, vippsPaymentsOf, type VippsOwner } from "./vipps-side.ts";

/** The result page's status values (spec §7, D1). */
export type VippsStatusText = VippsStatus;

/**
 * What the camp hands over for a registration awaiting payment (camp/camp-payment-gateway.ts) and an event its
 * order (events/event-orders.ts): spelled out here, so payments/ imports no feature. app.ts plugs this service
 * into both seams, where the compiler checks that it fits them.
 */
interface CampPayer {
  registrationId: number;
  orderId: string;
  editionYear: number;
  telephone: string;
}
interface EventOrderPayer {
  id: number;
  orderId: string;
  telephone: string;
  title: string;
}

/** What a new attempt is made for: its owner, its order id (the reference's stem) and what the payer sees. */
interface Payer {
  owner: VippsOwner;
  orderId: string;
  telephone: string;
  description: string;
}

/**
 * Vipps as the camp's and the events' payment gateway: creating and ending attempts, and the browser's calls.
 * Settling, reading Vipps and the camp admin's refunds are in the classes it extends (vipps-payment-admin.ts,
 * vipps-payment-settlement.ts, vipps-payment-sync.ts).
 */
export class VippsPayments extends VippsPaymentAdmin {
  readonly available = true;

  returnUrl(orderId: string) {
    return `${this.options.publicBaseUrl.replace(/\/+$/, "")}/vipps/${encodeURIComponent(orderId)}`;
  }

  // ---- creating attempts ---------------------------------------------------------------------------

  /** CampPaymentGateway: the Vipps landing page for the registration's current attempt (idempotent). */
  createPaymentRedirect(registration: CampPayer): Promise<string> {
    return this.redirect({
      owner: { kind: "camp", id: registration.registrationId },
      orderId: registration.orderId,
      telephone: registration.telephone,
      description: `Vinterleir ${registration.editionYear}, ordre ${registration.orderId}`,
    });
  }

  /** EventPaymentGateway: the Vipps landing page for the event order's current attempt (idempotent). */
  createRedirect(order: EventOrderPayer): Promise<string> {
    return this.redirect({
      owner: { kind: "order", id: order.id },
      orderId: order.orderId,
      telephone: order.telephone,
      description: `${order.title}, ordre ${order.orderId}`.slice(0, 100),
    });
  }

  private async redirect(payer: Payer, depth = 0): Promise<string> {
    const side = this.options.sides[payer.owner.kind];
    let row = await this.latestVippsPayment(payer.owner);
    if (!row) throw new Error(`Order ${payer.orderId} has no Vipps payment`);
    if (row.state === "failed" || (row.vippsState && finalFailedStates.has(row.vippsState))) row = await this.newAttempt(payer, row);
    if (row.vippsState === "AUTHORIZED") return this.returnUrl(payer.orderId);
    if (row.redirectUrl) return row.redirectUrl;

    const phone = msisdn(payer.telephone);
    const body = {
      amount: { currency: "NOK" as const, value: toOre(row.amount) },
      paymentMethod: { type: "WALLET" as const },
      reference: row.reference,
      userFlow: "WEB_REDIRECT" as const,
      returnUrl: this.returnUrl(payer.orderId),
      paymentDescription: payer.description,
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
        .where(eq(eventPayments.id, row.id));
      return created.redirectUrl;
    } catch (error) {
      if (error instanceof VippsApiError && error.code === vippsErrorCodes.referenceExists && depth === 0) {
        // Created before (its answer was lost): take it from Vipps.
        const remote = await this.client.getPayment(row.reference);
        await this.apply(row.id, remote, "system", remote.redirectUrl);
        return this.redirect(payer, depth + 1);
      }
      if (error instanceof VippsUnreachableError || (error instanceof VippsApiError && error.retryable)) {
        // Maybe created: the same key makes the next try safe; reconciliation looks it up meanwhile.
        await this.noteError(row.id, error, this.later(60_000));
        this.log.warn({ reference: row.reference, err: (error as Error).message }, "vipps create payment failed; will retry");
        throw new HttpError(503, side.messages.busy);
      }
      if (error instanceof VippsApiError) {
        await this.db
          .update(eventPayments)
          .set({ state: "failed", nextCheckAt: null, lastError: error.message, updatedAt: this.now() })
          .where(eq(eventPayments.id, row.id));
        this.log.error({ reference: row.reference, err: error.message }, "vipps refused to create payment");
        throw new HttpError(502, side.messages.refused);
      }
      throw error;
    }
  }

  /** The next attempt `{orderId}-{n+1}` after one ended, asking what the last one asked. */
  private async newAttempt(payer: Payer, previous: PaymentRow): Promise<PaymentRow> {
    const [counted] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(eventPayments)
      .where(vippsPaymentsOf(payer.owner));
    const now = this.now();
    const side = this.options.sides[payer.owner.kind];
    // One transaction: no one reads the new attempt before its shares and amount are set.
    await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(eventPayments)
        .values({
          orderId: payer.owner.id,
          ownerKind: payer.owner.kind,
          reference: `${payer.orderId}-${Number(counted?.n ?? 0) + 1}`,
          method: "vipps",
          kind: previous.kind,
          amount: previous.amount,
          state: "created",
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: eventPayments.id });
      if (inserted) await side.attemptAdded?.(tx, previous.id, inserted.id);
    });
    return (await this.latestVippsPayment(payer.owner))!;
  }

  /**
   * CampPaymentGateway: before a pending registration switches to card/cash, end every open attempt at
   * Vipps without ever releasing an authorized one (cancelTransactionOnly). "authorized": one was paid after all.
   */
  async releasePendingPayment(registrationId: number): Promise<"released" | "authorized"> {
    const owned = vippsPaymentsOf({ kind: "camp", id: registrationId });
    const rows = await this.db.select().from(eventPayments).where(owned).orderBy(asc(eventPayments.id));
    try {
      for (const row of rows) {
        if (row.state === "failed" || (row.vippsState && row.vippsState !== "CREATED")) continue;
        await this.terminate(row, "system");
      }
    } catch (error) {
      if (error instanceof VippsUnreachableError || (error instanceof VippsApiError && error.retryable))
        throw new HttpError(503, this.options.sides.camp.messages.busy);
      throw error;
    }
    const after = await this.db
      .select()
      .from(eventPayments)
      .where(and(owned, eq(eventPayments.vippsState, "AUTHORIZED")));
    return after.length > 0 ? "authorized" : "released";
  }

  // ---- the browser's calls -------------------------------------------------------------------------

  /** The owner whose Vipps payments an order id stands for, of whichever side the order id is. */
  private async ownerOf(orderId: string): Promise<VippsOwner | undefined> {
    return (await this.options.sides.order.ownerOf(this.db, orderId)) ?? (await this.options.sides.camp.ownerOf(this.db, orderId));
  }

  /**
   * GET /api/Vipps/CheckIfVippsOk/{orderId}: the status of the order's Vipps payment from our stored state.
   * While it is open, a poll may ask Vipps (at most every 2 s per payment) — reading only; capture stays
   * with the reconciliation job.
   */
  async statusFor(orderId: string): Promise<VippsStatusText | undefined> {
    const owner = await this.ownerOf(orderId);
    if (!owner) return undefined;
    const rows = await this.db.select().from(eventPayments).where(vippsPaymentsOf(owner)).orderBy(asc(eventPayments.id));
    const latest = rows[rows.length - 1];
    if (!latest) return undefined;
    // Money held for someone still coming is RESERVED; once everyone it was for is cancelled, the order is CANCELLED.
    const holding = rows.findLast((row) => statusText(row) === "RESERVED");
    if (holding) return (await this.options.sides[owner.kind].allCancelled(this.db, holding)) ? "CANCELLED" : "RESERVED";
    const stale = !latest.lastCheckedAt || this.now().getTime() - latest.lastCheckedAt.getTime() >= 2_000;
    if (latest.state !== "failed" && (!latest.vippsState || latest.vippsState === "CREATED") && stale) {
      try {
        await this.sync(latest, "system");
        const fresh = await paymentRow(this.db, latest.id);
        if (fresh) return statusText(fresh);
      } catch (error) {
        this.log.warn({ reference: latest.reference, err: error instanceof Error ? error.message : String(error) }, "vipps status poll failed");
      }
    }
    return statusText(latest);
  }

  /** The result page's words about the order's reserved payment (`?kvittering=1`); undefined until one is reserved. */
  async receiptFor(orderId: string): Promise<VippsReceipt | undefined> {
    const owner = await this.ownerOf(orderId);
    if (!owner) return undefined;
    const rows = await this.db.select().from(eventPayments).where(vippsPaymentsOf(owner)).orderBy(asc(eventPayments.id));
    const reserved = rows.findLast((row) => row.vippsState === "AUTHORIZED");
    return reserved && vippsReceipt(this.db, owner, reserved);
  }

  /** POST /api/Vipps/Cancel/{orderId}: ends the open attempt at Vipps too; never releases an authorized one. */
  async cancelByOrder(orderId: string): Promise<{ orderId: string; status: VippsStatusText } | undefined> {
    const owner = await this.ownerOf(orderId);
    if (!owner) return undefined;
    const latest = await this.latestVippsPayment(owner);
    if (!latest) return undefined;
    if (latest.state !== "failed" && (!latest.vippsState || latest.vippsState === "CREATED")) {
      try {
        await this.terminate(latest, "payer");
      } catch (error) {
        if (error instanceof VippsUnreachableError || (error instanceof VippsApiError && error.retryable))
          throw new HttpError(503, this.options.sides[owner.kind].messages.busy);
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
    const [row] = await this.db.select().from(eventPayments).where(eq(eventPayments.reference, reference));
    if (!row || row.method !== "vipps") return;
    try {
      // Read first: what it finds (e.g. a capture now owed) makes the payment due by itself, and no other
      // process's reconciliation job races this webhook to the same news.
      if (row.state !== "failed") await this.sync(row, "vipps-webhook");
    } catch (error) {
      // Vipps could not be read just now: the reconciliation job looks at once.
      await this.db.update(eventPayments).set({ nextCheckAt: this.now() }).where(eq(eventPayments.id, row.id));
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
