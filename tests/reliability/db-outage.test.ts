/**
 * Database outage: the real server (`build/node/main.js`, or the sources with
 * RELIABILITY_SERVER=source) on a PostgreSQL cluster of this test's own, which the test stops with
 * `pg_ctl stop -m immediate` (as a crash or a lost database host would) and starts again.
 *
 * While the database is away: the information pages still load (served from memory), the API answers
 * 503 with the Norwegian message within OUTAGE_ANSWER_MS (it never hangs), /healthz answers 503, and the
 * process keeps running. A Vipps payment approved during the outage cannot be recorded then (its webhook
 * fails). When the database is back: without a restart, the API answers again within RECOVERY_MS, the
 * registration retried by the browser is stored once, the Vipps payment is confirmed by the webhook retry
 * or the reconciliation job, and the mail outbox worker (its timer) sends mail queued after the outage.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, makeDraft } from "../../scripts/bench/camp.mjs";
import { freePort, startSiteServer } from "../../scripts/bench/server.mjs";
import { errorMessages } from "../../src/server/errors.ts";
import { fromSource, pinnedClockEnv, sleep } from "./support/environment.ts";
import { simulatorApi } from "./support/simulator.ts";
import { recordResult } from "./support/report.ts";
import { createThrowawayPostgres, throwawayPostgresUnavailable, type ThrowawayPostgres } from "./support/throwaway-postgres.ts";

/** The bars: an answer while the database is away, and the API back after it returns. */
const OUTAGE_ANSWER_MS = 3000;
const RECOVERY_MS = 15_000;
/** Long enough for every background job to run into the outage at least once. */
const OUTAGE_MS = 7000;

const unavailable = throwawayPostgresUnavailable();
if (unavailable && process.env.REQUIRE_POSTGRES === "1") throw new Error(`REQUIRE_POSTGRES=1, but ${unavailable}`);
if (unavailable) console.warn(`\n*** Database outage test SKIPPED: ${unavailable}. ***\n`);

type Server = Awaited<ReturnType<typeof startSiteServer>>;

async function timed(url: string, init?: RequestInit) {
  const started = Date.now();
  const answer = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const body = await answer.text();
  return { status: answer.status, body, ms: Date.now() - started };
}

