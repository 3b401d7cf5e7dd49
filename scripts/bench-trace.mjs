/**
 * `npm run bench:trace -- [pglite|postgres] [count]`: a quick look at one kind of camp registration under
 * load, for finding where time goes between full `npm run bench:api` runs (seconds, not minutes). It starts the
 * production build with a fresh data folder (and a fresh PostgreSQL database), sends untimed registrations, then
 * `count` timed ones with 50 clients, and prints throughput, p50 and p99 and the slowest 1 % as
 * `start+latency` in ms from the start of the timed phase, which shows whether the slow ones came together
 * (one wave, a pause) or spread out. It checks no bar and writes no document: bench:api holds the bars.
 *
 * Environment: TRACE_FAMILIES=1 (families of three instead of single registrations), TRACE_WARMUP (untimed
 * registrations first, default 300), TRACE_NODE_ARGS (node flags for the server, e.g.
 * "--cpu-prof --cpu-prof-dir=/tmp/prof"), TRACE_MAIL_PER_MINUTE (the outbox's pace, default the server's),
 * BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432).
 */
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { ADMIN, createPostgresDatabase, makeDraft, makeFamily } from "./bench/camp.mjs";
import { startSiteServer, waitForBuild } from "./bench/server.mjs";

const kind = process.argv[2] ?? "pglite";
const count = Number(process.argv[3] ?? 2000);
const warmup = Number(process.env.TRACE_WARMUP ?? 300);
const families = process.env.TRACE_FAMILIES === "1";
const CLIENTS = 50;

if (!["pglite", "postgres"].includes(kind) || !Number.isInteger(count) || count < 100) {
  console.error("usage: npm run bench:trace -- [pglite|postgres] [count ≥ 100]");
  process.exit(2);
}

await waitForBuild();
const dataDir = await mkdtemp(path.join(os.tmpdir(), "stk-bench-trace-"));
const database =
  kind === "postgres" ? await createPostgresDatabase(process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432", "stk_trace") : undefined;
const server = await startSiteServer({
  dataDir,
  databaseUrl: database?.url,
  admin: ADMIN,
  nodeArgs: process.env.TRACE_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [],
  env: process.env.TRACE_MAIL_PER_MINUTE ? { MAIL_PER_MINUTE: process.env.TRACE_MAIL_PER_MINUTE } : {},
});
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

/** Posts one registration; resolves with its status and latency in ms. */
function post(body) {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(JSON.stringify(body));
    const started = performance.now();
    const request = http.request(
      `${server.base}/api/Vinterleir/Post`,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": payload.length, accept: "application/json, text/plain, */*" },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode, ms: performance.now() - started }));
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

/** Sends `drafts` with CLIENTS clients; answers each request's start (ms from the phase's start) and latency. */
async function send(drafts) {
  const requests = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const client = async () => {
    while (next < drafts.length) {
      const start = performance.now() - started;
      const { status, ms } = await post(drafts[next++]);
      if (status !== 200) failed++;
      requests.push({ start, ms });
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return { requests, failed, seconds: (performance.now() - started) / 1000 };
}

try {
  const make = families ? makeFamily : makeDraft;
  const drafts = Array.from({ length: warmup + count }, (_, i) => make("T", i));
  const warm = await send(drafts.slice(0, warmup));
  const { requests, failed, seconds } = await send(drafts.slice(warmup));
  const sorted = requests.map((request) => request.ms).sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const what = families ? "families of three" : "registrations";
  console.log(
    `${kind}: ${count} ${what} after ${warmup} untimed, ${CLIENTS} clients: ${Math.round(count / seconds)}/s, ` +
      `p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, ${failed + warm.failed} not answered 200`,
  );
  const slowest = [...requests].sort((a, b) => b.ms - a.ms).slice(0, Math.ceil(requests.length / 100));
  console.log(`slowest 1 % (start+latency, ms): ${slowest.map(({ start, ms }) => `${start.toFixed(0)}+${ms.toFixed(0)}`).join(" ")}`);
} finally {
  agent.destroy();
  await server.stop();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
}
