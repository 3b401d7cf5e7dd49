/**
 * Wires Vipps into the app: the real Vipps when credentials are set (or, outside production, with
 * VIPPS_SIMULATOR=true) the built-in simulator on the app's own port; in production the simulator is never
 * used, and without credentials Vipps is simply not offered. Same client, service and routes either way: one
 * service and one reconciliation job for the camp's registrations and the events' orders.
 */
import type { FastifyInstance } from "fastify";
import type { VippsServices } from "./vipps-services.ts";
import { createVippsClient } from "./vipps-client.ts";
import type { VippsClientOptions } from "./vipps-transport.ts";
import { VippsPayments } from "./vipps-payments.ts";
import { VippsReconciler } from "./vipps-reconciler.ts";
import type { VippsSides } from "./vipps-side.ts";
import { registerVippsRoutes, vippsWebhookPath } from "./vipps-routes.ts";
import type { VippsSimulator } from "./vipps-simulator.ts";
import { simulatorControlEnabled } from "../../env.ts";
import { webhookEventTypes } from "./vipps-types.ts";
import { VippsReportJob } from "./vipps-report-reader.ts";

/** Vipps's settlement reports are read hourly (their guide's advice); a closed date is read once. */
const reportIntervalMs = 60 * 60_000;

declare module "fastify" {
  interface FastifyInstance {
    /** Present when Vipps (or its simulator) is in use. */
    vipps?: VippsServices;
  }
}

export interface VippsSetupOptions {
  /** The one reconciliation job, for both sides' payments. Default on; tests drive `reconcileOnce` themselves. */
  startReconciler?: boolean;
  /** The hourly read of Vipps's settlement reports. Default on (off when the reconciler is off). */
  startReportReader?: boolean;
  reconcileIntervalMs?: number;
  /** Client tuning (tests: short timeouts and no waiting between retries). */
  client?: Partial<Pick<VippsClientOptions, "timeoutMs" | "maxAttempts" | "backoffMs" | "sleep">>;
  simulatorTokenLifetimeSeconds?: number;
}

/** A fetch that answers from this app in-process (the simulator without a network hop). */
function injectFetch(app: FastifyInstance): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const res = await app.inject({
      method: (init?.method ?? "GET") as "GET",
      url: url.pathname + url.search,
      headers,
      ...(init?.body !== undefined && init.body !== null ? { payload: String(init.body) } : {}),
    });
    const noBody = [101, 204, 205, 304].includes(res.statusCode);
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(", ") : String(value));
    }
    return new Response(noBody ? null : res.body, { status: res.statusCode, headers: responseHeaders });
  }) as typeof fetch;
}

function vippsMode(env: FastifyInstance["env"]): "vipps" | "simulator" | "off" {
  if (env.VIPPS_CLIENT_ID && env.VIPPS_CLIENT_SECRET && env.VIPPS_SUBSCRIPTION_KEY && env.VIPPS_MSN) return "vipps";
  // loadEnv refuses VIPPS_SIMULATOR=true in production; the simulator stays out of production even so.
  if (env.NODE_ENV === "production") return "off";
  return env.VIPPS_SIMULATOR === "false" ? "off" : "simulator";
}

