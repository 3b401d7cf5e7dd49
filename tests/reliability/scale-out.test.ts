/**
 * Scale-out on PostgreSQL: two server processes A and B (two ports, one DATABASE_URL, no
 * shared memory), started together (migrations under the advisory lock).
 *
 * - An admin token issued by A works on B and one issued by B works on A (tokens live in the database).
 * - Vipps: a third process S hosts the Vipps simulator (NODE_ENV=test, VIPPS_SIMULATOR=true) and plays the
 *   external Vipps for both: A and B use it as "real" Vipps (VIPPS_BASE_URL = S/vipps-sim, the simulator's
 *   credentials read from its control API),
 *   and the webhook is registered at S for B's address only. Registrations with Vipps are created on A,
 *   approved at S, and S's webhooks reach B, which must confirm them (money log actor `vipps-webhook`;
 *   A never receives a webhook).
 * - The reconciliation job runs on both processes every 100 ms while every capture at S answers slowly,
 *   so both keep claiming while payments are being captured: S must see exactly one capture call per payment,
 *   and no claim (event_payments.claimed_until) may be left behind.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { ADMIN, adminGet, adminLogin, createPostgresDatabase, makeDraft } from "../../scripts/bench/camp.mjs";
import { freePort, startSiteServer } from "../../scripts/bench/server.mjs";
import { webhookEventTypes } from "../../src/server/payments/vipps/vipps-types.ts";
import { vippsWebhookPath } from "../../src/server/payments/vipps/vipps-routes.ts";
import { fromSource, pinnedClockEnv, postgresAvailable, postgresServerUrl, sleep } from "./support/environment.ts";
import { recordResult } from "./support/report.ts";
import { simulatorApi } from "./support/simulator.ts";

const PAYMENTS = Number(process.env.RELIABILITY_PAYMENTS ?? 24);
const CAPTURE_DELAY_MS = 400;
const RECONCILE_EVERY_MS = 100;

type Server = Awaited<ReturnType<typeof startSiteServer>>;

const withPostgres = await postgresAvailable();

describe.skipIf(!withPostgres)("scale-out: two processes on one PostgreSQL database", () => {
  it("share admin tokens, confirm on B a payment made on A, and never reconcile one payment twice at once", async () => {
    const dirs = await Promise.all(["s", "a", "b"].map((name) => mkdtemp(path.join(os.tmpdir(), `stk-scale-${name}-`))));
    const database = await createPostgresDatabase(postgresServerUrl, "stk_scale");
    const servers: Server[] = [];
    const sql = new pg.Client({ connectionString: database.url });
    try {
      // S: the external Vipps (its own PGlite; its database plays no part).
      const portS = await freePort();
      const sim = await startSiteServer({
        dataDir: dirs[0]!,
        port: portS,
        source: fromSource,
        // NODE_ENV=test: the simulator's test controls (its keys, faults, request log, webhook registration
        // and webhooks to B on loopback); a production server has no simulator at all.
        env: { ...pinnedClockEnv(), VIPPS_SIMULATOR: "true", PUBLIC_BASE_URL: `http://127.0.0.1:${portS}` },
      });
      servers.push(sim);
      const vipps = await simulatorApi(sim.base);
      const [portA, portB] = [await freePort(), await freePort()];
      // Every event but "created": that one would make the payment due for the reconciliation job at once, and
      // the job could then see the approval before the "authorized" webhook does (a fine outcome, but not the
      // one this test proves). Without it the job's first look comes 5 s after creation.
      const events = webhookEventTypes.filter((type) => type !== "epayments.payment.created.v1");
      const webhook = await vipps.registerWebhook(`http://127.0.0.1:${portB}${vippsWebhookPath}`, events);

      const appEnv = (port: number) => ({
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        VIPPS_BASE_URL: `${sim.base}/vipps-sim`,
        VIPPS_CLIENT_ID: vipps.credentials.clientId,
        VIPPS_CLIENT_SECRET: vipps.credentials.clientSecret,
        VIPPS_SUBSCRIPTION_KEY: vipps.credentials.subscriptionKey,
        VIPPS_MSN: vipps.credentials.merchantSerialNumber,
        VIPPS_WEBHOOK_SECRET: webhook.secret,
        VIPPS_RECONCILE_INTERVAL_MS: String(RECONCILE_EVERY_MS),
      });
      const [a, b] = await Promise.all(
        [
          [dirs[1]!, portA],
          [dirs[2]!, portB],
        ].map(([dataDir, port]) =>
          startSiteServer({
            dataDir: dataDir as string,
            port: port as number,
            databaseUrl: database.url,
            admin: ADMIN,
            source: fromSource,
            // A and B on the run's pinned day too (environment.ts); Vipps is S, through the VIPPS_* keys.
            env: { ...pinnedClockEnv(), ...appEnv(port as number) },
          }),
        ),
      );
      servers.push(a!, b!);
      await sql.connect();

      // Admin tokens: issued by one process, accepted by the other.
      const tokenFromA = await adminLogin(a!.base);
      const tokenFromB = await adminLogin(b!.base);
      expect(await adminGet(b!.base, tokenFromA, "Totals")).toMatchObject({ registrations: 0 });
      expect(await adminGet(a!.base, tokenFromB, "Totals")).toMatchObject({ registrations: 0 });
      const forged = await fetch(`${b!.base}/api/VinterleirAdmin/Totals/${"x".repeat(43)}`);
      expect(forged.status).toBe(401);

      // Every capture at S answers slowly: both reconcilers keep ticking while payments are mid-capture.
      await vipps.faults([{ operation: "capture", status: 0, delayMs: CAPTURE_DELAY_MS, count: 10_000 }]);

      // Registrations with Vipps, all created on A; the payer approves each at Vipps (S) at once, well before
      // the reconciliation job's first look (5 s after creation), and S sends the webhooks to B.
      // Guests (not the home club), so every one has something to pay.
      const drafts = Array.from({ length: PAYMENTS }, (_, i) => makeDraft("S", 4 * i + 1, { vipps: true }));
      const references = await Promise.all(
        drafts.map(async (draft) => {
          const answer = await fetch(`${a!.base}/api/Vinterleir/Post`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(draft),
          });
          const text = await answer.text();
          expect(answer.status, text).toBe(200);
          const reference = new URL(text).searchParams.get("reference");
          expect(reference, text).toBeTruthy();
          await vipps.approve(reference!);
          return reference!;
        }),
      );

      let captured = 0;
      for (let i = 0; i < 300 && captured < PAYMENTS; i++) {
        await sleep(100);
        const { rows } = await sql.query<{ n: number }>(
          `select count(*)::int as n from event_payments where owner_kind = 'camp' and method = 'vipps' and state = 'captured' and claimed_until is null`,
        );
        captured = rows[0]!.n;
      }
      expect(captured).toBe(PAYMENTS);
      // A few more ticks on both processes with nothing left to do.
      await sleep(5 * RECONCILE_EVERY_MS);

      const { rows: registrations } = await sql.query<{ status: string; n: number }>(
        `select status, count(*)::int as n from camp_registration_view group by status`,
      );
      expect(registrations).toEqual([{ status: "confirmed", n: PAYMENTS }]);
      // Confirmed by B's webhook endpoint (only B is registered at S), for every payment.
      const { rows: authorized } = await sql.query<{ actor: string; n: number }>(
        `select actor, count(*)::int as n from event_payment_actions where action = 'vipps-authorized' group by actor`,
      );
      expect(authorized).toEqual([{ actor: "vipps-webhook", n: PAYMENTS }]);
      const { rows: capturedActions } = await sql.query<{ n: number; payments: number }>(
        `select count(*)::int as n, count(distinct payment_id)::int as payments from event_payment_actions where action = 'vipps-captured'`,
      );
      expect(capturedActions[0]).toEqual({ n: PAYMENTS, payments: PAYMENTS });
      const { rows: mails } = await sql.query<{ n: number }>(
        `select count(*)::int as n from mail_outbox where dedupe_key like 'camp-confirmation:%'`,
      );
      expect(mails[0]!.n).toBe(PAYMENTS);
      const { rows: claims } = await sql.query<{ n: number }>(`select count(*)::int as n from event_payments where claimed_until is not null`);
      expect(claims[0]!.n).toBe(0);

      // At Vipps: exactly one capture call per payment, whichever process made it.
      const captures = await vipps.requests("capture");
      const perReference = new Map<string, number>();
      for (const request of captures) perReference.set(request.reference ?? "?", (perReference.get(request.reference ?? "?") ?? 0) + 1);
      const doubled = [...perReference].filter(([, n]) => n > 1);
      expect(doubled).toEqual([]);
      expect([...perReference.keys()].sort()).toEqual([...references].sort());
      const gets = (await vipps.requests("get")).length;

      console.log(`[scale-out] ${PAYMENTS} payments, ${captures.length} capture calls, ${gets} GETs at the simulator`);
      await recordResult({
        key: "2-scale-out-postgres",
        title: "Scale-out on PostgreSQL (two processes, one database)",
        lines: [
          "- Processes A and B on one PostgreSQL database (started together; migrations under the advisory lock); a third process S hosts the Vipps simulator as the external Vipps for both.",
          "- An admin token issued by A works on B and one issued by B works on A; a made-up token is refused (401).",
          `- ${PAYMENTS} registrations with Vipps created on A, approved at S; S's webhooks went to B only and B confirmed all ${PAYMENTS} (money log: ${PAYMENTS} × \`vipps-authorized\` by \`vipps-webhook\`), one confirmation mail each.`,
          `- Reconciliation on both processes every ${RECONCILE_EVERY_MS} ms while each capture took ${CAPTURE_DELAY_MS} ms at S: **${captures.length} capture calls for ${PAYMENTS} payments (1 each, 0 doubled)**, ${PAYMENTS} captured, 0 claims (\`event_payments.claimed_until\`) left.`,
        ],
      });
    } catch (error) {
      for (const [name, server] of ["S", "A", "B"].map((name, i) => [name, servers[i]] as const)) {
        if (server) console.error(`--- server ${name} log ---\n${server.log()}`);
      }
      throw error;
    } finally {
      await sql.end().catch(() => {});
      await Promise.all(servers.map((server) => server.stop()));
      await database.drop().catch((error: Error) => console.error(`could not drop ${database.name}: ${error.message}`));
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    }
  });
});
