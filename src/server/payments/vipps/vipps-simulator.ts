/**
 * The built-in Vipps MobilePay simulator (D1): a real HTTP service under /vipps-sim/ on the app's own port,
 * speaking the parts of the Access Token, ePayment and Webhooks APIs we use with their states, aggregates,
 * events and problem+json error codes, and signing webhooks exactly as Vipps does. State is in this
 * process's memory: one simulator per process (several processes would each have their own — fine for
 * development and tests, which is all it is for).
 *
 * Landing page: GET /vipps-sim/landing?reference=… (approve / abort / let it expire).
 * Test endpoint: POST /vipps-sim/epayment/v1/test/payments/{reference}/approve (as Vipps's test environment).
 * Misbehaviour for tests: POST /vipps-sim/control/faults, /control/webhooks, /control/payments/{reference}/expire,
 * or the same through the `VippsSimulator` object.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { escapeHtml } from "../../mail/escape-html.ts";
import { signWebhook } from "./vipps-signature.ts";
import { CreatePaymentRequestSchema, referencePattern, type Aggregate, type Amount, type PaymentEvent, type VippsEventName, type VippsPaymentState } from "./vipps-types.ts";

export const simulatorCredentials = {
  clientId: "simulator-client-id",
  clientSecret: "simulator-client-secret",
  subscriptionKey: "simulator-subscription-key",
  merchantSerialNumber: "123456",
} as const;

/** Vipps's default: 5 minutes to open, 5 to approve. */
export const simulatorExpiryMs = 10 * 60_000;

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

interface SimPayment {
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
}

