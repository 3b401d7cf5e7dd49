import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** Known admin credentials for the admin flows; never the development defaults. */
export const e2eCredentials = {
  CAMP_ADMIN_USERNAME: "e2e-admin",
  CAMP_ADMIN_PASSWORD: "e2e-camp-password",
  NEWMEMBER_ADMIN_PASSWORD: "e2e-newmember-password",
  INVOICE_ADMIN_PASSWORD: "e2e-invoice-password",
} as const;

/** The environment of a production server under test: the real build, its own data folder and clock. */
export function e2eServerEnv(options: { port: number; dataDir: string; clockStart: string }): Record<string, string> {
  const baseURL = `http://127.0.0.1:${options.port}`;
  return {
    PORT: String(options.port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    LOG_LEVEL: "warn",
    CLOCK_START: options.clockStart,
    // The Vipps simulator's landing page and Vipps's returnUrl point here (tests/e2e/vipps.spec.ts).
    PUBLIC_BASE_URL: baseURL,
    ...e2eCredentials,
  };
}

export function newDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), "stk-e2e-"));
}

export interface SeasonServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * One more production server over the real build, on a free port, whose clock starts at `clockStart`: a
 * journey on another day of the season than the suite's own server. Given `dataDir`, it opens the data an
 * earlier server left (the same families, weeks later).
 */
export async function startSeasonServer(clockStart: string, dataDir = newDataDir()): Promise<SeasonServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["build/node/main.js"], {
    // Not NODE_ENV=production: that refuses CLOCK_START (as the suite's own server, it runs the production build).
    env: { ...withoutNodeEnv(process.env), ...e2eServerEnv({ port, dataDir, clockStart }) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  await waitForHealth(url, child, () => stderr);
  return { url, dataDir, stop: () => stop(child) };
}

function withoutNodeEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_ENV: _ignored, ...rest } = env;
  return rest;
}

async function waitForHealth(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode}): ${stderr()}`);
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`the server at ${url} did not answer in 60 s: ${stderr()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
