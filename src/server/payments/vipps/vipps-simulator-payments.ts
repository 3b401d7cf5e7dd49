import { randomBytes, randomUUID } from "node:crypto";
import { safeEqual } from "../../admin-auth/password-hash.ts";
import {
  CreatePaymentRequestSchema,
  referencePattern,
  type Amount,
  type PaymentEvent,
  type VippsEventName,
  type VippsPaymentState,
} from "./vipps-types.ts";
import { problem, SimError } from "./vipps-simulator-problems.ts";
import type { SimPayment } from "./vipps-simulator-types.ts";
import { VippsSimulatorWebhooks } from "./vipps-simulator-webhooks.ts";

/** Payments that ended without money (aborted, expired, terminated) are forgotten this long after creation. */
const forgetAfterMs = 24 * 60 * 60_000;

/** Vipps's default: 5 minutes to open, 5 to approve. */
const simulatorExpiryMs = 10 * 60_000;

const zero = (currency: Amount["currency"] = "NOK"): Amount => ({ currency, value: 0 });

/** The simulator's payments: the ePayment state machine with its aggregates, events and error codes. */
export abstract class VippsSimulatorPayments extends VippsSimulatorWebhooks {
  landingUrl(reference: string) {
    return `${this.options.publicBaseUrl.replace(/\/+$/, "")}/vipps-sim/landing?reference=${encodeURIComponent(reference)}`;
  }

  /** The payment a landing link (reference and token, as given by the payer) is for; undefined for any wrong link. */
  paymentForLink(reference: unknown, token: unknown): SimPayment | undefined {
    if (typeof reference !== "string" || typeof token !== "string" || !referencePattern.test(reference)) return undefined;
    const payment = this.payments.get(reference);
    // Compared in constant time, so the answer time tells nothing about how much of a guess was right.
    if (!payment || !safeEqual(token, payment.token)) return undefined;
    this.expireIfDue(payment);
    return payment;
  }

  // ---- state machine -------------------------------------------------------------------------------

  private payment(reference: string, instance?: string): SimPayment {
    const payment = this.payments.get(reference);
    if (!payment) throw new SimError(404, problem(404, "Payment not found", undefined, `No payment with reference ${reference}`, instance));
    this.expireIfDue(payment);
    return payment;
  }

  private expireIfDue(payment: SimPayment) {
    if (payment.state === "CREATED" && this.options.now().getTime() - payment.createdAt >= simulatorExpiryMs) {
      this.transition(payment, "EXPIRED", "EXPIRED", payment.amount);
    }
  }

  private transition(payment: SimPayment, state: VippsPaymentState | undefined, eventName: VippsEventName, amount: Amount, idempotencyKey?: string) {
    if (state) payment.state = state;
    const event: PaymentEvent = {
      reference: payment.reference,
      pspReference: randomUUID(),
      name: eventName,
      amount,
      timestamp: this.options.now().toISOString(),
      idempotencyKey: idempotencyKey ?? null,
      success: true,
    };
    payment.events.push(event);
    this.sendWebhooks({ ...event, msn: payment.msn });
  }

