/**
 * Checks that `npm run dev` serves the whole site from one command: starts it on a free port with an empty
 * data folder, then asks for a working page (rendered from source, with the hot-reload runtime) and an API
 * call (answered from the database), and stops it. Part of `npm test`; exits non-zero when anything fails.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const startLimitMs = 120_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

const port = Number(process.env.DEV_CHECK_PORT) || (await freePort());
const dataDir = mkdtempSync(path.join(tmpdir(), "stk-dev-check-"));
const base = `http://127.0.0.1:${port}`;
const output = [];
// Its own process group, so stopping it also stops tsx's watcher child.
const dev = spawn("npm", ["run", "dev"], {
  cwd: root,
  detached: true,
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "development", LOG_LEVEL: "warn" },
  stdio: ["ignore", "pipe", "pipe"],
});
// Stopped from outside (Ctrl-C, or `npm test` stopping its stages when another fails): stop the server too.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    try {
      process.kill(-dev.pid, "SIGTERM");
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(130);
  });
}
dev.stdout.on("data", (chunk) => output.push(String(chunk)));
dev.stderr.on("data", (chunk) => output.push(String(chunk)));

async function waitForServer() {
  const deadline = Date.now() + startLimitMs;
  while (Date.now() < deadline) {
    if (dev.exitCode !== null) throw new Error(`npm run dev ended with code ${dev.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`npm run dev did not answer within ${startLimitMs / 1000} s`);
}

const failures = [];
function check(condition, message) {
  if (!condition) failures.push(message);
}

try {
  await waitForServer();
  const page = await fetch(`${base}/vinterleir/registrering`);
  const html = await page.text();
  check(page.status === 200, `/vinterleir/registrering answered ${page.status}`);
  check(html.includes("<title>Påmelding til vinterleiren"), "/vinterleir/registrering is not the registration page");
  check(html.includes("virtual:react-router/inject-hmr-runtime"), "/vinterleir/registrering has no hot-reload runtime");
  const clubs = await fetch(`${base}/api/Club/Get`);
  const body = await clubs.json().catch(() => null);
  check(clubs.status === 200, `GET /api/Club/Get answered ${clubs.status}`);
  check(
    Array.isArray(body) && body.some((club) => club.name === "Ski Taekwondo Klubb"),
    "GET /api/Club/Get did not list the clubs from the database",
  );
  const unknownLink = await fetch(`${base}/vinterleir/min-pamelding/ukjent-lenke`);
  check(
    unknownLink.status === 404 && (await unknownLink.text()).includes("__reactRouterContext"),
    `an unknown personal link answered ${unknownLink.status}, not its page with 404`,
  );
  const unknownApi = await fetch(`${base}/api/Finnes/Ikke`);
  check(unknownApi.status === 404, `an unknown API path answered ${unknownApi.status}, not 404`);
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
} finally {
  try {
    process.kill(-dev.pid, "SIGTERM");
  } catch {
    // already gone
  }
  await new Promise((resolve) => (dev.exitCode !== null ? resolve() : dev.once("exit", resolve)));
  rmSync(dataDir, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`npm run dev: ${failures.join("; ")}\n--- its output ---\n${output.join("").slice(-4000)}`);
  process.exit(1);
}
console.log(`npm run dev serves /vinterleir/registrering (with hot reload) and answers GET /api/Club/Get.`);
