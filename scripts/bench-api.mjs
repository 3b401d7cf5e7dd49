/**
 * `npm run bench:api`: the camp API under load, on the real production server (`build/node/main.js`).
 *
 * For each database (PGlite in a fresh DATA_DIR, then a fresh PostgreSQL database when one answers on
 * BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432):
 *   1. 50 warm-up registrations (not timed; they are in the counts checked afterwards);
 *   2. 450 timed registrations, so exactly 500 participants are confirmed;
 *   3. GET /api/VinterleirUsers/Get and /GetGrades for a fixed time each, at those 500 participants;
 *   4. 550 more timed registrations (1,000 timed in all, 1,050 stored);
 *   5. 50 of the drafts posted again (a browser's retry) — each must answer Done and store nothing;
 *   6. the admin API must show exactly one registration per draft answered Done, nothing lost, nothing extra;
 *   7. 100 families of three in one submission each (after 10 untimed);
 *   8. the club's other kinds: a grading and a gear sale, created and published through the event admin,
 *      300 registrations and 300 orders, each checked against the event admin's list afterwards (each kind
 *      after 20 untimed warm-up orders to an event of its own, as the camp's 50);
 *   9. every confirmation mail (camp, family, grading, gear) sent exactly once by the outbox;
 *  10. 450 more timed registrations after the drain, so a mail's CPU is held to registrations measured on both sides.
 * A bare node:http "hello" server, in its own process, is measured with the same generator, concurrency
 * and duration before the first database's run and after each: the ceiling of this machine, which every
 * phase of a database is compared with (against the mean of the measurements around its run).
 *
 * The load generator runs in this process: node:http with a keep-alive agent, 50 concurrent clients
 * (50 sockets), each sending its next request as soon as the previous answer is read. Latency is the time
 * from sending a request to having its whole body (process.hrtime). Requests send the headers a browser
 * sends (accept: application/json, accept-encoding: gzip, deflate, br), so answers above the server's
 * compression threshold are compressed as they would be for a visitor.
 *
 * Prints a table and rewrites the section between the bench:api markers in docs/benchmarks.md.
 * Bars print PASS/FAIL (a measurement, not a test); the exit code is non-zero only when the bench itself
 * cannot run (no build, the server does not start).
 *
 * Options (environment): BENCH_SECONDS (list phases, default 10), BENCH_PG_URL, BENCH_NODE_ARGS (node flags for the
 * site server, e.g. --cpu-prof), BENCH_SERVER=source (run src/server/main.ts through tsx, no rebuild needed),
 * BENCH_DATABASES=pglite|postgres (one run only), BENCH_NO_DOC=1 (do not rewrite docs/benchmarks.md),
 * BENCH_CAMP_CAPACITY=n (the camp's edition gets n places, so every registration counts the places held
 * under the edition's lock; n above the registrations sent, 1,550 with those after the drain, e.g. 5000, keeps
 * everyone off the waiting list).
 */
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, statfs, symlink } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
// Shared with the reliability tests (tests/reliability): the server as a child process, drafts, the admin check.
import {
  ADMIN,
  adminGet,
  adminLogin,
  createPostgresDatabase,
  makeDraft,
  makeFamily,
  postgresReachable as reachable,
  verifyAgainstAdmin,
} from "./bench/camp.mjs";
import { benchClockStart, freePort, root, spawnLogged, startSiteServer as startServer, stopProcess, waitFor, waitForBuild } from "./bench/server.mjs";
import { benchmarksDoc, writeBenchmarkSection } from "./bench/doc-section.mjs";
import { createPublishedEvent, gradingEvent, gradingOrder, saleEvent, saleOrder, verifyEventOrders } from "./bench/events.mjs";

/**
 * BENCH_SERVER=source runs the working tree through tsx (`node --import tsx src/server/main.ts`) instead of
 * the build, to measure a change without rebuilding; the site's files still come from build/client.
 */
const fromSource = process.env.BENCH_SERVER === "source";

const CLIENTS = 50;
const WARMUP = 50;
const LIST_AT = 500;
const TIMED = 1000;
const RETRIES = 50;
const FAMILIES = 100;
/** Untimed families first: the family path's own statements and code are not timed cold (as the registrations' warm-up). */
const FAMILY_WARMUP = 10;
/** Registrations for the grading and orders for the gear sale, each. */
const EVENT_ORDERS = 300;
/** Untimed orders per kind first, to an event of their own: the kind's first statement is not timed. */
const EVENT_WARMUP = 20;
/** How long the outbox may take, after the last request, to have sent every mail (at MAIL_PER_MINUTE below). */
const MAIL_WAIT_SECONDS = 180;
/** How long a restart with nothing to send is measured, to take a restart's own CPU off the mails' (its start-up is over by then). */
const IDLE_RESTART_SECONDS = 20;
/** Timed registrations after the drain, for the mail's bar (the registrations' CPU on both sides of the mail's). */
const AFTER_DRAIN = 450;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432";
const CAMP_CAPACITY = process.env.BENCH_CAMP_CAPACITY ? Number(process.env.BENCH_CAMP_CAPACITY) : null;
const LIST_IDENTITY = "GET /api/VinterleirUsers/Get, no compression (diagnosis)";

/** The bars we hold the site to. */
const bars = {
  listShareOfBare: 0.6,
  registrationsPerSecond: { pglite: 300, postgres: 1000 },
  registrationP99Ms: 100,
  /** A confirmation mail rendered and sent costs at most this many camp registrations' CPU. */
  mailCpuPerRegistration: 2,
  /**
   * Each write path's throughput as a share of the bare node:http server's in the same run, which follows the
   * host (the machines here differ twofold from one day to the next) where the absolute bars above do not.
   * Each bar is 90 % of the share measured before the camp moved onto the events engine, so that move may not
   * cost more than a tenth of any kind's speed (gear orders run the gradings' engine and hold their bar).
   */
  shareOfBare: {
    registration: { pglite: 0.9 * 0.062, postgres: 0.9 * 0.07 },
    family: { pglite: 0.9 * 0.012, postgres: 0.9 * 0.017 },
    grading: { pglite: 0.9 * 0.074, postgres: 0.9 * 0.107 },
    "gear order": { pglite: 0.9 * 0.074, postgres: 0.9 * 0.107 },
  },
};

// ---------------------------------------------------------------------------------------------- processes

/** When each data folder's first server started (real time), so that a restart on it carries the clock on. */
const firstStarts = new Map();

