import type { Aggregate, Amount, PaymentEvent, VippsPaymentState } from "./vipps-types.ts";

export interface SimulatorCredentials {
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  merchantSerialNumber: string;
}

export type SimOperation = "token" | "create" | "get" | "events" | "capture" | "refund" | "cancel" | "approve" | "ledgers" | "report";

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

export interface Delivery {
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
