/**
 * Vipps for event orders, through the same ePayment client as the camp (docs/decisions/0006-vipps.md, 0022):
 * our state comes only from Vipps (a GET after every signal), applied under a row lock; the first
 * AUTHORIZED confirms the order and queues its mail in one transaction; capture follows after the commit
 * with one Idempotency-Key per attempt, and the captured money is written to the order's ledger once.
 * An attempt that ends unpaid gives its places and stock back.
 */
import { and, asc, desc, eq, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { toOre } from "../../shared/camp/camp-pricing.ts";
import type { VippsStatus } from "../../shared/payments/vipps-payment.ts";
import type { Db } from "../db/database.ts";
import { eventOrders, eventPayments, eventStock, events } from "../db/schema/events.ts";
import { HttpError } from "../errors.ts";
import { VippsApiError, VippsUnreachableError, type VippsClient } from "./vipps/vipps-client.ts";
import { vippsErrorCodes, type Aggregate, type VippsPaymentState } from "./vipps/vipps-types.ts";
import { appendEventEntries } from "../events/event-ledger.ts";
import { queueEventConfirmationMail } from "../events/event-mail.ts";
import { positionsOf } from "../events/event-positions.ts";
import { eventOrderIdPattern, type EventOrderAwaitingPayment, type EventPaymentGateway } from "../events/event-orders.ts";
import { offerEventPlacesIn } from "../events/event-waitlist.ts";
import { asEventOrder, leaderOrders } from "../events/event-store.ts";

/** An event order's payment: the table's other rows are the camp's (`camp_registration_id`), never read here. */
type PaymentRow = typeof eventPayments.$inferSelect & { orderId: number };

const isOrderPayment: SQL = isNotNull(eventPayments.orderId);
/** The event order's payment with this id (never the camp's of the same table). */
const orderPaymentWithId = (id: number): SQL => and(eq(eventPayments.id, id), isOrderPayment)!;
const orderPayments = (where: SQL): SQL => and(isOrderPayment, where)!;

export const eventVippsMessages = {
  busy: "Vipps svarer ikke akkurat nå. Prøv igjen om litt, eller velg betaling ved oppmøte.",
  refused: "Vipps avviste betalingen. Velg betaling ved oppmøte, eller prøv igjen senere.",
} as const;

const finalFailed = new Set(["ABORTED", "EXPIRED", "TERMINATED"]);
/** A create that never reached Vipps (GET says 404) is given up after this long, as the camp's is. */
const neverCreatedAfterMs = 15 * 60_000;
const kr = (ore: number) => Math.round(ore / 100);

export interface EventVippsOptions {
  client: VippsClient;
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  publicBaseUrl: string;
  mailQueued: () => void;
}

export class EventVipps implements EventPaymentGateway {
  constructor(private readonly options: EventVippsOptions) {}

  private get db() {
    return this.options.db;
  }

  /** Whether an order id is an event order's (the camp's are VL…). */
  owns(orderId: string): boolean {
    return eventOrderIdPattern.test(orderId);
  }

  private returnUrl(orderId: string) {
    return `${this.options.publicBaseUrl.replace(/\/+$/, "")}/vipps/${encodeURIComponent(orderId)}`;
  }

  private later(ms: number) {
    return new Date(this.options.now().getTime() + ms);
  }

  private async latest(orderRowId: number): Promise<PaymentRow | undefined> {
    const [row] = await this.db.select().from(eventPayments).where(eq(eventPayments.orderId, orderRowId)).orderBy(desc(eventPayments.id)).limit(1);
    return row as PaymentRow | undefined;
  }

  async createRedirect(order: EventOrderAwaitingPayment, depth = 0): Promise<string> {
    let row = await this.latest(order.id);
    if (!row) throw new Error(`Event order ${order.orderId} has no Vipps payment`);
    if (row.vippsState === "AUTHORIZED") return this.returnUrl(order.orderId);
    if (row.state === "failed" || (row.vippsState && finalFailed.has(row.vippsState))) {
      const [counted] = await this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(eventPayments)
        .where(eq(eventPayments.orderId, order.id));
      const now = this.options.now();
      await this.db
        .insert(eventPayments)
        .values({
          orderId: order.id,
          reference: `${order.orderId}-${Number(counted?.n ?? 0) + 1}`,
          method: "vipps",
          amount: row.amount,
          state: "created",
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
      row = (await this.latest(order.id))!;
    }
    if (row.redirectUrl) return row.redirectUrl;
    const digits = order.telephone.replace(/\D/g, "");
    const phone = digits.length === 8 ? `47${digits}` : digits.length >= 10 && digits.length <= 15 ? digits : undefined;
    try {
      const created = await this.options.client.createPayment(
        {
          amount: { currency: "NOK", value: toOre(row.amount) },
          paymentMethod: { type: "WALLET" },
          reference: row.reference,
          userFlow: "WEB_REDIRECT",
          returnUrl: this.returnUrl(order.orderId),
          paymentDescription: `${order.title}, ordre ${order.orderId}`.slice(0, 100),
          ...(phone ? { customer: { phoneNumber: phone } } : {}),
        },
        `create-${row.reference}`,
      );
      if (!created.redirectUrl) throw new Error("Vipps gave no redirectUrl");
      await this.db
        .update(eventPayments)
        .set({
          redirectUrl: created.redirectUrl,
          vippsState: sql`coalesce(${eventPayments.vippsState}, 'CREATED')`,
          nextCheckAt: this.later(5_000),
          updatedAt: this.options.now(),
        })
        .where(orderPaymentWithId(row.id));
      return created.redirectUrl;
    } catch (error) {
      if (error instanceof VippsApiError && error.code === vippsErrorCodes.referenceExists && depth === 0) {
        await this.sync(row);
        return this.createRedirect(order, depth + 1);
      }
      if (error instanceof VippsUnreachableError || (error instanceof VippsApiError && error.retryable)) {
        await this.db
          .update(eventPayments)
          .set({ nextCheckAt: this.later(60_000), updatedAt: this.options.now() })
          .where(orderPaymentWithId(row.id));
        throw new HttpError(503, eventVippsMessages.busy);
      }
      if (error instanceof VippsApiError) {
        await this.db
          .update(eventPayments)
          .set({ state: "failed", nextCheckAt: null, updatedAt: this.options.now() })
          .where(orderPaymentWithId(row.id));
        throw new HttpError(502, eventVippsMessages.refused);
      }
      throw error;
    }
  }

  /** GET the attempt at Vipps, apply it, and capture what is reserved (after the commit). */
  async sync(row: PaymentRow): Promise<void> {
    let remote;
    try {
      remote = await this.options.client.getPayment(row.reference);
    } catch (error) {
      if (error instanceof VippsApiError && error.status === 404) {
        // Otherwise it stays due for ever, and its order holds its places for ever.
        if (!row.vippsState && this.options.now().getTime() - row.createdAt.getTime() > neverCreatedAfterMs) await this.neverCreated(row.id);
        return;
      }
      throw error;
    }
    await this.apply(row.id, remote);
    const [fresh] = await this.db.select().from(eventPayments).where(orderPaymentWithId(row.id));
    if (fresh?.vippsState === "AUTHORIZED" && fresh.capturedAmount < fresh.authorizedAmount) {
      const captured = await this.options.client.capture(
        fresh.reference,
        { currency: "NOK", value: toOre(fresh.authorizedAmount) },
        `capture-${fresh.reference}`,
      );
      await this.apply(fresh.id, captured);
    }
  }

  private async apply(paymentId: number, remote: { state: VippsPaymentState; aggregate: Aggregate }): Promise<void> {
    const now = this.options.now();
    let queued = false;
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select id from event_payments where id = ${paymentId} and order_id is not null for update`);
      const [row] = (await tx.select().from(eventPayments).where(orderPaymentWithId(paymentId))) as PaymentRow[];
      if (!row) return;
      const vippsState = row.vippsState && row.vippsState !== "CREATED" ? row.vippsState : remote.state;
      const authorized = Math.max(row.authorizedAmount, kr(remote.aggregate.authorizedAmount.value));
      const captured = Math.max(row.capturedAmount, kr(remote.aggregate.capturedAmount.value));
      const [order] = await tx.select().from(eventOrders).where(eq(eventOrders.id, row.orderId));
      if (vippsState === "AUTHORIZED" && row.vippsState !== "AUTHORIZED" && order?.status === "pending_payment") {
        await tx.update(eventOrders).set({ status: "confirmed", confirmedAt: now }).where(eq(eventOrders.id, order.id));
        await queueEventConfirmationMail(tx, order, now);
        queued = true;
      }
      if (captured > row.capturedAmount) {
        await appendEventEntries(tx, [
          {
            orderId: row.orderId,
            at: now,
            actor: "vipps",
            reason: `Betalt med Vipps (${row.reference})`,
            kind: "payment",
            method: "vipps",
            amount: captured - row.capturedAmount,
            paymentId: row.id,
          },
        ]);
      }
      if (finalFailed.has(vippsState) && !finalFailed.has(row.vippsState ?? "") && order?.status === "pending_payment") {
        // The places go to the event's waiting list in the same transaction (their mails with this commit).
        if ((await this.giveBack(tx, order.id, now)) > 0) queued = true;
      }
      const done = finalFailed.has(vippsState) || (vippsState === "AUTHORIZED" && captured >= authorized);
      await tx
        .update(eventPayments)
        .set({
          vippsState,
          state:
            vippsState === "AUTHORIZED"
              ? captured > 0
                ? "captured"
                : "authorized"
              : vippsState === "CREATED"
                ? "created"
                : vippsState.toLowerCase(),
          authorizedAmount: authorized,
          capturedAmount: captured,
          // An event order's payment is never released or refunded through here: what it holds is what was reserved.
          paidAmount: authorized,
          lastCheckedAt: now,
          nextCheckAt: done ? null : this.later(vippsState === "AUTHORIZED" ? 1_000 : 10_000),
          updatedAt: now,
        })
        .where(orderPaymentWithId(paymentId));
    });
    if (queued) this.options.mailQueued();
  }

  /** An attempt Vipps never saw: failed, and its order (still waiting for it) gives its places back. */
  private async neverCreated(paymentId: number): Promise<void> {
    const now = this.options.now();
    let queued = false;
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select id from event_payments where id = ${paymentId} and order_id is not null for update`);
      const [row] = (await tx.select().from(eventPayments).where(orderPaymentWithId(paymentId))) as PaymentRow[];
      if (!row || row.vippsState || row.state === "failed") return;
      await tx
        .update(eventPayments)
        .set({ state: "failed", nextCheckAt: null, lastCheckedAt: now, updatedAt: now })
        .where(orderPaymentWithId(paymentId));
      const [order] = await tx.select().from(eventOrders).where(eq(eventOrders.id, row.orderId));
      if (order?.status === "pending_payment" && (await this.giveBack(tx, order.id, now)) > 0) queued = true;
    });
    if (queued) this.options.mailQueued();
  }

  /**
   * An order whose payment ended unpaid: cancelled, its charges taken off, its stock back on the shelf, its
   * places offered to the waiting list. Answers how many offers were made.
   */
  private async giveBack(tx: Db, orderRowId: number, now: Date): Promise<number> {
    const [order] = await tx.select().from(eventOrders).where(eq(eventOrders.id, orderRowId));
    if (!order) return 0;
    await tx.execute(sql`select id from ${events} where id = ${order.eventId} for update`);
    await tx.update(eventOrders).set({ status: "cancelled", cancelledAt: now }).where(eq(eventOrders.id, orderRowId));
    for (const line of (await positionsOf(tx, [orderRowId])).items) {
      await tx
        .update(eventStock)
        .set({ stock: sql`${eventStock.stock} + ${line.quantity}` })
        .where(and(eq(eventStock.eventId, order.eventId), eq(eventStock.itemId, line.itemId), eq(eventStock.variant, line.variant)));
    }
    await appendEventEntries(tx, [
      {
        orderId: orderRowId,
        at: now,
        actor: "system",
        reason: "Vipps-betalingen ble ikke fullført; ordren er avbrutt",
        kind: "charge",
        person: "order",
        item: "cancelled",
        label: "Avbrutt",
        amount: -asEventOrder(order).amount,
      },
    ]);
    return offerEventPlacesIn(tx, order.eventId, now, { publicBaseUrl: this.options.publicBaseUrl });
  }

  private async orderOf(orderId: string) {
    if (!this.owns(orderId)) return undefined;
    const [order] = await this.db
      .select()
      .from(eventOrders)
      // The camp's registrations are orders of the same table: never an event order's Vipps payment.
      .where(and(eq(eventOrders.orderId, orderId), leaderOrders));
    return order;
  }

  /** The result page's status of an event order; undefined when the order id is not an event order's. */
  async statusFor(orderId: string): Promise<VippsStatus | undefined> {
    const order = await this.orderOf(orderId);
    if (!order) return undefined;
    const rows = (await this.db
      .select()
      .from(eventPayments)
      .where(eq(eventPayments.orderId, order.id))
      .orderBy(asc(eventPayments.id))) as PaymentRow[];
    const last = rows[rows.length - 1];
    if (!last) return undefined;
    let latest: PaymentRow | undefined = last;
    if (rows.some((row) => row.vippsState === "AUTHORIZED")) return "RESERVED";
    const stale = !last.lastCheckedAt || this.options.now().getTime() - last.lastCheckedAt.getTime() >= 2_000;
    if (last.state !== "failed" && (!last.vippsState || last.vippsState === "CREATED") && stale) {
      try {
        await this.sync(last);
        [latest] = (await this.db.select().from(eventPayments).where(orderPaymentWithId(last.id))) as PaymentRow[];
      } catch (error) {
        this.options.log.warn(
          { reference: last.reference, err: error instanceof Error ? error.message : String(error) },
          "vipps status poll failed (event order)",
        );
      }
    }
    if (!latest || latest.state === "failed") return "RESERVE_FAILED";
    if (latest.vippsState === "AUTHORIZED") return "RESERVED";
    if (latest.vippsState === "ABORTED" || latest.vippsState === "TERMINATED") return "CANCELLED";
    if (latest.vippsState === "EXPIRED") return "REJECTED";
    return "";
  }

  async cancelByOrder(orderId: string): Promise<{ orderId: string; status: VippsStatus } | undefined> {
    const order = await this.orderOf(orderId);
    if (!order) return undefined;
    const latest = await this.latest(order.id);
    if (!latest) return undefined;
    if (latest.state !== "failed" && (!latest.vippsState || latest.vippsState === "CREATED")) {
      try {
        const result = await this.options.client.cancel(latest.reference, `cancel-${latest.reference}`, true);
        await this.apply(latest.id, result);
      } catch (error) {
        if (error instanceof VippsApiError && [400, 404, 409].includes(error.status)) await this.sync(latest);
        else if (error instanceof VippsUnreachableError || (error instanceof VippsApiError && error.retryable))
          throw new HttpError(503, eventVippsMessages.busy);
        else throw error;
      }
    }
    return { orderId, status: (await this.statusFor(orderId)) ?? "" };
  }

  /** A verified webhook: read the attempt from Vipps. Unknown references are not ours. */
  async onWebhook(reference: string): Promise<void> {
    const [row] = (await this.db
      .select()
      .from(eventPayments)
      .where(orderPayments(eq(eventPayments.reference, reference)))) as PaymentRow[];
    if (row && row.state !== "failed") await this.sync(row);
  }

  /** Every attempt that is due: looked up at Vipps (a lost webhook or a closed browser never leaves one open). */
  async reconcileOnce(): Promise<number> {
    const due = (await this.db
      .select()
      .from(eventPayments)
      .where(orderPayments(lte(eventPayments.nextCheckAt, this.options.now())))
      // The longest due first, so a pile of newer ones never keeps an older one waiting.
      .orderBy(asc(eventPayments.nextCheckAt), asc(eventPayments.id))
      .limit(20)) as PaymentRow[];
    for (const row of due) {
      try {
        await this.sync(row);
      } catch (error) {
        await this.db
          .update(eventPayments)
          .set({ nextCheckAt: this.later(60_000) })
          .where(orderPaymentWithId(row.id));
        this.options.log.warn(
          { reference: row.reference, err: error instanceof Error ? error.message : String(error) },
          "event vipps reconciliation deferred",
        );
      }
    }
    return due.length;
  }
}