/**
 * The production server with its own fresh DATA_DIR; DATABASE_URL only for the PostgreSQL run. A restart on the
 * same data goes on from where the clock was, as a real restart does: starting again at benchClockStart would put
 * the mails queued late in the run in the server's future, and it would send them only as its clock caught up.
 */
function startSiteServer({ dataDir, databaseUrl, mailPerMinute }) {
  const elapsedMs = Date.now() - (firstStarts.get(dataDir) ?? Date.now());
  if (!firstStarts.has(dataDir)) firstStarts.set(dataDir, Date.now());
  const clockStart = new Date(Date.parse(benchClockStart) + elapsedMs).toISOString();
  // BENCH_NODE_ARGS: extra node flags for the site server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where its time goes.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  return startServer({
    dataDir,
    databaseUrl,
    admin: ADMIN,
    nodeArgs,
    source: fromSource,
    env: { CLOCK_START: clockStart, ...(mailPerMinute ? { MAIL_PER_MINUTE: String(mailPerMinute) } : {}) },
  });
}

/** The baseline: the least a Node HTTP server can do, in its own process like the real one. */
const bareServerSource = `
  const http = require("node:http");
  const server = http.createServer((request, response) => {
    response.writeHead(200, { "content-type": "text/plain; charset=utf-8", "content-length": "5" });
    response.end("hello");
  });
  server.keepAliveTimeout = 65000;
  server.listen(Number(process.env.PORT), "127.0.0.1");
`;

async function startBareServer() {
  const port = await freePort();
  const server = spawnLogged(["-e", bareServerSource], { ...process.env, PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/`, server);
  return { base, pid: server.child.pid, stop: () => stopProcess(server.child) };
}

// ---------------------------------------------------------------------------------------------- CPU

const CLOCK_TICKS = 100; // USER_HZ on Linux

/** utime + stime of a process in seconds, from /proc (0 where there is no /proc). */
async function cpuSeconds(pid) {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** The local PostgreSQL's processes (postmaster, backends, walwriter, …), found by name in /proc. */
async function postgresPids() {
  if (!existsSync("/proc")) return [];
  const pids = (await readdir("/proc")).filter((name) => /^\d+$/.test(name));
  const found = [];
  for (const pid of pids) {
    const comm = await readFile(`/proc/${pid}/comm`, "utf8").catch(() => "");
    if (comm.trim() === "postgres") found.push(pid);
  }
  return found;
}

/**
 * Where the machine's CPU went during a phase, in % of one core (200 % = both cores): the site server,
 * PostgreSQL (all its processes; none on PGlite, which runs inside the server) and this load generator.
 */
async function cpuMeter(serverPid, withPostgres) {
  const dbPids = withPostgres ? await postgresPids() : [];
  const sample = async () => ({
    at: performance.now(),
    server: await cpuSeconds(serverPid),
    db: (await Promise.all(dbPids.map(cpuSeconds))).reduce((a, b) => a + b, 0),
    generator: (({ user, system }) => (user + system) / 1e6)(process.cpuUsage()),
  });
  const start = await sample();
  return async () => {
    const end = await sample();
    const seconds = (end.at - start.at) / 1000;
    const share = (key) => (100 * (end[key] - start[key])) / seconds;
    return { server: share("server"), db: withPostgres ? share("db") : null, generator: share("generator") };
  };
}

/** CPU seconds of the server (and PostgreSQL's) from now until the returned function is called. */
async function cpuTotals(serverPid, withPostgres) {
  const dbPids = withPostgres ? await postgresPids() : [];
  const sample = async () => ({
    server: await cpuSeconds(serverPid),
    db: (await Promise.all(dbPids.map(cpuSeconds))).reduce((a, b) => a + b, 0),
  });
  const start = await sample();
  return async () => {
    const end = await sample();
    return { server: end.server - start.server, db: end.db - start.db };
  };
}

async function measured(serverPid, withPostgres, run) {
  const stop = await cpuMeter(serverPid, withPostgres);
  const result = await run();
  return { ...result, cpu: await stop() };
}

// ---------------------------------------------------------------------------------------------- load generator

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS, maxFreeSockets: CLIENTS });
const browserHeaders = { accept: "application/json, text/plain, */*", "accept-encoding": "gzip, deflate, br" };

/** One request; resolves with status, body (raw bytes as sent) and latency in ms. Never rejects. */
function request(url, { method = "GET", body, headers: extra } = {}) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers = { ...browserHeaders, ...extra };
    if (payload) Object.assign(headers, { "content-type": "application/json", "content-length": payload.length });
    const started = process.hrtime.bigint();
    const done = (result) => resolve({ ...result, ms: Number(process.hrtime.bigint() - started) / 1e6 });
    const req = http.request(url, { method, headers, agent }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => done({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", (error) => done({ status: 0, error }));
    });
    req.on("error", (error) => done({ status: 0, error }));
    req.end(payload);
  });
}

/**
 * Runs `jobs` (functions returning a request) with CLIENTS workers, or, given `seconds`, repeats `job`
 * in CLIENTS workers until the time is up (requests under way then still finish and count).
 */
async function load({ jobs, job, seconds, check }) {
  const latencies = [];
  const errors = [];
  let next = 0;
  const deadline = seconds ? performance.now() + seconds * 1000 : Infinity;
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      let make;
      if (jobs) {
        if (next >= jobs.length) return;
        make = jobs[next++];
      } else {
        if (performance.now() >= deadline) return;
        make = job;
      }
      const answer = await make();
      latencies.push(answer.ms);
      const problem = answer.error ? answer.error.message : check(answer);
      if (problem) errors.push(problem);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return { count: latencies.length, seconds: elapsed, latencies, errors };
}

function summarise({ count, seconds, latencies, errors, cpu }) {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN);
  return { count, seconds, rps: count / seconds, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN, errors, cpu };
}

/** Two timed legs as one measurement (the list test sits between them). */
function mergeLegs(a, b) {
  const seconds = a.seconds + b.seconds;
  const cpu = Object.fromEntries(
    Object.keys(a.cpu).map((key) => [key, a.cpu[key] === null ? null : (a.cpu[key] * a.seconds + b.cpu[key] * b.seconds) / seconds]),
  );
  return { count: a.count + b.count, seconds, latencies: [...a.latencies, ...b.latencies], errors: [...a.errors, ...b.errors], cpu };
}

// ---------------------------------------------------------------------------------------------- registrations

const expectDone = (answer) =>
  answer.status === 200 && answer.body.toString() === "Done" ? null : `${answer.status} ${answer.body?.toString().slice(0, 200)}`;
const expectOk = (answer) => (answer.status === 200 ? null : `${answer.status} ${answer.body?.toString().slice(0, 200)}`);

function registerAll(base, drafts) {
  return load({ jobs: drafts.map((draft) => () => request(`${base}/api/Vinterleir/Post`, { method: "POST", body: draft })), check: expectDone });
}

/**
 * The untimed registrations before a timed leg, then the list read 200 times, one at a time: the code runs warm,
 * and the warm-up's mails go out at the provider's pace before the timing starts.
 */
async function warmUp(base, drafts) {
  const result = await registerAll(base, drafts);
  for (let i = 0; i < 200; i++) await request(`${base}/api/VinterleirUsers/Get`);
  return result;
}

/** Gives the current edition a capacity through the camp admin's edition form (BENCH_CAMP_CAPACITY). */
async function limitCamp(base, capacity) {
  const { year } = await (await fetch(`${base}/api/CampEdition/Current`)).json();
  const token = await adminLogin(base, ADMIN);
  const res = await fetch(`${base}/api/CampEdition/Put/${year}/${token}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ capacity }),
  });
  if (!res.ok) throw new Error(`capacity ${capacity} for ${year}: ${res.status} ${await res.text()}`);
}

