/**
 * Our own thin Vipps MobilePay client (D1): plain fetch, typed from the OpenAPI files (vipps-types.ts).
 * - The access token is cached and renewed before it expires, and once more after a 401.
 * - Every mutating call carries an Idempotency-Key the caller derives from our own ids, so retrying after
 *   a timeout, a 429 or a 5xx is safe; only such calls (and GETs) are retried, with backoff.
 * - Errors are typed: VippsApiError (an HTTP answer, problem+json parsed) or VippsUnreachableError (no answer).
 * The same code talks to Vipps and to the built-in simulator; only the base URL and credentials differ.
 */
import type { z } from "zod";
import {
  AccessTokenResponseSchema,
  CreatePaymentResponseSchema,
  GetPaymentResponseSchema,
  GetWebhooksResponseSchema,
  ModificationResponseSchema,
  PaymentEventSchema,
  ProblemSchema,
  RegisterWebhookResponseSchema,
  type Amount,
  type CreatePaymentRequest,
  type Problem,
} from "./vipps-types.ts";
import { GetLedgersResponseSchema, ReportPageSchema, type ReportTopic } from "./vipps-report-types.ts";

interface VippsCredentials {
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  merchantSerialNumber: string;
}

export interface VippsClientOptions extends VippsCredentials {
  /** e.g. https://apitest.vipps.no, https://api.vipps.no or http://127.0.0.1:3000/vipps-sim */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Per attempt. Default 10 s. */
  timeoutMs?: number;
  /** Attempts in all for a retryable failure. Default 4. */
  maxAttempts?: number;
  /** Backoff before attempt n+1 (n ≥ 1). Default 300 ms · 3^(n-1), capped at 5 s. */
  backoffMs?: (attempt: number) => number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  systemName?: string;
  systemVersion?: string;
}

/** Vipps answered, but not with success. `code` is the ePayment error code from extraDetails, if any. */
export class VippsApiError extends Error {
  readonly code: string | undefined;
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly problem: Problem | undefined,
    readonly body: string,
  ) {
    const code = problem?.extraDetails?.find((detail) => detail.name === "ErrorCode")?.reason;
    super(
      `Vipps ${operation}: HTTP ${status}${code ? ` (${code})` : ""}${problem ? ` ${problem.title}` : ""}${problem?.traceId ? ` traceId=${problem.traceId}` : ""}`,
    );
    this.name = "VippsApiError";
    this.code = code;
  }
  /** Worth asking again with the same Idempotency-Key. */
  get retryable(): boolean {
    return this.status === 429 || this.status === 423 || this.status >= 500 || this.code === "6280";
  }
}

/** No answer at all (network error or timeout): the request may or may not have been carried out. */
export class VippsUnreachableError extends Error {
  constructor(
    readonly operation: string,
    readonly cause: unknown,
  ) {
    super(`Vipps ${operation}: no answer (${cause instanceof Error ? cause.message : String(cause)})`);
    this.name = "VippsUnreachableError";
  }
}

/** Pages of one ledger date's report (1 000 lines each) before the answer is taken as broken: far past a club's year. */
const maxReportPages = 200;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type VippsClient = ReturnType<typeof createVippsClient>;

