import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { Database, DatabaseKind } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventPayments } from "../db/schema/events-money.ts";
import { campPaymentColumns } from "../payments/camp-payment-rows.ts";
import type { VippsPayments } from "../payments/vipps/vipps-payments.ts";
import type { VippsSimulator } from "../payments/vipps/vipps-simulator.ts";
import { buildCampTestApp, clearCampTables, createTestTransport, draft, postRegistration, type TestApp } from "./camp.ts";
import { createTestDatabase } from "./database.ts";
import type { CampRegistrationDraft } from "../../shared/camp/camp-registration.ts";

/** A camp app with the Vipps simulator, no timers (tests call reconcileOnce), quick client retries. */
export async function buildVippsTestApp(database: Database, clock: () => Date, options: { timeoutMs?: number } = {}) {
  const built = await buildCampTestApp(database, {
    clock,
    env: { VIPPS_SIMULATOR: "true", CAMP_YEAR: "2026", PUBLIC_BASE_URL: "https://klubb.example" },
    vipps: { startReconciler: false, client: { sleep: async () => {}, timeoutMs: options.timeoutMs ?? 2_000 } },
  });
  const vipps = built.app.vipps!;
  return { ...built, vipps, sim: vipps.simulator!, service: vipps.service };
}

export interface VippsCampSuite {
  database: Database;
  app: TestApp;
  sim: VippsSimulator;
  service: VippsPayments;
  /** What the app's mail worker handed over (the mails with their links whole). */
  transport: ReturnType<typeof createTestTransport>;
  /** The app's clock: set to the suite's start before each test; a test may move it. */
  now: Date;
}

/**
 * The hooks of a suite that runs the camp with the Vipps simulator on one kind of database: the database made
 * once per suite; before each test the camp tables cleared, the clock set to `start` and a fresh app built;
 * after it the simulator's calls settled and the app closed. Read the parts through the returned object.
 */
export function useVippsCampSuite(kind: DatabaseKind, start: Date): VippsCampSuite {
  const suite = {} as VippsCampSuite;
  beforeAll(async () => {
    suite.database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await suite.database.close();
  });
  beforeEach(async () => {
    await clearCampTables(suite.database);
    suite.now = new Date(start);
    Object.assign(suite, await buildVippsTestApp(suite.database, () => suite.now, { timeoutMs: 150 }));
  });
  afterEach(async () => {
    await suite.sim.settled();
    await suite.app.close();
  });
  return suite;
}

export interface Paying {
  redirectUrl: string;
  reference: string;
  orderId: string;
  registrationId: number;
}

/** Posts a Vipps registration; answers where the browser goes and the attempt's reference. */
export async function startVippsPayment(
  app: TestApp,
  overrides: Partial<CampRegistrationDraft> = {},
  body = draft({ vipps: true, ...overrides }),
): Promise<Paying & { body: CampRegistrationDraft }> {
  const res = await postRegistration(app, body);
  if (res.statusCode !== 200) throw new Error(`post failed: ${res.statusCode} ${res.body}`);
  const url = new URL(res.body);
  const reference = url.searchParams.get("reference")!;
  const orderId = reference.replace(/-\d+$/, "");
  const [registration] = await app.db.select({ id: campRegistrations.id }).from(campRegistrations).where(eq(campRegistrations.orderId, orderId));
  return { redirectUrl: res.body, reference, orderId, registrationId: registration!.id, body };
}

/** The hidden fields of the landing page's form for `action` (what the payer's browser submits). */
export function landingFormFields(html: string, action: "approve" | "abort" | "expire"): Record<string, string> {
  const form = new RegExp(`<form method="post" action="/vipps-sim/landing/${action}">(.*?)</form>`).exec(html)?.[1];
  if (!form) throw new Error(`no ${action} form on the landing page`);
  return Object.fromEntries([...form.matchAll(/<input type="hidden" name="([a-z]+)" value="([^"]*)">/g)].map((match) => [match[1]!, match[2]!]));
}

/** Opens the landing link (the redirectUrl) and submits its form for `action`, as the payer does. */
export async function actOnLanding(app: TestApp, redirectUrl: string, action: "approve" | "abort" | "expire") {
  const link = new URL(redirectUrl);
  const page = await app.inject({ url: link.pathname + link.search });
  if (page.statusCode !== 200) throw new Error(`landing page: ${page.statusCode}`);
  return submitLanding(app, action, landingFormFields(page.body, action));
}

export function submitLanding(app: TestApp, action: "approve" | "abort" | "expire", fields: Record<string, string>) {
  return app.inject({
    method: "POST",
    url: `/vipps-sim/landing/${action}`,
    payload: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

export async function paymentRows(app: TestApp, registrationId: number) {
  return app.db.select(campPaymentColumns).from(eventPayments).where(eq(eventPayments.orderId, registrationId)).orderBy(eventPayments.id);
}

export async function registrationStatus(app: TestApp, registrationId: number) {
  const [row] = await app.db
    .select({ status: campRegistrations.status, vipps: campRegistrations.vipps })
    .from(campRegistrations)
    .where(eq(campRegistrations.id, registrationId));
  return row;
}

export async function mailCount(app: TestApp) {
  const result = await app.db.execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox`);
  return Number(result.rows[0]!.n);
}

export async function moneyActionNames(app: TestApp) {
  const result = await app.db.execute<{ action: string }>(sql`select action from event_payment_actions order by id`);
  return result.rows.map((row) => row.action);
}

export async function checkStatus(app: TestApp, orderId: string) {
  const res = await app.inject({ url: `/api/Vipps/CheckIfVippsOk/${orderId}` });
  return res.body;
}

/** Runs the reconciliation until nothing is due. */
export async function reconcile(service: { reconcileOnce: () => Promise<number> }) {
  for (let i = 0; i < 10 && (await service.reconcileOnce()) > 0; i++) {
    // again
  }
}
