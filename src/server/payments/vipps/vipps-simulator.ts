/**
 * The built-in Vipps MobilePay simulator: a real HTTP service under /vipps-sim/ on the app's own port,
 * speaking the parts of the Access Token, ePayment and Webhooks APIs we use with their states, aggregates,
 * events and problem+json error codes, and signing webhooks exactly as Vipps does. State is in this
 * process's memory: one simulator per process (several processes would each have their own — fine for
 * development and tests, which is all it is for).
 *
 * It only does what Vipps does for a merchant and a payer: its API keys are random per process (nobody
 * else can create, capture or refund), only the holder of a payment's landing link can approve it
 * (vipps-simulator-landing.ts), and webhooks go only to this site's own address. The routes answer only
 * requests from this machine and exist only outside production (vipps-simulator-routes.ts).
 *
 * Test endpoint: POST /vipps-sim/epayment/v1/test/payments/{reference}/approve (as Vipps's test environment).
 * Misbehaviour for tests: the control routes (vipps-simulator-control.ts), or the same through this object.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { safeEqual } from "../../admin-auth/password-hash.ts";
import { isLoopbackAddress } from "../../security/local-request.ts";
import { signWebhook } from "./vipps-signature.ts";
import {
  CreatePaymentRequestSchema,
  referencePattern,
  type Aggregate,
  type Amount,
  type PaymentEvent,
  type VippsEventName,
  type VippsPaymentState,
} from "./vipps-types.ts";

export interface SimulatorCredentials {
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  merchantSerialNumber: string;
}

/** Fresh keys for each process: the simulator must not accept keys anyone can read in the source. */
function randomCredentials(): SimulatorCredentials {
  return {
    clientId: randomUUID(),
    clientSecret: randomBytes(32).toString("base64url"),
    subscriptionKey: randomBytes(16).toString("hex"),
    // Not a secret at Vipps either (it is on receipts).
    merchantSerialNumber: "123456",
  };
}

/** The request log keeps the newest entries only: a long-running development server must not fill its memory. */
export const simulatorLogLimit = 1_000;
/** Payments that ended without money (aborted, expired, terminated) are forgotten this long after creation. */
const forgetAfterMs = 24 * 60 * 60_000;

/** Vipps's default: 5 minutes to open, 5 to approve. */
const simulatorExpiryMs = 10 * 60_000;

export type SimOperation = "token" | "create" | "get" | "events" | "capture" | "refund" | "cancel" | "approve";

export interface SimFault {
  operation: SimOperation;
  /** 500, 429, 503 …; 0 with `delayMs` = a slow answer (a timeout at the client; the work is still done). */
  status: number;
  /** How many requests it hits. */
  count: number;
  /** "before": fail without doing anything; "after": do the operation, then lose the answer. */
  when?: "before" | "after";
  delayMs?: number;
}

export type WebhookMode = "normal" | "drop" | "duplicate" | "out-of-order";

export interface SimPayment {
  reference: string;
  msn: string;
  amount: Amount;
  state: VippsPaymentState;
  aggregate: Aggregate;
  pspReference: string;
  paymentDescription: string;
  returnUrl?: string;
  token: string;
  createdAt: number;
  events: PaymentEvent[];
}

interface Delivery {
  url: string;
  event: PaymentEvent & { msn: string };
  status?: number;
}

export interface SimulatorOptions {
  now: () => Date;
  /** Public address of the app: the landing page lives at {publicBaseUrl}/vipps-sim/landing. */
  publicBaseUrl: string;
  /** Delivers a signed webhook; default: the app itself through inject (same process). */
  deliver?: (url: string, headers: Record<string, string>, body: string) => Promise<number>;
  tokenLifetimeSeconds?: number;
  /** Default: random per process. */
  credentials?: SimulatorCredentials;
  /**
   * Webhooks may also go to loopback addresses (another process on this machine, as in the scale-out test);
   * otherwise only to publicBaseUrl's origin. Only with the test controls.
   */
  allowLoopbackWebhooks?: boolean;
}

export function problem(status: number, title: string, code?: string, detail?: string, instance?: string) {
  return {
    type: `https://httpstatuses.io/${status}`,
    title,
    status,
    ...(detail ? { detail } : {}),
    ...(instance ? { instance } : {}),
    traceId: `00-${randomBytes(16).toString("hex")}-${randomBytes(8).toString("hex")}-01`,
    ...(code ? { extraDetails: [{ name: "ErrorCode", reason: code }] } : {}),
  };
}

export class SimError extends Error {
  constructor(
    readonly status: number,
    readonly body: object,
  ) {
    super(`simulator ${status}`);
  }
}

const zero = (currency: Amount["currency"] = "NOK"): Amount => ({ currency, value: 0 });