/**
 * The server renders every information page once it listens (a few seconds of CPU on this host): waits for that by
 * asking for each page in the sitemap, so no phase measures the start-up's work.
 */
async function pagesRendered(server) {
  const sitemap = await (await fetch(`${server.base}/sitemap.xml`)).text();
  for (const [, loc] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g))
    await fetch(`${server.base}${new URL(loc).pathname}`).then((res) => res.arrayBuffer());
}

/** Nothing lost, nothing twice: the admin's view against the drafts that answered Done. */
function verify(base, drafts, doneCount) {
  return verifyAgainstAdmin(base, drafts, { admin: ADMIN, doneCount });
}

// ---------------------------------------------------------------------------------------------- one database

/**
 * The mail folder (the stand-in for SMTP, `<DATA_DIR>/mail`) in memory where the machine has /dev/shm: the
 * database stays on the disk. A mail's two files cost the kernel 0.2–0.9 ms to create on this host's disk, from
 * one run to the next with the same build (CPU profiles of the drain), which is neither the site's work nor what a
 * mail costs through SMTP, and swung the mail's CPU by more than the bar's margin. Answers where the folder is.
 */
async function mailFolderInMemory(dataDir) {
  const onDisk = path.join(dataDir, "mail");
  // A run's mails take under 100 MB; a small /dev/shm (a container's 64 MB) would fill and fail the mail bar.
  const free = await statfs("/dev/shm").then(
    ({ bavail, bsize }) => bavail * bsize,
    () => 0,
  );
  if (free < 512 * 1024 * 1024) return onDisk;
  const folder = await mkdtemp("/dev/shm/stk-bench-api-mail-");
  try {
    await symlink(folder, onDisk);
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return folder;
}

async function benchDatabase(kind) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `stk-bench-api-${kind}-`));
  let mailFolder, database, server;
  try {
    mailFolder = await mailFolderInMemory(dataDir);
    database = kind === "postgres" ? await createPostgresDatabase(PG_URL, "stk_bench") : undefined;
    const databaseUrl = database?.url;
    server = await startSiteServer({ dataDir, databaseUrl });
    if (CAMP_CAPACITY !== null) await limitCamp(server.base, CAMP_CAPACITY);
    const tag = kind === "pglite" ? "L" : "P";
    const drafts = Array.from({ length: WARMUP + TIMED }, (_, i) => makeDraft(tag, i));
    const warm = drafts.slice(0, WARMUP);
    const legA = drafts.slice(WARMUP, LIST_AT);
    const legB = drafts.slice(LIST_AT);
    await pagesRendered(server);
    process.stdout.write(`[${kind}] warm-up ${warm.length} registrations … `);
    const warmResult = await warmUp(server.base, warm);
    console.log(`${warmResult.errors.length} error(s)`);

    process.stdout.write(`[${kind}] ${legA.length} timed registrations … `);
    const withPostgres = kind === "postgres";
    const a = await measured(server.pid, withPostgres, () => registerAll(server.base, legA));
    console.log(`${a.errors.length} error(s)`);

    const participants = JSON.parse(await (await fetch(`${server.base}/api/VinterleirUsers/Get`)).text()).length;
    const lists = {};
    // The last one is a diagnosis, not a target: the list without compression shows what compressing costs.
    for (const [label, url, headers] of [
      ["GET /api/VinterleirUsers/Get", "/api/VinterleirUsers/Get"],
      ["GET /api/VinterleirUsers/GetGrades", "/api/VinterleirUsers/GetGrades"],
      [LIST_IDENTITY, "/api/VinterleirUsers/Get", { "accept-encoding": "identity" }],
    ]) {
      process.stdout.write(`[${kind}] ${label} for ${SECONDS} s at ${participants} participants … `);
      const answer = await request(`${server.base}${url}`, { headers });
      const job = () => request(`${server.base}${url}`, { headers });
      const result = summarise(await measured(server.pid, withPostgres, () => load({ job, seconds: SECONDS, check: expectOk })));
      lists[label] = { ...result, bytes: answer.body.length, encoding: answer.headers["content-encoding"] ?? "none" };
      console.log(`${Math.round(result.rps)} req/s`);
    }

    process.stdout.write(`[${kind}] ${legB.length} timed registrations … `);
    const b = await measured(server.pid, withPostgres, () => registerAll(server.base, legB));
    console.log(`${b.errors.length} error(s)`);
    const registrations = summarise(mergeLegs(a, b));

    process.stdout.write(`[${kind}] ${RETRIES} retried drafts … `);
    const retryDrafts = drafts.filter((_, i) => i % Math.floor(drafts.length / RETRIES) === 0).slice(0, RETRIES);
    const retries = await registerAll(server.base, retryDrafts);
    console.log(`${retries.errors.length} error(s)`);

    const doneCount = drafts.length - warmResult.errors.length - registrations.errors.length;
    const check = await verify(server.base, drafts, doneCount);
    console.log(
      `[${kind}] admin: ${check.confirmed} confirmed registrations (${check.persons} persons) — ${check.ok ? "all present once" : "MISMATCH"}`,
    );

    process.stdout.write(`[${kind}] ${FAMILIES} families of three (one submission, one payment each, one mail) … `);
    const families = Array.from({ length: FAMILY_WARMUP + FAMILIES }, (_, i) => makeFamily(tag, i));
    const postFamily = (family) => () => request(`${server.base}/api/Vinterleir/Post`, { method: "POST", body: family });
    const familyWarmup = await load({
      jobs: families.slice(0, FAMILY_WARMUP).map(postFamily),
      check: expectDone,
    });
    const familyResult = summarise(
      await measured(server.pid, withPostgres, () =>
        load({
          jobs: families.slice(FAMILY_WARMUP).map(postFamily),
          check: expectDone,
        }),
      ),
    );
    const totals = await adminGet(server.base, await adminLogin(server.base, ADMIN), "Totals");
    const familiesDone = FAMILY_WARMUP - familyWarmup.errors.length + FAMILIES - familyResult.errors.length;
    const familyCheck = { registrations: totals.registrations - check.confirmed, expected: 3 * familiesDone };
    console.log(
      `${Math.round(familyResult.rps)}/s, ${familyResult.errors.length} error(s), ${familyCheck.registrations}/${familyCheck.expected} athletes stored`,
    );

    const events = await benchEvents(server, tag, withPostgres);
    const eventMails = events.reduce(
      (sum, event) => sum + event.result.count - event.result.errors.length + EVENT_WARMUP - event.warmupErrors.length,
      0,
    );

    // One confirmation per single registration, per family and per event order: every one must be sent. The server
    // sent at the provider's pace (MAIL_PER_MINUTE, 60 by default) during the run; a new server on the
    // same data sends the rest as fast as it can, which also shows the outbox survives a restart and
    // what a mail costs to render and send.
    const expectedMails = doneCount + familiesDone + eventMails;
    const sentDuringRun = await countSent(dataDir);
    await server.stop();
    const filesBefore = await mailFiles(dataDir);
    server = await startSiteServer({ dataDir, databaseUrl, mailPerMinute: 10_000 });
    process.stdout.write(`[${kind}] outbox: ${sentDuringRun} sent during the run; a restarted server sends the rest of ${expectedMails} … `);
    const drainCpu = await cpuTotals(server.pid, withPostgres);
    // A mail is measured warm, as a registration is (after its warm-up): over the second half of the drain, once the
    // first half has run the mail code (rendering, MIME, QR, the outbox's statements) in the fresh process.
    const filesAtHalf = await mailFilesReach(dataDir, filesBefore + Math.ceil((expectedMails - sentDuringRun) / 2));
    const atHalf = await drainCpu();
    const mail = await sentMails(dataDir, expectedMails);
    const drain = await drainCpu();
    const drained = mail.sent - sentDuringRun;
    const secondHalf = (await mailFiles(dataDir)) - filesAtHalf;
    mail.cpuMsPerMail = secondHalf > 0 ? ((drain.server + drain.db - atHalf.server - atHalf.db) * 1000) / secondHalf : NaN;
    mail.dbMsPerMail = secondHalf > 0 ? ((drain.db - atHalf.db) * 1000) / secondHalf : NaN;
    // The whole drain as well, cold start included: the restart's own work (loading, opening the database, rendering
    // the pages ahead) is not a mail's, so the same restart with nothing to send, over the same time (at most
    // IDLE_RESTART_SECONDS), is taken off.
    await server.stop();
    server = await startSiteServer({ dataDir, databaseUrl, mailPerMinute: 10_000 });
    const idleCpu = await cpuTotals(server.pid, withPostgres);
    await new Promise((resolve) => setTimeout(resolve, Math.min(mail.seconds, IDLE_RESTART_SECONDS) * 1000));
    const idle = await idleCpu();
    mail.restartCpuSeconds = idle.server + idle.db;
    mail.coldCpuMsPerMail = drained > 0 ? ((drain.server + drain.db - mail.restartCpuSeconds) * 1000) / drained : NaN;
    console.log(
      `${mail.sent} sent, ${drained} in ${mail.seconds.toFixed(1)} s (${mail.cpuMsPerMail.toFixed(2)} ms CPU per mail over the last ${secondHalf}${withPostgres ? `, server + PostgreSQL: ${(mail.cpuMsPerMail - mail.dbMsPerMail).toFixed(2)} + ${mail.dbMsPerMail.toFixed(2)} ms` : ""}; ${mail.coldCpuMsPerMail.toFixed(2)} ms over all of them, cold start included, after ${mail.restartCpuSeconds.toFixed(1)} s of the restart's own)`,
    );

    // The registrations' CPU again, right after the drain, on a server that sends at the provider's pace again
    // (after its own warm-up). The host's speed drifts within a run and the timed registrations ran half a minute
    // before the drain, so the mail is held to the mean of the two, as each phase's throughput is held to the
    // bare server measured before and after its run.
    await server.stop();
    server = await startSiteServer({ dataDir, databaseUrl });
    await pagesRendered(server);
    const afterDrafts = Array.from({ length: WARMUP + AFTER_DRAIN }, (_, i) => makeDraft(tag, drafts.length + i));
    process.stdout.write(`[${kind}] after the drain: ${WARMUP} warm-up and ${AFTER_DRAIN} timed registrations … `);
    const afterWarm = await warmUp(server.base, afterDrafts.slice(0, WARMUP));
    const afterDrain = summarise(await measured(server.pid, withPostgres, () => registerAll(server.base, afterDrafts.slice(WARMUP))));
    console.log(`${afterWarm.errors.length + afterDrain.errors.length} error(s), ${cpuPerRequest(afterDrain)} CPU per registration`);

    const settings = await durabilitySettings(kind, server, databaseUrl, dataDir);
    return {
      kind,
      participants,
      registrations,
      lists,
      warmupErrors: warmResult.errors,
      retryErrors: retries.errors,
      retryCount: retryDrafts.length,
      check,
      families: { ...familyResult, errors: [...familyWarmup.errors, ...familyResult.errors] },
      familyCheck,
      events,
      mail,
      afterDrain: { ...afterDrain, errors: [...afterWarm.errors, ...afterDrain.errors] },
      settings,
      // Start-up notices expected in this setup (closed admin areas, no SMTP_URL) are not news.
      serverLog: server
        .log()
        .split("\n")
        .filter((line) => line.trim() && !/admin area .* is closed|SMTP_URL is not set/.test(line))
        .join("\n"),
    };
  } finally {
    await server?.stop();
    await database?.drop().catch((error) => console.error(`could not drop the bench database: ${error.message}`));
    await rm(dataDir, { recursive: true, force: true });
    if (mailFolder) await rm(mailFolder, { recursive: true, force: true });
  }
}