function post(url: string, body: unknown) {
  return timed(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

describe.skipIf(Boolean(unavailable))("database outage (PostgreSQL stopped under a running server)", () => {
  let cluster: ThrowawayPostgres;
  let server: Server;
  let dataDir: string;
  let db: pg.Pool;

  beforeAll(async () => {
    cluster = await createThrowawayPostgres();
    dataDir = await mkdtemp(path.join(os.tmpdir(), "stk-outage-"));
    const port = await freePort();
    server = await startSiteServer({
      dataDir,
      databaseUrl: cluster.url,
      port,
      source: fromSource,
      admin: ADMIN,
      // The built-in Vipps simulator with its test controls (production would have real Vipps and no
      // simulator), its webhooks back to this server.
      env: { ...pinnedClockEnv(), VIPPS_SIMULATOR: "true", PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, VIPPS_RECONCILE_INTERVAL_MS: "500" },
    });
    db = new pg.Pool({ connectionString: cluster.url, max: 2, connectionTimeoutMillis: 2000 });
    db.on("error", () => {});
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await db?.end().catch(() => {});
    await cluster?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("keeps the information pages up, answers the API with a quick 503 and recovers by itself", async () => {
    const base = server.base;
    const lines: string[] = [];

    // Before: everything works.
    const before = makeDraft("Utfall", 1);
    expect((await post(`${base}/api/Vinterleir/Post`, before)).body).toBe("Done");
    const pay = makeDraft("Utfall", 2, { vipps: true });
    const payAnswer = await post(`${base}/api/Vinterleir/Post`, pay);
    expect(payAnswer.status).toBe(200);
    const {
      rows: [payment],
    } = await db.query<{ reference: string; order_id: string }>(
      `select p.reference, r.order_id from event_payments p join camp_registration_view r on r.id = p.order_id where r.last_name = $1 and p.method = 'vipps'`,
      [pay.lastName],
    );
    expect(payment).toBeDefined();
    expect((await timed(`${base}/healthz`)).status).toBe(200);

    // The database goes away.
    const stoppedAt = Date.now();
    cluster.stopImmediately();
    const outageDraft = makeDraft("Utfall", 3);

    const pages = [`${base}/`, `${base}/vinterleir`, `${base}/kontakt`];
    for (const url of pages) {
      const answer = await timed(url);
      expect(answer.status, url).toBe(200);
      expect(answer.body).toContain("<html");
      expect(answer.ms, url).toBeLessThan(OUTAGE_ANSWER_MS);
    }
    const calls = {
      "POST /api/Vinterleir/Post": () => post(`${base}/api/Vinterleir/Post`, outageDraft),
      "GET /api/VinterleirAdmin/GetToken": () => timed(`${base}/api/VinterleirAdmin/GetToken/${ADMIN.username}/${"0".repeat(64)}`),
      "GET /api/Vipps/CheckIfVippsOk": () => timed(`${base}/api/Vipps/CheckIfVippsOk/${payment!.order_id}`),
      "GET /api/NewMemberAdmin/Get": () => timed(`${base}/api/NewMemberAdmin/Get/${"a".repeat(43)}`),
    };
    const slowest: Record<string, number> = {};
    for (const [name, call] of Object.entries(calls)) {
      const answer = await call();
      slowest[name] = answer.ms;
      expect(answer.status, `${name}: ${answer.body}`).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({ error: errorMessages.databaseUnavailable });
      expect(answer.ms, name).toBeLessThan(OUTAGE_ANSWER_MS);
    }
    const health = await timed(`${base}/healthz`);
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toMatchObject({ status: "error", database: { kind: "postgres", ok: false } });
    expect(health.ms).toBeLessThan(OUTAGE_ANSWER_MS + 500);

    // The payer approves at Vipps meanwhile: the webhook to us fails (503), Vipps keeps the payment.
    await (await simulatorApi(base)).approve(payment!.reference);
    // Let every background job (outbox, Vipps reconciliation, retention) run into the outage.
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt)));
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    const pageDuring = await timed(`${base}/`);
    expect(pageDuring.status).toBe(200);

    // The database returns; the server is not restarted.
    cluster.start();
    const backAt = Date.now();
    let recovered: Awaited<ReturnType<typeof post>> | undefined;
    while (Date.now() - backAt < RECOVERY_MS) {
      // The browser's user retries the same draft (the draftId makes that safe).
      const answer = await post(`${base}/api/Vinterleir/Post`, outageDraft);
      if (answer.status === 200) {
        recovered = answer;
        break;
      }
      expect(answer.status).toBe(503);
      await sleep(250);
    }
    const recoveryMs = Date.now() - backAt;
    expect(recovered?.body, "the API did not recover in time").toBe("Done");
    expect((await timed(`${base}/healthz`)).status).toBe(200);
    const {
      rows: [stored],
    } = await db.query<{ n: number }>(`select count(*)::int as n from camp_registration_view where last_name = $1`, [outageDraft.lastName]);
    expect(stored!.n).toBe(1);

    // The Vipps payment approved during the outage is confirmed after it (webhook retry or reconciliation).
    let vippsStatus = "";
    for (const giveUpAt = Date.now() + RECOVERY_MS; Date.now() < giveUpAt; await sleep(250)) {
      vippsStatus = (await timed(`${base}/api/Vipps/CheckIfVippsOk/${payment!.order_id}`)).body;
      if (vippsStatus.includes("RESERVED")) break;
    }
    expect(vippsStatus).toContain("RESERVED");

    // The outbox worker's timer survived: a mail queued behind its back (no kick) is sent on its next round.
    // Due now by the server's clock (the run's pinned day, as /healthz tells it), not by the database's.
    const queuedAt = (JSON.parse((await timed(`${base}/healthz`)).body) as { now: string }).now;
    await db.query(
      `insert into mail_outbox (dedupe_key, recipient, subject, text, html, status, next_attempt_at, created_at)
       values ('outage-test', 'test@example.no', 'Etter utfallet', 'Hei', '<p>Hei</p>', 'pending', $1, $1)`,
      [queuedAt],
    );
    let mailStatus = "";
    for (const giveUpAt = Date.now() + RECOVERY_MS; Date.now() < giveUpAt; await sleep(250)) {
      mailStatus = (await db.query<{ status: string }>(`select status from mail_outbox where dedupe_key = 'outage-test'`)).rows[0]!.status;
      if (mailStatus === "sent") break;
    }
    expect(mailStatus).toBe("sent");
    expect(server.child.exitCode).toBeNull();

    lines.push(
      `- PostgreSQL stopped with \`pg_ctl stop -m immediate\` under the running server for ${Math.round(OUTAGE_MS / 1000)} s: information pages 200; ` +
        `API 503 with «${errorMessages.databaseUnavailable}» in ${Object.entries(slowest)
          .map(([name, ms]) => `${name} ${ms} ms`)
          .join(", ")} (bar < ${OUTAGE_ANSWER_MS} ms); /healthz 503 in ${health.ms} ms.`,
      `- Database started again: the API answered again after ${(recoveryMs / 1000).toFixed(1)} s (bar < ${RECOVERY_MS / 1000} s), no server restart; ` +
        `the retried draft stored once; the Vipps payment approved during the outage confirmed afterwards; the outbox worker sent new mail.`,
    );
    await recordResult({ key: "5-db-outage", title: "Database outage (PostgreSQL)", lines });
  });
});
