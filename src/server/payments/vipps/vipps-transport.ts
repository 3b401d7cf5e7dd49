/**
 * One Vipps call over plain fetch: the access token cached and renewed before it expires (and once more after a
 * 401), each attempt timed out, and a retryable failure retried with backoff. The same code talks to Vipps and to
 * the built-in simulator; only the base URL and credentials differ.
 */
import type { z } from "zod";
import { AccessTokenResponseSchema, ProblemSchema, type Problem } from "./vipps-types.ts";
import { VippsApiError, VippsUnreachableError } from "./vipps-errors.ts";

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

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One request to Vipps: its body, the caller's Idempotency-Key, and whether it may be retried. */
export interface VippsRequest {
  body?: unknown;
  idempotencyKey?: string;
  auth?: boolean;
  retry: boolean;
  headers?: Record<string, string>;
}

export type VippsTransport = ReturnType<typeof createVippsTransport>;

export function createVippsTransport(options: VippsClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxAttempts = options.maxAttempts ?? 4;
  const backoffMs = options.backoffMs ?? ((attempt: number) => Math.min(5000, 300 * 3 ** (attempt - 1)));
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const systemHeaders = systemHeadersOf(options);

  let token: { value: string; renewAt: number } | undefined;
  let tokenRequest: Promise<string> | undefined;

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

  async function call(operation: string, method: "GET" | "POST" | "DELETE", path: string, request: VippsRequest): Promise<unknown> {
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
        response = await fetchWithTimeout(doFetch, timeoutMs, `${baseUrl}${path}`, {
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
      const error = new VippsApiError(operation, response.status, problemOf(text), text.slice(0, 2000));
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

  return {
    baseUrl,
    accessToken,
    call,
    forgetToken() {
      token = undefined;
    },
  };
}

/** An answer parsed against its schema; an answer of another shape is an error that names the call. */
export function parseAnswer<T>(schema: z.ZodType<T>, operation: string, json: unknown): T {
  const result = schema.safeParse(json);
  if (!result.success) throw new Error(`Vipps ${operation}: unexpected answer: ${result.error.message}`);
  return result.data;
}

/** The headers that name our system to Vipps on every call. */
function systemHeadersOf(options: Pick<VippsClientOptions, "systemName" | "systemVersion">): Record<string, string> {
  return {
    "Vipps-System-Name": (options.systemName ?? "skitaekwondo-web").slice(0, 30),
    "Vipps-System-Version": (options.systemVersion ?? "1.0.0").slice(0, 30),
    "Vipps-System-Plugin-Name": "skitaekwondo-vipps",
    "Vipps-System-Plugin-Version": "1.0.0",
  };
}

/** One attempt, given up after `timeoutMs`. */
async function fetchWithTimeout(doFetch: typeof fetch, timeoutMs: number, url: string, init: RequestInit): Promise<Response> {
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

/** The problem+json of an answer that is not a success, if it is one. */
function problemOf(text: string): Problem | undefined {
  try {
    const parsed = ProblemSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: keep the text.
  }
  return undefined;
}