/**
 * The club's other kinds under the same load: a grading (one athlete per registration, 350 kr) and a gear
 * sale (one or two lines per order), card/cash, so every answer is `Done`; then the event admin's list
 * must hold each order once, with its rows and its charge.
 */
async function benchEvents(server, tag, withPostgres) {
  const token = await adminLogin(server.base, ADMIN);
  // The server's own (pinned) day, not the real date: the events open and start relative to it.
  const now = new Date((await (await fetch(`${server.base}/healthz`)).json()).now);
  const kinds = [
    {
      label: "grading",
      slug: `benk-gradering-${tag.toLowerCase()}`,
      definition: gradingEvent(now, EVENT_ORDERS + 10),
      orders: Array.from({ length: EVENT_ORDERS }, (_, i) => gradingOrder(`G${tag}`, i)),
      charge: () => 350,
    },
    {
      label: "gear order",
      slug: `benk-salg-${tag.toLowerCase()}`,
      definition: saleEvent(now, EVENT_ORDERS),
      orders: Array.from({ length: EVENT_ORDERS }, (_, i) => saleOrder(`S${tag}`, i)),
      charge: (order) => (order.items.length === 2 ? 650 : 200),
    },
  ];
  const results = [];
  for (const kind of kinds) {
    const warmSlug = `${kind.slug}-oppvarming`;
    await createPublishedEvent(server.base, token, warmSlug, kind.definition);
    const warm = await load({
      jobs: kind.orders
        .slice(0, EVENT_WARMUP)
        .map((order) => () => request(`${server.base}/api/Arrangement/Post/${warmSlug}`, { method: "POST", body: order })),
      check: expectDone,
    });
    await createPublishedEvent(server.base, token, kind.slug, kind.definition);
    process.stdout.write(`[${withPostgres ? "postgres" : "pglite"}] ${EVENT_WARMUP} untimed, then ${kind.orders.length} ${kind.label}s … `);
    const done = [];
    const result = summarise(
      await measured(server.pid, withPostgres, () =>
        load({
          jobs: kind.orders.map((order, i) => async () => {
            const answer = await request(`${server.base}/api/Arrangement/Post/${kind.slug}`, { method: "POST", body: order });
            done[i] = !expectDone(answer);
            return answer;
          }),
          check: expectDone,
        }),
      ),
    );
    const check = await verifyEventOrders(server.base, token, kind.slug, kind.orders, done, kind.charge);
    console.log(`${Math.round(result.rps)}/s, ${result.errors.length} error(s), ${check.stored}/${check.expected} orders stored`);
    results.push({ label: kind.label, path: `POST /api/Arrangement/Post/{slug}, ${kind.label}`, result, check, warmupErrors: warm.errors });
  }
  return results;
}