function problem(status: number, title: string, code?: string, detail?: string, instance?: string) {
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

class SimError extends Error {
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
  webhookMode: WebhookMode = "normal";
  private heldDelivery: (() => Promise<void>) | undefined;
  private pendingDeliveries = new Set<Promise<void>>();
  deliver: (url: string, headers: Record<string, string>, body: string) => Promise<number>;

  constructor(private readonly options: SimulatorOptions) {
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
      throw new SimError(400, { ...problem(400, "Bad Request"), extraDetails: [{ name: "returnUrl", reason: "returnUrl is required for WEB_REDIRECT" }] });
    }
    if (this.payments.has(request.reference)) throw new SimError(409, problem(409, "Reference exists", "4150", `A payment with reference ${request.reference} already exists`));
    const payment: SimPayment = {
      reference: request.reference,
      msn,
      amount: request.amount,
      state: "CREATED",
      aggregate: { authorizedAmount: zero(), cancelledAmount: zero(), capturedAmount: zero(), refundedAmount: zero() },
      pspReference: String(Date.now()) + String(Math.floor(Math.random() * 1000)),
      paymentDescription: request.paymentDescription ?? "",
      returnUrl: request.returnUrl,
      token: randomBytes(12).toString("hex"),
      createdAt: this.options.now().getTime(),
      events: [],
    };
    this.payments.set(payment.reference, payment);
    this.transition(payment, undefined, "CREATED", payment.amount, idempotencyKey);
    return { redirectUrl: `${this.landingUrl(payment.reference)}&token=${payment.token}`, reference: payment.reference };
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
    return { amount, state: p.state, aggregate: structuredClone(p.aggregate), pspReference: p.events[p.events.length - 1]!.pspReference, reference: p.reference };
  }

  /** The payer approves (landing page, or the test endpoint). */
  approve(reference: string) {
    const p = this.payment(reference);
    if (p.state !== "CREATED") throw new SimError(400, problem(400, "Payment is not in a state that can be approved", undefined, `State is ${p.state}`));
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
    if (p.state !== "AUTHORIZED") throw new SimError(400, problem(400, "Payment is in a final state and cannot be cancelled", undefined, `State is ${p.state}`));
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

  registerWebhook(url: string, events: string[]) {
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
    if (!expires || expires <= this.options.now().getTime()) throw new SimError(401, { ...problem(401, "Unauthorized"), detail: "Missing or invalid access token" });
    if (request.headers["ocp-apim-subscription-key"] !== simulatorCredentials.subscriptionKey) throw new SimError(401, problem(401, "Invalid subscription key"));
    const msn = String(request.headers["merchant-serial-number"] ?? "");
    if (msn !== simulatorCredentials.merchantSerialNumber) throw new SimError(403, problem(403, "Merchant not allowed for this product"));
    return msn;
  }

  issueToken(request: FastifyRequest) {
    const h = request.headers;
    if (h.client_id !== simulatorCredentials.clientId || h.client_secret !== simulatorCredentials.clientSecret || h["ocp-apim-subscription-key"] !== simulatorCredentials.subscriptionKey) {
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
    const fault = this.takeFault(operation);
    try {
      if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      if (fault && fault.status > 0 && fault.when !== "after") return this.sendProblem(reply, fault.status);
      const msn = options.auth === false ? "" : this.checkToken(request);
      const key = request.headers["idempotency-key"];
      let result: { status: number; response: unknown };
      if (options.idempotent && typeof key === "string" && key) {
        if (key.length > 50) throw new SimError(400, { ...problem(400, "Bad Request"), extraDetails: [{ name: "Idempotency-Key", reason: "max 50 characters" }] });
        const bodyHash = createHash("sha256").update(JSON.stringify(request.body ?? null)).digest("hex");
        const stored = this.idempotency.get(`${operation}:${request.url}:${key}`);
        if (stored && stored.bodyHash !== bodyHash) throw new SimError(409, problem(409, "Idempotency key reused with a different body", "4010"));
        if (stored) result = stored;
        else {
          try {
            result = { status: options.successStatus ?? 200, response: work(msn) };
          } catch (error) {
            // A 4xx stays a 4xx for that key.
            if (error instanceof SimError && error.status < 500) this.idempotency.set(`${operation}:${request.url}:${key}`, { bodyHash, status: error.status, response: error.body });
            throw error;
          }
          this.idempotency.set(`${operation}:${request.url}:${key}`, { bodyHash, ...result });
        }
      } else if (options.idempotent === "required") {
        throw new SimError(400, { ...problem(400, "Bad Request"), extraDetails: [{ name: "Idempotency-Key", reason: "The Idempotency-Key header is required" }] });
      } else {
        result = { status: options.successStatus ?? 200, response: work(msn) };
      }
      if (fault && fault.when === "after" && fault.status > 0) return this.sendProblem(reply, fault.status);
      if (result.status >= 400) return reply.code(result.status).type("application/problem+json").send(result.response);
      return result.response === undefined ? reply.code(result.status).send() : reply.code(result.status).type("application/json").send(result.response);
    } catch (error) {
      if (error instanceof SimError) {
        return reply.code(error.status).type(error.status === 401 && operation === "token" ? "application/json" : "application/problem+json").send(error.body);
      }
      throw error;
    }
  }

  private sendProblem(reply: FastifyReply, status: number) {
    if (status === 429) reply.header("retry-after", "0");
    return reply.code(status).type("application/problem+json").send(problem(status, status === 429 ? "Too Many Requests" : "Internal Server Error"));
  }

  // ---- landing page --------------------------------------------------------------------------------

  landingPage(reference: string, message?: string): { status: number; html: string } {
    const p = this.payments.get(reference);
    if (p) this.expireIfDue(p);
    const amount = p ? (p.amount.value / 100).toLocaleString("nb-NO", { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : "";
    const ref = escapeHtml(reference);
    const body = !p
      ? `<p>Fant ingen betaling med referanse ${ref}.</p>`
      : `<dl>
  <dt>Beløp</dt><dd id="amount">kr ${escapeHtml(amount)}</dd>
  <dt>Beskrivelse</dt><dd id="description">${escapeHtml(p.paymentDescription)}</dd>
  <dt>Referanse</dt><dd>${ref}</dd>
  <dt>Status</dt><dd id="state">${escapeHtml(p.state)}</dd>
</dl>
${message ? `<p role="alert">${escapeHtml(message)}</p>` : ""}
${
  p.state === "CREATED"
    ? `<form method="post" action="/vipps-sim/landing/approve"><input type="hidden" name="reference" value="${ref}"><button type="submit">Godkjenn betalingen</button></form>
<form method="post" action="/vipps-sim/landing/abort"><input type="hidden" name="reference" value="${ref}"><button type="submit">Avbryt</button></form>
<form method="post" action="/vipps-sim/landing/expire"><input type="hidden" name="reference" value="${ref}"><button type="submit">La betalingen gå ut på tid (simulator)</button></form>`
    : p.returnUrl
      ? `<p><a href="${escapeHtml(p.returnUrl)}">Tilbake til butikken</a></p>`
      : ""
}`;
    return {
      status: p ? 200 : 404,
      html: `<!doctype html>
<html lang="nb">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Vipps-simulator – betaling</title><link rel="stylesheet" href="/vipps-sim/landing.css"></head>
<body><main>
<h1>Vipps-simulator</h1>
<p class="note">Dette er ikke Vipps. Ingen penger flyttes: siden etterligner Vipps sin betalingsside for utvikling og test.</p>
${body}
</main></body>
</html>`,
    };
  }

  returnUrlOf(reference: string) {
    return this.payments.get(reference)?.returnUrl;
  }
}

const landingCss = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f1fb;color:#1a1a1a}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px}
h1{color:#5a2fc2;font-size:1.5rem}.note{font-size:.9rem;color:#444}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
form{margin:.75rem 0}button{font:inherit;padding:.6rem 1rem;border-radius:8px;border:2px solid #5a2fc2;background:#fff;color:#5a2fc2;cursor:pointer;min-width:14rem}
form:first-of-type button{background:#5a2fc2;color:#fff}button:focus-visible{outline:3px solid #ff5b24;outline-offset:2px}
`;

/** The simulator's routes, under /vipps-sim. */
export async function registerVippsSimulator(app: FastifyInstance, sim: VippsSimulator) {
  await app.register(
    async (scope) => {
      // The API takes JSON; an empty body on POST is allowed (access token, cancel).
      scope.removeContentTypeParser("application/json");
      scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
        const text = String(body);
        if (text === "") return done(null, undefined);
        try {
          done(null, JSON.parse(text));
        } catch {
          done(Object.assign(new Error("Invalid JSON"), { statusCode: 400 }), undefined);
        }
      });
      scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });
      scope.addHook("onSend", async (_request, reply, payload) => {
        reply.header("cache-control", "no-store");
        return payload;
      });

      type RefParams = { Params: { reference: string } };
      const amountOf = (body: unknown): Amount => {
        const value = (body as { modificationAmount?: Amount } | undefined)?.modificationAmount;
        if (!value || typeof value.value !== "number" || !Number.isInteger(value.value) || value.value < 0) {
          throw new SimError(400, { ...problem(400, "Bad Request"), extraDetails: [{ name: "modificationAmount", reason: "required" }] });
        }
        return { currency: value.currency, value: value.value };
      };

      scope.post("/accesstoken/get", (request, reply) => sim.handle(request, reply, "token", () => sim.issueToken(request), { auth: false }));
      scope.post("/epayment/v1/payments", (request, reply) =>
        sim.handle(request, reply, "create", (msn) => sim.create(request.body, msn, String(request.headers["idempotency-key"])), { successStatus: 201, idempotent: "required" }),
      );
      scope.get<RefParams>("/epayment/v1/payments/:reference", (request, reply) => sim.handle(request, reply, "get", () => sim.getPayment(request.params.reference)));
      scope.get<RefParams>("/epayment/v1/payments/:reference/events", (request, reply) =>
        sim.handle(request, reply, "events", () => {
          sim.getPayment(request.params.reference);
          return structuredClone(sim.payments.get(request.params.reference)!.events);
        }),
      );
      scope.post<RefParams>("/epayment/v1/payments/:reference/capture", (request, reply) =>
        sim.handle(request, reply, "capture", () => sim.capture(request.params.reference, amountOf(request.body), String(request.headers["idempotency-key"])), { idempotent: "required" }),
      );
      scope.post<RefParams>("/epayment/v1/payments/:reference/refund", (request, reply) =>
        sim.handle(request, reply, "refund", () => sim.refund(request.params.reference, amountOf(request.body), String(request.headers["idempotency-key"])), { idempotent: "required" }),
      );
      scope.post<RefParams>("/epayment/v1/payments/:reference/cancel", (request, reply) =>
        sim.handle(
          request,
          reply,
          "cancel",
          () => {
            const only = (request.body as { cancelTransactionOnly?: unknown } | undefined)?.cancelTransactionOnly === true;
            const key = request.headers["idempotency-key"];
            return sim.cancel(request.params.reference, only, typeof key === "string" ? key : undefined);
          },
          { idempotent: "optional" },
        ),
      );
      scope.post<RefParams>("/epayment/v1/test/payments/:reference/approve", (request, reply) =>
        sim.handle(request, reply, "approve", () => {
          sim.approve(request.params.reference);
          return undefined;
        }),
      );

      scope.post("/webhooks/v1/webhooks", (request, reply) =>
        sim.handle(
          request,
          reply,
          "create",
          () => {
            const body = request.body as { url?: unknown; events?: unknown } | undefined;
            if (typeof body?.url !== "string" || !Array.isArray(body.events) || body.events.length === 0) throw new SimError(400, problem(400, "Bad Request"));
            return sim.registerWebhook(body.url, body.events.map(String));
          },
          { successStatus: 201 },
        ),
      );

      // ---- landing page (what the payer sees) ----
      scope.get("/landing.css", (_request, reply) => reply.type("text/css; charset=utf-8").send(landingCss));
      const sendLanding = (reply: FastifyReply, reference: string, message?: string) => {
        const page = sim.landingPage(reference, message);
        const returnUrl = sim.returnUrlOf(reference);
        const formTargets = ["'self'", ...(returnUrl ? [new URL(returnUrl).origin] : [])].join(" ");
        return reply
          .code(page.status)
          .header("content-security-policy", `default-src 'none'; style-src 'self'; form-action ${formTargets}; base-uri 'none'; frame-ancestors 'none'`)
          .type("text/html; charset=utf-8")
          .send(page.html);
      };
      scope.get<{ Querystring: { reference?: string } }>("/landing", (request, reply) => sendLanding(reply, String(request.query.reference ?? "")));
      for (const action of ["approve", "abort", "expire"] as const) {
        scope.post(`/landing/${action}`, (request, reply) => {
          const reference = String((request.body as { reference?: unknown } | undefined)?.reference ?? "");
          if (!referencePattern.test(reference)) return sendLanding(reply, reference, "Ugyldig referanse.");
          try {
            sim[action](reference);
          } catch (error) {
            if (error instanceof SimError) return sendLanding(reply, reference, "Betalingen kan ikke endres lenger.");
            throw error;
          }
          const returnUrl = sim.returnUrlOf(reference);
          return returnUrl ? reply.redirect(returnUrl, 303) : sendLanding(reply, reference);
        });
      }

      // ---- control (tests) ----
      scope.post("/control/faults", (request, reply) => {
        const body = request.body as { faults?: SimFault[]; clear?: boolean } | undefined;
        if (body?.clear) sim.clearFaults();
        for (const fault of body?.faults ?? []) sim.addFault(fault);
        return reply.send({ ok: true });
      });
      scope.post("/control/webhooks", (request, reply) => {
        const mode = (request.body as { mode?: WebhookMode } | undefined)?.mode ?? "normal";
        sim.webhookMode = mode;
        return reply.send({ ok: true, mode });
      });
      // What the simulator was asked, e.g. ?operation=capture: one line per request (reference from the URL,
      // Idempotency-Key), so a test can count calls per payment across every process that uses this simulator.
      scope.get<{ Querystring: { operation?: string } }>("/control/requests", (request, reply) => {
        const wanted = request.query.operation;
        return reply.send(
          sim.requests
            .filter((entry) => !wanted || entry.operation === wanted)
            .map((entry) => ({
              operation: entry.operation,
              method: entry.method,
              reference: /\/payments\/([^/?]+)/.exec(entry.url)?.[1] ?? null,
              idempotencyKey: entry.headers["idempotency-key"] ?? null,
            })),
        );
      });
      scope.post<RefParams>("/control/payments/:reference/expire", (request, reply) => {
        try {
          sim.expire(request.params.reference);
        } catch (error) {
          if (error instanceof SimError) return reply.code(error.status).send(error.body);
          throw error;
        }
        return reply.send({ ok: true });
      });
    },
    { prefix: "/vipps-sim" },
  );
}