/** `sides`: what the camp's and the events' payments do when Vipps answers (each feature's, given by app.ts). */
export async function setUpVipps(app: FastifyInstance, sides: VippsSides, options: VippsSetupOptions = {}): Promise<VippsPayments | undefined> {
  const env = app.env;
  const mode = vippsMode(env);
  if (mode === "off") {
    if (env.NODE_ENV === "production") app.log.warn("Vipps is not configured (VIPPS_CLIENT_ID …): payment with Vipps is not offered");
    return undefined;
  }
  const publicBaseUrl = env.PUBLIC_BASE_URL.replace(/\/+$/, "");
  const webhookUrl = `${publicBaseUrl}${vippsWebhookPath}`;
  let simulator: VippsSimulator | undefined;
  let webhookSecret: string | undefined = env.VIPPS_WEBHOOK_SECRET;
  let client;
  let msn: string;

  if (mode === "simulator") {
    // Loaded only when it is used: with real Vipps (or none) the server never loads the simulator's code,
    // and the build keeps it in chunks of its own (scripts/build.ts).
    const [{ VippsSimulator: Simulator }, { registerVippsSimulator }] = await Promise.all([
      import("./vipps-simulator.ts"),
      import("./vipps-simulator-routes.ts"),
    ]);
    const control = simulatorControlEnabled(env);
    simulator = new Simulator({
      now: app.now,
      publicBaseUrl,
      tokenLifetimeSeconds: options.simulatorTokenLifetimeSeconds,
      allowLoopbackWebhooks: control,
      deliver: async (url, headers, body) => {
        const target = new URL(url);
        if (target.origin !== new URL(publicBaseUrl).origin) {
          // A webhook registered for another process on this machine (only with the test controls: the
          // simulator shared as an external Vipps by tests/reliability/scale-out.test.ts): over the network.
          const response = await fetch(target, {
            method: "POST",
            headers: { ...headers, "content-type": "application/json" },
            body,
            signal: AbortSignal.timeout(10_000),
          });
          await response.arrayBuffer();
          return response.status;
        }
        const res = await app.inject({
          method: "POST",
          url: target.pathname + target.search,
          headers: { ...headers, "content-type": "application/json" },
          payload: body,
        });
        return res.statusCode;
      },
    });
    await registerVippsSimulator(app, simulator, { control });
    msn = simulator.credentials.merchantSerialNumber;
    client = createVippsClient({
      ...simulator.credentials,
      baseUrl: `${publicBaseUrl}/vipps-sim`,
      fetch: injectFetch(app),
      now: () => app.now().getTime(),
      ...options.client,
    });
    // The simulator's own registration, as `npm run vipps:register-webhook` does at Vipps.
    webhookSecret = simulator.registerWebhook(webhookUrl, [...webhookEventTypes]).secret;
  } else {
    msn = env.VIPPS_MSN!;
    client = createVippsClient({
      baseUrl: env.VIPPS_BASE_URL,
      clientId: env.VIPPS_CLIENT_ID!,
      clientSecret: env.VIPPS_CLIENT_SECRET!,
      subscriptionKey: env.VIPPS_SUBSCRIPTION_KEY!,
      merchantSerialNumber: msn,
      ...options.client,
    });
    if (!webhookSecret) app.log.warn("VIPPS_WEBHOOK_SECRET is not set: webhooks are refused and payments are decided by polling Vipps only");
  }

  let reconciler: VippsReconciler | undefined;
  const service = new VippsPayments({
    client,
    db: app.db,
    now: app.now,
    log: app.log,
    publicBaseUrl,
    sides,
    mailQueued: () => app.outbox.kick(),
    workDue: () => reconciler?.kick(),
  });
  reconciler = new VippsReconciler(service, { intervalMs: options.reconcileIntervalMs ?? env.VIPPS_RECONCILE_INTERVAL_MS, log: app.log });
  await registerVippsRoutes(app, { service, webhookSecret: () => webhookSecret, webhookUrl, merchantSerialNumber: msn });
  const report = new VippsReportJob({ db: app.db, client, now: app.now, merchantSerialNumber: msn }, { intervalMs: reportIntervalMs, log: app.log });
  app.decorate("vipps", { service, reconciler, report, simulator, mode });
  if (options.startReconciler !== false) app.addHook("onReady", async () => reconciler.start());
  if (options.startReportReader ?? options.startReconciler !== false) app.addHook("onReady", async () => report.start());
  app.addHook("preClose", async () => {
    await reconciler.stop();
    await report.stop();
    await simulator?.settled();
  });
  return service;
}