export class VippsSimulator {
  readonly payments = new Map<string, SimPayment>();
  readonly deliveries: Delivery[] = [];
  /** Every request the simulator answered: operation, headers and body, for contract tests. */
  readonly requests: { operation: string; method: string; url: string; headers: Record<string, string | string[] | undefined>; body: unknown }[] = [];
  private readonly tokens = new Map<string, number>();
  private readonly idempotency = new Map<string, { bodyHash: string; status: number; response: unknown }>();
  private readonly webhooks = new Map<string, { url: string; events: string[]; secret: string }>();
  private faults: SimFault[] = [];
  private lastForget = 0;
  readonly credentials: SimulatorCredentials;
  webhookMode: WebhookMode = "normal";
  private heldDelivery: (() => Promise<void>) | undefined;
  private pendingDeliveries = new Set<Promise<void>>();
  deliver: (url: string, headers: Record<string, string>, body: string) => Promise<number>;

  constructor(private readonly options: SimulatorOptions) {
    this.credentials = options.credentials ?? randomCredentials();
    this.deliver =
      options.deliver ??
      (async (url, headers, body) => {
        const response = await fetch(url, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body });
        return response.status;
      });
  }

  get tokenLifetimeSeconds() {
    return this.options.tokenLifetimeSeconds ?? 3600;
  }

  /** Every issued access token stops working (the client must renew on 401). */
  revokeTokens() {
    this.tokens.clear();
  }

  addFault(fault: SimFault) {
    this.faults.push({ when: "before", ...fault });
  }

  clearFaults() {
    this.faults = [];
  }

  reset() {
    this.payments.clear();
    this.deliveries.length = 0;
    this.requests.length = 0;
    this.idempotency.clear();
    this.faults = [];
    this.webhookMode = "normal";
    this.heldDelivery = undefined;
  }

  /** Waits until the webhooks sent so far have been delivered (or failed). */
  async settled() {
    while (this.pendingDeliveries.size) await Promise.all([...this.pendingDeliveries]);
  }

  /** Sends a webhook held back by "out-of-order" now. */
  async flushHeld() {
    const held = this.heldDelivery;
    this.heldDelivery = undefined;
    if (held) await held();
  }

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

  // ---- webhooks ------------------------------------------------------------------------------------

  /** This site's own address; loopback addresses too only with the test controls. Never anywhere else (no SSRF). */
  webhookTargetAllowed(url: string): boolean {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return false;
    }
    if (target.protocol !== "http:" && target.protocol !== "https:") return false;
    if (target.origin === new URL(this.options.publicBaseUrl).origin) return true;
    return this.options.allowLoopbackWebhooks === true && isLoopbackAddress(target.hostname.replace(/^\[|\]$/g, ""));
  }

  registerWebhook(url: string, events: string[]) {
    if (!this.webhookTargetAllowed(url)) {
      throw new SimError(400, {
        ...problem(400, "Bad Request"),
        extraDetails: [{ name: "url", reason: "The URL must be this merchant's own address" }],
      });
    }
    const id = randomUUID();
    const secret = randomBytes(24).toString("base64url");
    this.webhooks.set(id, { url, events, secret });
    return { id, secret };
  }

  private sendWebhooks(event: PaymentEvent & { msn: string }) {
    const type = `epayments.payment.${event.name.toLowerCase()}.v1`;
    for (const hook of this.webhooks.values()) {
      if (!hook.events.includes(type)) continue;
      const send = async () => {
        const body = JSON.stringify(event);
        const delivery: Delivery = { url: hook.url, event };
        this.deliveries.push(delivery);
        trimToLimit(this.deliveries);
        // Vipps retries failed deliveries; a few quick tries are enough here.
        for (let attempt = 0; attempt < 3; attempt++) {
          try {
            delivery.status = await this.deliver(hook.url, signWebhook({ secret: hook.secret, url: hook.url, body, date: this.options.now() }), body);
            if (delivery.status >= 200 && delivery.status < 300) return;
          } catch {
            delivery.status = 0;
          }
        }
      };
      const mode = this.webhookMode;
      if (mode === "drop") continue;
      const track = (work: () => Promise<void>) => {
        // Deliver after the answer that caused the event, as Vipps does.
        const promise = new Promise<void>((resolve) => setImmediate(resolve)).then(work).finally(() => this.pendingDeliveries.delete(promise));
        this.pendingDeliveries.add(promise);
      };
      if (mode === "out-of-order") {
        const held = this.heldDelivery;
        if (!held) {
          this.heldDelivery = send;
          continue;
        }
        this.heldDelivery = undefined;
        track(async () => {
          await send();
          await held();
        });
        continue;
      }
      track(send);
      if (mode === "duplicate") track(send);
    }
  }

  // ---- faults --------------------------------------------------------------------------------------

  private takeFault(operation: SimOperation): SimFault | undefined {
    const index = this.faults.findIndex((fault) => fault.operation === operation && fault.count > 0);
    if (index < 0) return undefined;
    const fault = this.faults[index]!;
    fault.count--;
    return fault;
  }

  // ---- HTTP ----------------------------------------------------------------------------------------

  checkToken(request: FastifyRequest) {
    const auth = String(request.headers.authorization ?? "");
    const match = /^Bearer (.+)$/.exec(auth);
    const expires = match ? this.tokens.get(match[1]!) : undefined;
    if (!expires || expires <= this.options.now().getTime())
      throw new SimError(401, { ...problem(401, "Unauthorized"), detail: "Missing or invalid access token" });
    if (!matches(request.headers["ocp-apim-subscription-key"], this.credentials.subscriptionKey))
      throw new SimError(401, problem(401, "Invalid subscription key"));
    const msn = String(request.headers["merchant-serial-number"] ?? "");
    if (msn !== this.credentials.merchantSerialNumber) throw new SimError(403, problem(403, "Merchant not allowed for this product"));
    return msn;
  }

  issueToken(request: FastifyRequest) {
    const h = request.headers;
    const keys = this.credentials;
    // Every key is compared (no early exit), each in constant time.
    const ok = [
      matches(h.client_id, keys.clientId),
      matches(h.client_secret, keys.clientSecret),
      matches(h["ocp-apim-subscription-key"], keys.subscriptionKey),
    ];
    if (ok.includes(false)) {
      throw new SimError(401, { error: "unauthorized_client", error_description: "Invalid client credentials" });
    }
    const token = `sim.${randomBytes(24).toString("base64url")}.sig`;
    const now = this.options.now().getTime();
    this.tokens.set(token, now + this.tokenLifetimeSeconds * 1000);
    return {
      token_type: "Bearer",
      expires_in: String(this.tokenLifetimeSeconds),
      ext_expires_in: String(this.tokenLifetimeSeconds),
      expires_on: String(Math.floor(now / 1000) + this.tokenLifetimeSeconds),
      not_before: String(Math.floor(now / 1000)),
      resource: "00000002-0000-0000-c000-000000000000",
      access_token: token,
    };
  }

  /** Runs one API operation with faults, idempotency and problem+json answers. */
  async handle(
    request: FastifyRequest,
    reply: FastifyReply,
    operation: SimOperation,
    work: (msn: string) => unknown,
    options: { successStatus?: number; idempotent?: "required" | "optional"; auth?: boolean } = {},
  ) {
    this.requests.push({ operation, method: request.method, url: request.url, headers: { ...request.headers }, body: request.body });
    trimToLimit(this.requests);
    const fault = this.takeFault(operation);
    try {
      if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      if (fault && fault.status > 0 && fault.when !== "after") return this.sendProblem(reply, fault.status);
      const msn = options.auth === false ? "" : this.checkToken(request);
      const key = request.headers["idempotency-key"];
      let result: { status: number; response: unknown };
      if (options.idempotent && typeof key === "string" && key) {
        if (key.length > 50)
          throw new SimError(400, { ...problem(400, "Bad Request"), extraDetails: [{ name: "Idempotency-Key", reason: "max 50 characters" }] });
        const bodyHash = createHash("sha256")
          .update(JSON.stringify(request.body ?? null))
          .digest("hex");
        const stored = this.idempotency.get(`${operation}:${request.url}:${key}`);
        if (stored && stored.bodyHash !== bodyHash) throw new SimError(409, problem(409, "Idempotency key reused with a different body", "4010"));
        if (stored) result = stored;
        else {
          try {
            result = { status: options.successStatus ?? 200, response: work(msn) };
          } catch (error) {
            // A 4xx stays a 4xx for that key.
            if (error instanceof SimError && error.status < 500)
              this.idempotency.set(`${operation}:${request.url}:${key}`, { bodyHash, status: error.status, response: error.body });
            throw error;
          }
          this.idempotency.set(`${operation}:${request.url}:${key}`, { bodyHash, ...result });
        }
      } else if (options.idempotent === "required") {
        throw new SimError(400, {
          ...problem(400, "Bad Request"),
          extraDetails: [{ name: "Idempotency-Key", reason: "The Idempotency-Key header is required" }],
        });
      } else {
        result = { status: options.successStatus ?? 200, response: work(msn) };
      }
      if (fault && fault.when === "after" && fault.status > 0) return this.sendProblem(reply, fault.status);
      if (result.status >= 400) return reply.code(result.status).type("application/problem+json").send(result.response);
      return result.response === undefined
        ? reply.code(result.status).send()
        : reply.code(result.status).type("application/json").send(result.response);
    } catch (error) {
      if (error instanceof SimError) {
        return reply
          .code(error.status)
          .type(error.status === 401 && operation === "token" ? "application/json" : "application/problem+json")
          .send(error.body);
      }
      throw error;
    }
  }

  private sendProblem(reply: FastifyReply, status: number) {
    if (status === 429) reply.header("retry-after", "0");
    return reply
      .code(status)
      .type("application/problem+json")
      .send(problem(status, status === 429 ? "Too Many Requests" : "Internal Server Error"));
  }
}

function matches(given: unknown, expected: string): boolean {
  return typeof given === "string" && safeEqual(given, expected);
}

function trimToLimit(log: unknown[]) {
  if (log.length > simulatorLogLimit) log.splice(0, log.length - simulatorLogLimit);
}