/**
 * The confirmations in the folder transport's folder (`<id>.json` beside each `.eml`), by outbox row id.
 * Other mails (the club's own scheduled messages) are not the run's.
 */
async function sentConfirmations(dataDir) {
  const folder = path.join(dataDir, "mail");
  const names = (await readdir(folder).catch(() => [])).filter((name) => name.endsWith(".json"));
  const ids = [];
  for (const name of names) {
    let mail;
    try {
      mail = JSON.parse(await readFile(path.join(folder, name), "utf8"));
    } catch {
      continue; // being written: counted on the next look
    }
    // The camp's confirmations, and the events' («Gradering: Benkgradering – ordre …», «Bestilling: Benkklær – …»).
    if (/^(Du er registrert til|\p{L}+: Benk)/u.test(mail.subject ?? "")) ids.push(/-(\d+)\.json$/.exec(name)?.[1]);
  }
  return ids;
}

/** How many mails the folder holds (one `.json` each), counted by name only: cheap enough to ask often. */
async function mailFiles(dataDir) {
  return (await readdir(path.join(dataDir, "mail")).catch(() => [])).filter((name) => name.endsWith(".json")).length;
}

/** Waits until the folder holds `count` mails (or MAIL_WAIT_SECONDS pass), looking every 50 ms; answers how many it holds. */
async function mailFilesReach(dataDir, count) {
  const started = performance.now();
  let files = await mailFiles(dataDir);
  while (files < count && performance.now() - started < MAIL_WAIT_SECONDS * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    files = await mailFiles(dataDir);
  }
  return files;
}

async function countSent(dataDir) {
  return (await sentConfirmations(dataDir)).length;
}

/** Waits until `expected` confirmations are sent, or MAIL_WAIT_SECONDS pass; the same outbox id twice is a mail sent twice. */
async function sentMails(dataDir, expected) {
  const started = performance.now();
  let ids = await sentConfirmations(dataDir);
  while (ids.length < expected && performance.now() - started < MAIL_WAIT_SECONDS * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    ids = await sentConfirmations(dataDir);
  }
  return { sent: ids.length, expected, twice: ids.length - new Set(ids).size, seconds: (performance.now() - started) / 1000 };
}

/**
 * What "durable" rests on: the database's fsync and synchronous_commit. PostgreSQL is asked directly;
 * PGlite belongs to the server process, so its data dir is opened after the server has stopped.
 */
async function durabilitySettings(kind, server, databaseUrl, dataDir) {
  const query = "select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'wal_sync_method') order by name";
  if (kind === "postgres") {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return Object.fromEntries((await client.query(query)).rows.map((row) => [row.name, row.setting]));
    } finally {
      await client.end();
    }
  }
  await server.stop();
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create(path.join(dataDir, "db"));
    try {
      const settings = Object.fromEntries((await db.query(query)).rows.map((row) => [row.name, row.setting]));
      const [{ n }] = (await db.query("select count(*)::int as n from camp_registration_view")).rows;
      // Every registration the run stored, those after the drain among them.
      return { ...settings, "registrations after restart": n };
    } finally {
      await db.close();
    }
  } catch (error) {
    return { error: error.message };
  }
}

function postgresReachable() {
  return reachable(PG_URL);
}

// ---------------------------------------------------------------------------------------------- report

