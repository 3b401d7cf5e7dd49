/**
 * The built-in Vipps MobilePay simulator: a real HTTP service under /vipps-sim/ on the app's own port,
 * speaking the parts of the Access Token, ePayment and Webhooks APIs we use with their states, aggregates,
 * events and problem+json error codes, and signing webhooks exactly as Vipps does. State is in this
 * process's memory: one simulator per process (several processes would each have their own — fine for
 * development and tests, which is all it is for).
 *
 * It only does what Vipps does for a merchant and a payer: its API keys are random per process (nobody
 * else can create, capture or refund), only the holder of a payment's landing link can approve it
 * (vipps-simulator-landing-routes.ts), and webhooks go only to this site's own address. The routes answer only
 * requests from this machine and exist only outside production (vipps-simulator-routes.ts).
 *
 * Report API (settlements, fees and payouts of its own payments): vipps-simulator-report.ts.
 * Test endpoint: POST /vipps-sim/epayment/v1/test/payments/{reference}/approve (as Vipps's test environment).
 * Misbehaviour for tests: the control routes (vipps-simulator-control-routes.ts), or the same through this object.
 */
import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { safeEqual } from "../../admin-auth/password-hash.ts";
import { problem, SimError } from "./vipps-simulator-problems.ts";
import type { SimFault, SimOperation } from "./vipps-simulator-types.ts";
import { trimToLimit } from "./vipps-simulator-webhooks.ts";
import { VippsSimulatorPayments } from "./vipps-simulator-payments.ts";

/**
 * The simulator as the routes use it: access tokens, faults for tests, and one API operation at a time with
 * idempotency and problem+json answers. The payments and webhooks are in the classes it extends
 * (vipps-simulator-payments.ts, vipps-simulator-webhooks.ts).
 */
export class VippsSimulator extends VippsSimulatorPayments {
  /** The simulator's clock (the app's). */
  now(): Date {
    return this.options.now();
  }

  /** Items per page of the Report API (1000 as at Vipps; tests set a few to see the cursor). */
  reportPageSize = 1000;

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
    this.reportPageSize = 1000;
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