export function createVippsClient(options: VippsClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxAttempts = options.maxAttempts ?? 4;
  const backoffMs = options.backoffMs ?? ((attempt: number) => Math.min(5000, 300 * 3 ** (attempt - 1)));
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const systemHeaders = {
    "Vipps-System-Name": (options.systemName ?? "skitaekwondo-web").slice(0, 30),
    "Vipps-System-Version": (options.systemVersion ?? "1.0.0").slice(0, 30),
    "Vipps-System-Plugin-Name": "skitaekwondo-vipps",
    "Vipps-System-Plugin-Version": "1.0.0",
  };

  let token: { value: string; renewAt: number } | undefined;
  let tokenRequest: Promise<string> | undefined;

  async function fetchOnce(url: string, init: RequestInit): Promise<Response> {
    // A timer race rather than AbortSignal alone, so an injected fetch that ignores the signal times out too.
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Error(`timed out after ${timeoutMs} ms`));
      }, timeoutMs);
    });
    try {
      return await Promise.race([doFetch(url, { ...init, signal: controller.signal }), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function accessToken(): Promise<string> {
    if (token && now() < token.renewAt) return token.value;
    tokenRequest ??= (async () => {
      try {
        const json = await call("access token", "POST", "/accesstoken/get", {
          auth: false,
          retry: true,
          headers: { client_id: options.clientId, client_secret: options.clientSecret },
        });
        const parsed = AccessTokenResponseSchema.parse(json);
        const lifetimeMs = Number(parsed.expires_in) * 1000;
        // Renew 5 minutes early, or at 80 % of a short lifetime.
        const margin = Math.min(5 * 60_000, lifetimeMs * 0.2);
        token = { value: parsed.access_token, renewAt: now() + (Number.isFinite(lifetimeMs) ? lifetimeMs - margin : 0) };
        return parsed.access_token;
      } finally {
        tokenRequest = undefined;
      }
    })();
    return tokenRequest;
  }

  async function call(
    operation: string,
    method: "GET" | "POST" | "DELETE",
    path: string,
    request: { body?: unknown; idempotencyKey?: string; auth?: boolean; retry: boolean; headers?: Record<string, string> },
  ): Promise<unknown> {
    let renewedAfter401 = false;
    for (let attempt = 1; ; attempt++) {
      const headers: Record<string, string> = {
        Accept: "application/json",
        "Ocp-Apim-Subscription-Key": options.subscriptionKey,
        "Merchant-Serial-Number": options.merchantSerialNumber,
        ...systemHeaders,
        ...request.headers,
      };
      let usedToken: string | undefined;
      if (request.auth !== false) {
        usedToken = await accessToken();
        headers.Authorization = `Bearer ${usedToken}`;
      }
      if (request.idempotencyKey) headers["Idempotency-Key"] = request.idempotencyKey;
      if (request.body !== undefined) headers["Content-Type"] = "application/json";
      let response: Response;
      try {
        response = await fetchOnce(`${baseUrl}${path}`, {
          method,
          headers,
          body: request.body === undefined ? (method === "POST" ? "" : undefined) : JSON.stringify(request.body),
        });
      } catch (error) {
        if (request.retry && attempt < maxAttempts) {
          await sleep(backoffMs(attempt));
          continue;
        }
        throw new VippsUnreachableError(operation, error);
      }
      const text = await response.text();
      if (response.ok) {
        if (text === "") return undefined;
        // Parse as JSON whatever the content type (AdjustResponse is declared problem+json).
        return JSON.parse(text) as unknown;
      }
      let problem: Problem | undefined;
      try {
        const parsed = ProblemSchema.safeParse(JSON.parse(text));
        if (parsed.success) problem = parsed.data;
      } catch {
        // Not JSON: keep the text.
      }
      const error = new VippsApiError(operation, response.status, problem, text.slice(0, 2000));
      if (response.status === 401 && request.auth !== false && !renewedAfter401) {
        renewedAfter401 = true;
        // Only the token that was refused; a concurrent call may already have renewed it.
        if (token?.value === usedToken) token = undefined;
        attempt--;
        continue;
      }
      if (request.retry && error.retryable && attempt < maxAttempts) {
        const retryAfter = Number(response.headers.get("retry-after"));
        await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter * 1000, 10_000) : backoffMs(attempt));
        continue;
      }
      throw error;
    }
  }

  function parse<T>(schema: z.ZodType<T>, operation: string, json: unknown): T {
    const result = schema.safeParse(json);
    if (!result.success) throw new Error(`Vipps ${operation}: unexpected answer: ${result.error.message}`);
    return result.data;
  }

  const ref = (reference: string) => encodeURIComponent(reference);

  return {
    baseUrl,
    accessToken,
    /** Forget the cached token (tests). */
    forgetToken() {
      token = undefined;
    },

    async createPayment(body: CreatePaymentRequest, idempotencyKey: string) {
      const json = await call("create payment", "POST", "/epayment/v1/payments", { body, idempotencyKey, retry: true });
      return parse(CreatePaymentResponseSchema, "create payment", json);
    },

    async getPayment(reference: string) {
      const json = await call("get payment", "GET", `/epayment/v1/payments/${ref(reference)}`, { retry: true });
      return parse(GetPaymentResponseSchema, "get payment", json);
    },

    async getEvents(reference: string) {
      const json = await call("get events", "GET", `/epayment/v1/payments/${ref(reference)}/events`, { retry: true });
      return parse(PaymentEventSchema.array(), "get events", json);
    },

    async capture(reference: string, amount: Amount, idempotencyKey: string) {
      const body = { modificationAmount: { currency: amount.currency, value: amount.value } };
      const json = await call("capture", "POST", `/epayment/v1/payments/${ref(reference)}/capture`, { body, idempotencyKey, retry: true });
      return parse(ModificationResponseSchema, "capture", json);
    },

    async refund(reference: string, amount: Amount, idempotencyKey: string) {
      const body = { modificationAmount: { currency: amount.currency, value: amount.value } };
      const json = await call("refund", "POST", `/epayment/v1/payments/${ref(reference)}/refund`, { body, idempotencyKey, retry: true });
      return parse(ModificationResponseSchema, "refund", json);
    },

    /** `cancelTransactionOnly`: never release an authorized reservation (Vipps answers 6060 instead). */
    async cancel(reference: string, idempotencyKey: string, cancelTransactionOnly = false) {
      const body = cancelTransactionOnly ? { cancelTransactionOnly: true } : {};
      const json = await call("cancel", "POST", `/epayment/v1/payments/${ref(reference)}/cancel`, { body, idempotencyKey, retry: true });
      return parse(ModificationResponseSchema, "cancel", json);
    },

    /** Test environment and simulator only. */
    async forceApprove(reference: string, body: { customer?: { phoneNumber: string }; token?: string }) {
      await call("force approve", "POST", `/epayment/v1/test/payments/${ref(reference)}/approve`, { body, retry: false });
    },

    async registerWebhook(url: string, events: readonly string[]) {
      const json = await call("register webhook", "POST", "/webhooks/v1/webhooks", { body: { url, events }, retry: false });
      return parse(RegisterWebhookResponseSchema, "register webhook", json);
    },

    async listWebhooks() {
      const json = await call("list webhooks", "GET", "/webhooks/v1/webhooks", { retry: true });
      return parse(GetWebhooksResponseSchema, "list webhooks", json);
    },

    /** Report API: the ledgers these keys may read, filtered to one sales unit (`api:{msn}`). */
    async getLedgers(settlesForRecipientHandle?: string) {
      const query = settlesForRecipientHandle ? `?settlesForRecipientHandles=${encodeURIComponent(settlesForRecipientHandle)}` : "";
      const json = await call("get ledgers", "GET", `/settlement/v1/ledgers${query}`, { retry: true });
      return parse(GetLedgersResponseSchema, "get ledgers", json);
    },

    /**
     * Report API: one ledger date's report of a topic, every page (`cursor` while `hasMore`); `tryLater` when the
     * date is not closed yet (a 404 means the same).
     */
    async getReportOfDate(ledgerId: string, topic: ReportTopic, ledgerDate: string) {
      const items = [];
      let cursor: string | undefined;
      // A cursor given again, or pages without end, would be followed for ever (and held in memory): refused.
      const cursors = new Set<string>();
      for (let pages = 1; ; pages++) {
        if (pages > maxReportPages) throw new Error(`Vipps get report: more than ${maxReportPages} pages for ${topic} ${ledgerDate}`);
        const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
        const path = `/report/v2/ledgers/${encodeURIComponent(ledgerId)}/${topic}/dates/${encodeURIComponent(ledgerDate)}${query}`;
        let json: unknown;
        try {
          json = await call("get report", "GET", path, { retry: true });
        } catch (error) {
          if (error instanceof VippsApiError && error.status === 404 && !cursor) return { tryLater: true as const, items: [] };
          throw error;
        }
        const page = parse(ReportPageSchema, "get report", json);
        if (page.tryLater && items.length === 0 && page.items.length === 0) return { tryLater: true as const, items: [] };
        items.push(...page.items);
        if (!page.hasMore || !page.cursor) return { tryLater: false as const, items };
        if (cursors.has(page.cursor)) throw new Error(`Vipps get report: the page cursor repeats for ${topic} ${ledgerDate}`);
        cursors.add(page.cursor);
        cursor = page.cursor;
      }
    },

    async deleteWebhook(id: string) {
      await call("delete webhook", "DELETE", `/webhooks/v1/webhooks/${encodeURIComponent(id)}`, { retry: true });
    },
  };
}