const fmt = {
  rps: (value) => `${Math.round(value).toLocaleString("en-US")}/s`,
  ms: (value) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`,
  pct: (value) => `${(value * 100).toFixed(1)} %`,
};

function row(cells) {
  return `| ${cells.join(" | ")} |`;
}

function cpuCell({ cpu }) {
  const pct = (value) => `${Math.round(value)} %`;
  return `${pct(cpu.server)} / ${cpu.db === null ? "–" : pct(cpu.db)} / ${pct(cpu.generator)}`;
}

/**
 * CPU time per request in the site server (and PostgreSQL), in ms: what one request costs whatever else
 * runs on the machine, so it compares across runs on a loaded host where throughput does not.
 */
/** A phase's CPU per request in ms: the server's and PostgreSQL's together. */
function cpuMsPerRequest({ cpu, count, seconds }) {
  return (((cpu.server + (cpu.db ?? 0)) / 100) * seconds * 1000) / count;
}

function cpuPerRequest({ cpu, count, seconds }) {
  const ms = (share) => ((share / 100) * seconds * 1000) / count;
  return `${ms(cpu.server).toFixed(2)}${cpu.db === null ? "" : ` + ${ms(cpu.db).toFixed(2)}`} ms`;
}

/** One table row: where, what, and the phase's figures (`share`: its throughput against the bare server's). */
function measuredRow(database, what, result, share = "–") {
  return row([
    database,
    what,
    result.count,
    fmt.rps(result.rps),
    fmt.ms(result.p50),
    fmt.ms(result.p99),
    fmt.ms(result.max),
    result.errors.length,
    share,
    cpuCell(result),
    cpuPerRequest(result),
  ]);
}

function tableOf(bareResults, runs) {
  const lines = [
    row([
      "Database",
      "What",
      "Requests",
      "Throughput",
      "p50",
      "p99",
      "max",
      "Errors",
      "vs. bare",
      "CPU server / PostgreSQL / generator",
      "CPU per request (server + PostgreSQL)",
    ]),
    row(["---", "---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:"]),
    ...bareResults.map((bare) => measuredRow("–", `bare node:http "hello" (${SECONDS} s, ${bare.when})`, bare, "100 %")),
  ];
  for (const run of runs) {
    const r = run.registrations;
    const f = run.families;
    const bareResult = run.bare;
    lines.push(
      measuredRow(run.kind, `POST /api/Vinterleir/Post (${r.count} registrations)`, r, fmt.pct(r.rps / bareResult.rps)),
      measuredRow(
        run.kind,
        `POST /api/Vinterleir/Post, families of three (${f.count} submissions, ${3 * f.count} athletes)`,
        f,
        fmt.pct(f.rps / bareResult.rps),
      ),
      ...run.events.map(({ path: what, result: e }) => measuredRow(run.kind, `${what} (${e.count} orders)`, e, fmt.pct(e.rps / bareResult.rps))),
    );
    for (const [label, l] of Object.entries(run.lists)) {
      const what = `${label} (${SECONDS} s, ${run.participants} participants, ${(l.bytes / 1024).toFixed(1)} KB ${l.encoding})`;
      lines.push(measuredRow(run.kind, what, l, fmt.pct(l.rps / bareResult.rps)));
    }
  }
  return lines.join("\n");
}

function barsOf(runs) {
  const lines = [];
  const mark = (ok, text) => lines.push(`- **${ok ? "PASS" : "FAIL"}** ${text}`);
  for (const run of runs) {
    const r = run.registrations;
    const bareResult = run.bare;
    const allErrors =
      r.errors.length +
      run.warmupErrors.length +
      run.retryErrors.length +
      run.afterDrain.errors.length +
      Object.values(run.lists).reduce((sum, l) => sum + l.errors.length, 0);
    mark(allErrors === 0, `${run.kind}: no error — ${allErrors} error answer(s) (registrations, warm-up, retries, lists, after the drain)`);
    const c = run.check;
    mark(
      c.ok,
      `${run.kind}: no lost or duplicated registration — ${c.confirmed} confirmed for ${WARMUP + TIMED} drafts answered Done ` +
        `(${RETRIES} retried after), ${c.persons}/${c.expectedPersons} persons; missing ${c.missing}, twice ${c.duplicated}, ` +
        `companion mismatch ${c.companionMismatch}, unknown ${c.unexpected}`,
    );
    for (const [label, l] of Object.entries(run.lists)) {
      if (label === LIST_IDENTITY) continue;
      mark(
        l.rps >= bars.listShareOfBare * bareResult.rps,
        `${run.kind}: ${label} ${fmt.rps(l.rps)} ≥ ${Math.round(bars.listShareOfBare * 100)} % of bare (${fmt.rps(bars.listShareOfBare * bareResult.rps)}) — ${fmt.pct(l.rps / bareResult.rps)}`,
      );
    }
    mark(
      run.familyCheck.registrations === run.familyCheck.expected && run.families.errors.length === 0,
      `${run.kind}: families of three — ${run.familyCheck.registrations}/${run.familyCheck.expected} athletes stored, ${run.families.errors.length} error answer(s)`,
    );
    mark(
      run.mail.sent === run.mail.expected && run.mail.twice === 0,
      `${run.kind}: the outbox sent every mail once — ${run.mail.sent}/${run.mail.expected}, ${run.mail.twice} twice (the rest after a restart within ${run.mail.seconds.toFixed(1)} s)`,
    );
    const [beforeMs, afterMs] = [cpuMsPerRequest(r), cpuMsPerRequest(run.afterDrain)];
    const registrationMs = (beforeMs + afterMs) / 2;
    mark(
      run.mail.cpuMsPerMail <= bars.mailCpuPerRegistration * registrationMs,
      `${run.kind}: a mail's CPU ${run.mail.cpuMsPerMail.toFixed(2)} ms (rendered and sent, warm; ${run.mail.coldCpuMsPerMail.toFixed(2)} ms with the cold start) ≤ ${bars.mailCpuPerRegistration} × a camp registration's ${registrationMs.toFixed(2)} ms (before the drain ${beforeMs.toFixed(2)}, after it ${afterMs.toFixed(2)})${run.kind === "postgres" ? " (server + PostgreSQL, both)" : ""}`,
    );
    for (const { label, result: e, check, warmupErrors } of run.events) {
      mark(
        check.ok && e.errors.length === 0 && warmupErrors.length === 0,
        `${run.kind}: every ${label} stored once and charged right — ${check.stored}/${check.expected} stored, missing ${check.missing}, twice ${check.twice}, wrong ${check.wrong}, ${e.errors.length + warmupErrors.length} error answer(s) (warm-up included)`,
      );
    }
    const shares = [
      ["registrations", "registration", r],
      ["families of three", "family", run.families],
      ...run.events.map((event) => [`${event.label}s`, event.label, event.result]),
    ];
    for (const [what, key, result] of shares) {
      const bar = bars.shareOfBare[key][run.kind];
      mark(
        result.rps >= bar * bareResult.rps,
        `${run.kind}: ${what} ${fmt.pct(result.rps / bareResult.rps)} of bare ≥ ${fmt.pct(bar)} (${fmt.rps(result.rps)} against ${fmt.rps(bareResult.rps)})`,
      );
    }
    const target = bars.registrationsPerSecond[run.kind];
    for (const [what, result] of [["registrations", r], ...run.events.map((event) => [`${event.label}s`, event.result])]) {
      mark(result.rps >= target, `${run.kind}: ${fmt.rps(result.rps)} durable ${what} ≥ ${fmt.rps(target)}`);
      mark(result.p99 < bars.registrationP99Ms, `${run.kind}: ${what} p99 ${fmt.ms(result.p99)} < ${bars.registrationP99Ms} ms`);
    }
  }
  return lines;
}

function machine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

// ---------------------------------------------------------------------------------------------- main

if (!fromSource) {
  await waitForBuild().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
const stampFile = path.join(root, "build/stamp.json");
const builtAt = existsSync(stampFile) ? JSON.parse(await readFile(stampFile, "utf8")).builtAt : "unknown";
const measuredAt = new Date().toISOString().replace(/\.\d+Z$/, "Z");

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" / ");
const loadBefore = loadAverage();
console.log(`bench:api on ${machine()}; load average ${loadBefore} (1 / 5 / 15 min)`);
// The bare server is measured before the first database's run and again after each: a database's shares are
// taken against the mean of the two measurements around it, so a host that speeds up or slows down during the
// minutes of a run moves the baseline with the run instead of against it.
const bareServer = await startBareServer();
const bareUrl = `${bareServer.base}/`;
async function measureBare(when) {
  await load({ job: () => request(bareUrl), seconds: 1, check: expectOk });
  process.stdout.write(`[bare] GET / for ${SECONDS} s, ${when} … `);
  const result = summarise(await measured(bareServer.pid, false, () => load({ job: () => request(bareUrl), seconds: SECONDS, check: expectOk })));
  console.log(`${Math.round(result.rps)} req/s`);
  return { ...result, when };
}
async function benchBetweenBare(kind) {
  const before = bareResults.at(-1);
  const run = await benchDatabase(kind);
  const after = await measureBare(`after ${kind === "pglite" ? "PGlite" : "PostgreSQL"}`);
  bareResults.push(after);
  return { ...run, bare: { rps: (before.rps + after.rps) / 2 } };
}

// BENCH_DATABASES=pglite or =postgres: only that run (for trying a change; the doc section needs both).
const databases = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",").map((name) => name.trim());
const runs = [];
const bareResults = [];
let postgresNote;
try {
  bareResults.push(await measureBare("before the first run"));
  if (databases.includes("pglite")) runs.push(await benchBetweenBare("pglite"));
  const postgres = databases.includes("postgres") ? await postgresReachable() : { ok: false, reason: "not asked for (BENCH_DATABASES)" };
  if (postgres.ok) {
    postgresNote = `PostgreSQL ${postgres.version} on ${PG_URL.replace(/\/\/[^@/]*@/, "//…@")}, a fresh database per run, dropped afterwards.`;
    runs.push(await benchBetweenBare("postgres"));
  } else {
    postgresNote = `PostgreSQL run skipped: ${PG_URL.replace(/\/\/[^@/]*@/, "//…@")} unreachable (${postgres.reason}).`;
    console.log(postgresNote);
  }
} finally {
  await bareServer.stop();
}
agent.destroy();

const table = tableOf(bareResults, runs);
const barLines = barsOf(runs);
const failures = barLines.filter((line) => line.includes("**FAIL**")).length;
const settingsLines = runs.map(
  (run) =>
    `- ${run.kind}: ${Object.entries(run.settings)
      .map(([k, v]) => `${k} = ${v}`)
      .join(", ")}`,
);
const problems = runs.flatMap((run) => {
  const errors = [
    ...run.warmupErrors,
    ...run.registrations.errors,
    ...run.retryErrors,
    ...run.families.errors,
    ...Object.values(run.lists).flatMap((l) => l.errors),
  ];
  const distinct = [...new Set(errors)].slice(0, 5);
  return distinct.length ? [`- ${run.kind}: ${errors.length} error(s), e.g. ${distinct.map((e) => `\`${e.replace(/`/g, "'")}\``).join("; ")}`] : [];
});
const logs = runs
  .filter((run) => run.serverLog)
  .map(
    (run) =>
      `- ${run.kind} server log (warn and above, last lines): \`${run.serverLog.split("\n").slice(-3).join(" / ").slice(0, 600).replace(/`/g, "'")}\``,
  );

