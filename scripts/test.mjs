/**
 * `npm test`: every test, in the order that fails fastest. Unit, component and API tests first (seconds),
 * then a fresh production build and the browser tests against the real server.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ensureBrowser } from "./ensure-browser.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);

function run(title, command, args) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n${title}: FEILET (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

ensureBrowser();
run("Rutetyper", bin("react-router"), ["typegen"]);
run("Typekontroll", bin("tsc"), ["--noEmit", "-p", "."]);
run("Enhets-, komponent- og API-tester", bin("vitest"), ["run"]);
run("Bygg", process.execPath, [bin("tsx"), "scripts/build.ts"]);
run("Nettlesertester (Playwright, Chromium)", bin("playwright"), ["test"]);
console.log("\nAlle tester bestått.");
