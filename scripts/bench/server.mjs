/**
 * The production server as a child process, for the benchmarks (scripts/bench-api.mjs) and the reliability
 * tests (tests/reliability): a free port, start, wait until it answers, stop (SIGTERM, then SIGKILL) or kill.
 *
 * RELIABILITY_SERVER=source / BENCH_SERVER=source run the working tree through tsx (`node --import tsx
 * src/server/main.ts`) instead of build/node/main.js; the site's files still come from build/client.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");
export const mainJs = path.join(root, "build/node/main.js");

/** The node arguments that start the server: the build, or the sources with `source: true`. */
export function serverEntry({ source = false } = {}) {
  return source ? ["--import", "tsx", path.join(root, "src/server/main.ts")] : [mainJs];
}

/** Waits for build/node/main.js (the lead may be rebuilding); throws after `tries` × `waitMs`. */
export async function waitForBuild({ tries = 4, waitMs = 30_000, say = console.log } = {}) {
  for (let i = 0; !existsSync(mainJs); i++) {
    if (i === tries) throw new Error("build/node/main.js is missing: run `npm run build` first.");
    say(`build/node/main.js is missing (a rebuild under way?); waiting ${waitMs / 1000} s …`);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** SIGTERM (graceful), then SIGKILL after 12 s. */
export function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 12_000);
    child.once("exit", () => (clearTimeout(force), resolve()));
    child.kill("SIGTERM");
  });
}

/** SIGKILL and wait until the process is gone (no graceful anything: a crash). */
export function killProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

/** A node child process whose last 8 KB of output are kept for error messages. */
export function spawnLogged(args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => (output = (output + chunk).slice(-8000)));
  return { child, log: () => output };
}

export async function waitFor(url, { child, log }, { seconds = 30 } = {}) {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited early (code ${child.exitCode ?? child.signalCode}):\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${seconds} s:\n${log()}`);
}

/**
 * The day a benchmark's server lives on (before the 2026 camp's early-bird deadline, registration open): a
 * figure must not change with the calendar (on the camp's own days registration is closed). Production refuses a
 * pinned clock, so these servers run the production build with NODE_ENV=development; nothing on the measured
 * paths reads NODE_ENV.
 */
export const benchClockStart = "2026-10-15T10:00:00+02:00";

/** A measured server's environment: the production build on the pinned day, quiet logs, its own port and data. */
export function benchServerEnv({ port, dataDir }) {
  return {
    ...process.env,
    NODE_ENV: "development",
    CLOCK_START: benchClockStart,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  };
}

/**
 * The production build's server (`NODE_ENV=development` for the pinned clock, `CLOCK_START=benchClockStart`,
 * `LOG_LEVEL=warn`, no per-address rate limit) with its own DATA_DIR and port; a run that needs the built-in
 * Vipps simulator passes `env: { NODE_ENV: "test", VIPPS_SIMULATOR: "true" }`. DATABASE_URL only when given (otherwise PGlite in DATA_DIR). Mail goes to DATA_DIR/mail. `env` adds or overrides
 * variables (a value of undefined removes one); `nodeArgs` go before the entry (e.g. --cpu-prof).
 *
 * @param {{ dataDir: string, databaseUrl?: string, port?: number, env?: Record<string, string | undefined>,
 *   nodeArgs?: string[], source?: boolean, admin?: { username: string, password: string } }} options
 */
export async function startSiteServer({ dataDir, databaseUrl, port, env: extra = {}, nodeArgs = [], source = false, admin }) {
  port ??= await freePort();
  const env = benchServerEnv({ port, dataDir });
  // Every client of a load or fault run comes from 127.0.0.1: the per-address limit on registrations is off.
  env.PUBLIC_POST_RATE_LIMIT = "0";
  if (admin) {
    env.CAMP_ADMIN_USERNAME = admin.username;
    env.CAMP_ADMIN_PASSWORD = admin.password;
  }
  delete env.SMTP_URL; // mail goes to DATA_DIR/mail
  delete env.DATABASE_URL;
  delete env.CAMP_YEAR;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const server = spawnLogged([...nodeArgs, ...serverEntry({ source })], env);
  const base = `http://127.0.0.1:${port}`;
  // A loaded machine (a shared host, a cold PGlite migrating) can take a while to answer the first time.
  await waitFor(`${base}/healthz`, server, { seconds: Number(process.env.BENCH_START_SECONDS ?? 120) });
  return {
    base,
    port,
    child: server.child,
    pid: server.child.pid,
    log: server.log,
    stop: () => stopProcess(server.child),
    kill: () => killProcess(server.child),
  };
}