console.log(`\n${table}\n\n${barLines.join("\n")}\n\n${failures} bar(s) FAIL.`);
console.log(`\nDurability settings:\n${settingsLines.join("\n")}`);
if (problems.length) console.log(`\nErrors:\n${problems.join("\n")}`);
if (logs.length) console.log(`\n${logs.join("\n")}`);

const section = `
## API

\`npm run bench:api\` — measured ${measuredAt} on ${machine()}.
Load average (1 / 5 / 15 min) ${loadBefore} before the run and ${loadAverage()} after it: a shared machine slows every figure alike.
The production server (${fromSource ? "\`src/server/main.ts\` from the working tree through tsx, site files from \`build/client\`" : `\`build/node/main.js\`, build stamped ${builtAt}`}) runs as a child process on a pinned day (\`CLOCK_START=${benchClockStart}\`, so \`NODE_ENV=development\`: production refuses a pinned clock; the libraries, React among them, load their production code all the same),
\`LOG_LEVEL=warn\`, a fresh \`DATA_DIR\`, no \`SMTP_URL\` (confirmation mails go to \`DATA_DIR/mail\`, sent by the outbox worker during the run; that folder is in /dev/shm where the machine has it, the database on the disk).
${CAMP_CAPACITY === null ? "The camp's edition has no capacity (the default)." : `The camp's edition has ${CAMP_CAPACITY} places (\`BENCH_CAMP_CAPACITY\`): every registration counts the places held.`}
${postgresNote}

Method:

- **Load generator**: in the bench process, \`node:http\` with a keep-alive agent; ${CLIENTS} concurrent clients on ${CLIENTS} sockets, each
  sending its next request as soon as the previous answer is read. Latency: request sent → whole body read. Requests carry a browser's
  \`accept-encoding: gzip, deflate, br\`, so the list (above the 1 KB threshold) is compressed as for a visitor.
- **Start-up**: before the warm-up, every page in \`/sitemap.xml\` is requested once, so the pages the server renders
  ahead once it listens are rendered before any phase is timed.
- **Registrations**: valid, distinct drafts (every club and grade, ages 8–58, a fifth with one or two companions, grading, sleepover and
  instructing where the rules allow, card/cash so every answer is \`Done\`). ${WARMUP} untimed warm-up registrations, then ${LIST_AT - WARMUP} timed
  (${LIST_AT} participants), the list test, then ${TIMED - (LIST_AT - WARMUP)} more timed: ${TIMED} timed registrations, ${WARMUP + TIMED} stored. Throughput is
  timed registrations over the time of the two timed legs. Every answer is a committed transaction (the server answers \`Done\` after commit).
- **Public list and grade statistics**: at exactly ${LIST_AT} confirmed participants, each endpoint for ${SECONDS} s with ${CLIENTS} clients.
- **Check**: afterwards ${RETRIES} drafts are posted again (retries; each must answer \`Done\`), then the admin API (\`Totals\` and \`Get\`) must
  show exactly ${WARMUP + TIMED} confirmed registrations — one per draft answered \`Done\`, each found once by its unique last name, with its companions.
- **Families**: then ${FAMILIES} submissions of three athletes each (one submission, one confirmation mail; card/cash), timed on their own
  after ${FAMILY_WARMUP} untimed (the family path's first statements are not timed, as the registrations' warm-up);
  the admin's totals must grow by exactly three athletes per family answered \`Done\`.
- **The club's other kinds**: then a grading (one athlete each, 350 kr) and a gear sale (one or two lines each) are created and
  published through the event admin, and ${EVENT_ORDERS} registrations and ${EVENT_ORDERS} orders (card/cash) are sent to
  \`POST /api/Arrangement/Post/{slug}\`, each kind timed on its own, after ${EVENT_WARMUP} untimed orders to an event of its own
  (as the camp's warm-up: the kind's first statement, which the database prepares, is not timed); the event admin's list must then
  hold every order answered \`Done\` once, with its rows and its charge. The same bars as the camp's registrations apply.
- **Mail**: during the run the outbox sends at the default \`MAIL_PER_MINUTE\` (60, the provider's pace); afterwards the server is
  restarted on the same data (its clock going on from where it was) with \`MAIL_PER_MINUTE=10000\`, and the mail folder must hold exactly
  one sent confirmation per registration and per family (waiting at most ${MAIL_WAIT_SECONDS} s). A mail is measured warm, as a registration
  is after its warm-up: the CPU (the server's, and PostgreSQL's) over the second half of the drain, per mail sent in it, is what rendering
  and sending one costs; it must stay within ${bars.mailCpuPerRegistration} × a camp registration's: the mean of the timed registrations' CPU and of
  ${AFTER_DRAIN} more timed right after the drain (on a server restarted at the provider's pace, after ${WARMUP} untimed and 200 reads of the list, as before the first timed leg), since the host's
  speed drifts within a run and a single measurement half a minute earlier moved the ratio by more than its margin. Beside it, the whole drain with the cold
  start: its CPU less what the same restart costs with nothing to send (measured next, over the same time, at most ${IDLE_RESTART_SECONDS} s:
  loading, opening the database, rendering the pages ahead), per mail.
- **CPU per request**: the site server's CPU time (and PostgreSQL's) over the requests of the phase: what a request costs on any host,
  where throughput on a shared host depends on what else runs.
- **Baseline**: a bare \`node:http\` server answering \`hello\` (in its own process, keep-alive), ${SECONDS} s with the same generator and concurrency,
  measured before the first database's run and after each; a database's «vs. bare» is against the mean of the two measurements around
  its run, so a host that changes speed during the run moves the baseline with it.
- **The machine has ${os.cpus().length} cores** and the load generator, the server and (for PostgreSQL) the database share them: every figure
  includes that competition, and the bare server's figure is bounded by the generator as much as by the server. The CPU column shows
  where the time went during each phase, in % of one core (${os.cpus().length * 100} % = the whole machine; PGlite runs inside the server process).
- With ${CLIENTS} clients always waiting, latency ≈ ${CLIENTS} / throughput (Little's law): queueing, not slow single requests, makes most of
  p50 here, and p99 < ${bars.registrationP99Ms} ms at this concurrency needs ≥ ${Math.round((CLIENTS * 1000) / bars.registrationP99Ms)} registrations/s.

${table}

Bars (our targets): no error; no lost or duplicated registration; every family stored; every mail sent; public list throughput ≥ ${Math.round(bars.listShareOfBare * 100)} % of the bare server's;
≥ ${bars.registrationsPerSecond.pglite} durable registrations/s on PGlite and ≥ ${bars.registrationsPerSecond.postgres}/s on PostgreSQL, with p99 < ${bars.registrationP99Ms} ms.
Each write path keeps its share of the bare server's throughput in the same run (90 % of the share measured before the camp moved onto the
events engine): ${Object.entries(bars.shareOfBare)
  .map(([what, share]) => `${what} ${fmt.pct(share.pglite)} (PGlite) / ${fmt.pct(share.postgres)} (PostgreSQL)`)
  .join("; ")}.

${barLines.join("\n")}

${failures} bar(s) FAIL.

What "durable" rests on (database settings during the run; PGlite's read from its data dir after the server stopped):

${settingsLines.join("\n")}
${
  runs.some((run) => run.kind === "pglite" && run.settings.fsync === "off")
    ? `
PGlite runs with \`fsync = off\`: a registration answered \`Done\` survives the server process (the rows were all there after the
server stopped), but it sits in the operating system's page cache until the kernel writes it out, so an OS crash or power loss can
lose the last registrations. PostgreSQL with \`fsync = on\` and \`synchronous_commit = on\` flushes the WAL before answering.
`
    : ""
}${problems.length ? `\nErrors seen:\n\n${problems.join("\n")}\n` : ""}`;

// BENCH_NO_DOC=1: print only (trial runs leave docs/benchmarks.md alone).
if (process.env.BENCH_NO_DOC) {
  console.log("\nBENCH_NO_DOC is set: docs/benchmarks.md left as it was.");
} else {
  await writeBenchmarkSection("api", section);
  console.log(`\nWrote ${path.relative(root, benchmarksDoc)} (section bench:api).`);
}
