/**
 * `npm start`: builds when the build is missing or stale, then runs the server.
 * Stale means: any source, content or config file changed after the build. The camp is not part of the
 * build (the server renders its pages from the database), so a new season needs no rebuild.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stampFile = path.join(root, "build/stamp.json");
const inputs = ["src", "content", "scripts", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full, { recursive: true })) {
    newest = Math.max(newest, statSync(path.join(full, String(entry))).mtimeMs);
  }
  return newest;
}

function staleReason() {
  if (!existsSync(stampFile) || !existsSync(path.join(root, "build/node/main.js")) || !existsSync(path.join(root, "build/server/index.js")))
    return "no build yet";
  const builtAt = statSync(stampFile).mtimeMs;
  if (inputs.some((input) => newestMtime(input) > builtAt)) return "sources changed since the last build";
  return null;
}

const reason = staleReason();
if (reason) {
  console.log(`Building the site (${reason})...`);
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/.bin/tsx"), "scripts/build.ts"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ["--enable-source-maps", path.join(root, "build/node/main.js")], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
