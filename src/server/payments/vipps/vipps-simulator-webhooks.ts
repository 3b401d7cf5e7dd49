import { randomBytes, randomUUID } from "node:crypto";
import { isLoopbackAddress } from "../../security/local-request.ts";
import { signWebhook } from "./vipps-signature.ts";
import type { PaymentEvent } from "./vipps-types.ts";
import { problem, SimError } from "./vipps-simulator-problems.ts";
import type { Delivery, SimFault, SimPayment, SimulatorCredentials, SimulatorOptions, WebhookMode } from "./vipps-simulator-types.ts";

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

/**
 * The base of VippsSimulator (vipps-simulator.ts): the simulator's state, and the webhooks it signs and sends
 * as Vipps does.
 */
export abstract class VippsSimulatorWebhooks {
  readonly payments = new Map<string, SimPayment>();
  readonly deliveries: Delivery[] = [];
  /** Every request the simulator answered: operation, headers and body, for contract tests. */
  readonly requests: { operation: string; method: string; url: string; headers: Record<string, string | string[] | undefined>; body: unknown }[] = [];
  protected readonly tokens = new Map<string, number>();
  protected readonly idempotency = new Map<string, { bodyHash: string; status: number; response: unknown }>();
  private readonly webhooks = new Map<string, { url: string; events: string[]; secret: string }>();
  protected faults: SimFault[] = [];
  protected lastForget = 0;
  readonly credentials: SimulatorCredentials;
  webhookMode: WebhookMode = "normal";
  protected heldDelivery: (() => Promise<void>) | undefined;
  protected pendingDeliveries = new Set<Promise<void>>();
  deliver: (url: string, headers: Record<string, string>, body: string) => Promise<number>;

  constructor(protected readonly options: SimulatorOptions) {
    this.credentials = options.credentials ?? randomCredentials();
    this.deliver =
      options.deliver ??
      (async (url, headers, body) => {
        const response = await fetch(url, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body });
        return response.status;
      });
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

  protected sendWebhooks(event: PaymentEvent & { msn: string }) {
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
}

export function trimToLimit(log: unknown[]) {
  if (log.length > simulatorLogLimit) log.splice(0, log.length - simulatorLogLimit);
}