  create(body: unknown, msn: string, idempotencyKey: string) {
    const parsed = CreatePaymentRequestSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new SimError(400, { ...problem(400, "Bad Request"), extraDetails: [{ name: issue.path.join("."), reason: issue.message }] });
    }
    const request = parsed.data;
    if (request.amount.currency !== "NOK") throw new SimError(400, problem(400, "Currency not supported for this sales unit", "5040"));
    if (request.amount.value < 100) throw new SimError(400, problem(400, "Amount too small", "6010"));
    if (request.userFlow === "WEB_REDIRECT" && !request.returnUrl) {
      throw new SimError(400, {
        ...problem(400, "Bad Request"),
        extraDetails: [{ name: "returnUrl", reason: "returnUrl is required for WEB_REDIRECT" }],
      });
    }
    this.forgetFinishedPayments();
    if (this.payments.has(request.reference))
      throw new SimError(409, problem(409, "Reference exists", "4150", `A payment with reference ${request.reference} already exists`));
    const payment: SimPayment = {
      reference: request.reference,
      msn,
      amount: request.amount,
      state: "CREATED",
      aggregate: { authorizedAmount: zero(), cancelledAmount: zero(), capturedAmount: zero(), refundedAmount: zero() },
      pspReference: String(Date.now()) + String(Math.floor(Math.random() * 1000)),
      paymentDescription: request.paymentDescription ?? "",
      returnUrl: request.returnUrl,
      token: randomBytes(24).toString("base64url"),
      createdAt: this.options.now().getTime(),
      events: [],
    };
    this.payments.set(payment.reference, payment);
    this.transition(payment, undefined, "CREATED", payment.amount, idempotencyKey);
    return { redirectUrl: `${this.landingUrl(payment.reference)}&token=${payment.token}`, reference: payment.reference };
  }

  /** At most once a minute: payments that ended without money a day ago are dropped, so the map stays small. */
  private forgetFinishedPayments() {
    const now = this.options.now().getTime();
    if (now - this.lastForget < 60_000) return;
    this.lastForget = now;
    for (const [reference, payment] of this.payments) {
      if (now - payment.createdAt < forgetAfterMs) continue;
      this.expireIfDue(payment);
      if (payment.state !== "AUTHORIZED") this.payments.delete(reference);
    }
  }

  getPayment(reference: string) {
    const p = this.payment(reference);
    return {
      aggregate: structuredClone(p.aggregate),
      amount: p.amount,
      state: p.state,
      paymentMethod: { type: "WALLET" },
      profile: {},
      pspReference: p.pspReference,
      reference: p.reference,
      ...(p.state === "CREATED" ? { redirectUrl: `${this.landingUrl(p.reference)}&token=${p.token}` } : {}),
    };
  }

  private modification(p: SimPayment, amount: Amount) {
    return {
      amount,
      state: p.state,
      aggregate: structuredClone(p.aggregate),
      pspReference: p.events[p.events.length - 1]!.pspReference,
      reference: p.reference,
    };
  }

  /** The payer approves (landing page, or the test endpoint). */
  approve(reference: string) {
    const p = this.payment(reference);
    if (p.state !== "CREATED")
      throw new SimError(400, problem(400, "Payment is not in a state that can be approved", undefined, `State is ${p.state}`));
    p.aggregate.authorizedAmount = { ...p.amount };
    this.transition(p, "AUTHORIZED", "AUTHORIZED", p.amount);
  }

  abort(reference: string) {
    const p = this.payment(reference);
    if (p.state !== "CREATED") throw new SimError(400, problem(400, "Payment is not in a state that can be aborted"));
    this.transition(p, "ABORTED", "ABORTED", p.amount);
  }

  expire(reference: string) {
    const p = this.payment(reference);
    if (p.state !== "CREATED") throw new SimError(400, problem(400, "Payment is not in a state that can expire"));
    this.transition(p, "EXPIRED", "EXPIRED", p.amount);
  }

  capture(reference: string, amount: Amount, key: string) {
    const p = this.payment(reference);
    if (p.state !== "AUTHORIZED") throw new SimError(400, problem(400, "Cannot capture before reservation", "6080"));
    const a = p.aggregate;
    if (amount.value > a.authorizedAmount.value - a.capturedAmount.value - a.cancelledAmount.value) {
      throw new SimError(400, problem(400, "Captured amount exceeds authorized amount", "6090"));
    }
    a.capturedAmount = { currency: amount.currency, value: a.capturedAmount.value + amount.value };
    this.transition(p, undefined, "CAPTURED", amount, key);
    return this.modification(p, amount);
  }

  refund(reference: string, amount: Amount, key: string) {
    const p = this.payment(reference);
    const a = p.aggregate;
    if (amount.value > a.capturedAmount.value - a.refundedAmount.value) throw new SimError(400, problem(400, "Refunded amount too high", "6150"));
    a.refundedAmount = { currency: amount.currency, value: a.refundedAmount.value + amount.value };
    this.transition(p, undefined, "REFUNDED", amount, key);
    return this.modification(p, amount);
  }

  cancel(reference: string, cancelTransactionOnly: boolean, key: string | undefined) {
    const p = this.payment(reference);
    const a = p.aggregate;
    if (p.state === "CREATED") {
      this.transition(p, "TERMINATED", "TERMINATED", p.amount, key);
      return this.modification(p, p.amount);
    }
    if (p.state === "TERMINATED") return this.modification(p, p.amount);
    if (p.state !== "AUTHORIZED")
      throw new SimError(400, problem(400, "Payment is in a final state and cannot be cancelled", undefined, `State is ${p.state}`));
    if (cancelTransactionOnly) throw new SimError(400, problem(400, "Payment is authorized; cancelTransactionOnly prevents cancelling it", "6060"));
    const remaining = a.authorizedAmount.value - a.capturedAmount.value - a.cancelledAmount.value;
    if (a.capturedAmount.value >= a.authorizedAmount.value) throw new SimError(400, problem(400, "Cannot cancel a fully captured payment", "6040"));
    const amount = { currency: p.amount.currency, value: remaining };
    if (remaining > 0) {
      a.cancelledAmount = { currency: p.amount.currency, value: a.cancelledAmount.value + remaining };
      this.transition(p, undefined, "CANCELLED", amount, key);
    }
    return this.modification(p, amount);
  }
}
