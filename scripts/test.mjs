/**
 * `npm test`: every test. Route types first (the type check reads them), then the production build (the site's
 * tests render the built pages, the browser tests run against the real server over it) with the type check,
 * lint, the import check (dependency-cruiser: no cycles, the server's layers) and format beside it; once the
 * build is there, the unit, component and API tests beside the browser tests, and the `npm run dev` check once
 * the type check has passed.
 *
 * Side by side because no stage fills the 2-core machine alone: `tsc`, ESLint and Prettier use one core each,
 * Vitest about one (its two workers wait on the databases) and Playwright less than one (its workers wait on
 * pages and servers), so one after the other left a core idle most of the run. Each line a stage prints starts
 * with its name. The first stage that fails stops the others (with SIGINT, as Ctrl-C would: Playwright stops
 * its servers); the table of the time per stage is printed at the end of every run, passed or not.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { ensureBrowser } from "./ensure-browser.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const started = Date.now();
/** Each stage's title, seconds and outcome, in the order they ended, printed as a table at the end. */
const stages = [];
/** The stages running now, to stop when another fails. */
const running = new Set();
let failed = false;

function stageTable() {
  const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);
  const width = Math.max(...stages.map((stage) => stage.title.length), 10);
  const outcome = ({ ok, stopped }) => (ok ? "ok      " : stopped ? "stoppet " : "FEILET  ");
  const line = (stage) =>
    `  ${stage.title.padEnd(width)} ${seconds(stage.ms)} s  ${outcome(stage)}(${seconds(stage.at - stage.ms).trim()}–${seconds(stage.at).trim()} s)`;
  return [
    "",
    "Tid per steg (noen side om side; i parentes: start og slutt, regnet fra starten):",
    ...stages.map(line),
    `  ${"Totalt".padEnd(width)} ${seconds(Date.now() - started)} s`,
  ].join("\n");
}

/** Writes a stage's output line by line, each line prefixed by the stage's short name. */
function prefixed(stream, name) {
  let rest = "";
  stream.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop();
    for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
  });
  stream.on("end", () => rest && process.stdout.write(`[${name}] ${rest}\n`));
}

/** Runs one stage; resolves when it has passed, and stops every stage (and the run) when it fails. */
function run(name, title, command, args) {
  if (failed) return new Promise(() => {});
  console.log(`=== ${title} (${name}) ===`);
  const begun = Date.now();
  const child = spawn(command, args, {
    cwd: root,
    // Colours as in a terminal when this run is in one.
    env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: "1" } : process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stage = { child, name };
  running.add(stage);
  prefixed(child.stdout, name);
  prefixed(child.stderr, name);
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      running.delete(stage);
      const ok = code === 0 && !failed;
      stages.push({ title, ms: Date.now() - begun, ok, stopped: failed, at: Date.now() - started });
      if (failed) return;
      if (ok) return resolve();
      failed = true;
      console.error(`\n${title}: FEILET (exit ${code ?? signal})`);
      stopAll().then(() => {
        console.log(stageTable());
        process.exit(code || 1);
      });
    });
  });
}

/** Stops the stages still running: SIGINT, as Ctrl-C would (Playwright stops its servers), then SIGKILL. */
async function stopAll() {
  const stopping = [...running].map(
    ({ child }) =>
      new Promise((resolve) => {
        child.once("close", resolve);
        child.kill("SIGINT");
        setTimeout(() => child.kill("SIGKILL"), 15_000).unref();
      }),
  );
  await Promise.all(stopping);
}

/** The files held to Prettier's format: one list, kept in scripts/format-checked.json. */
const formatChecked = JSON.parse(readFileSync(path.join(root, "scripts/format-checked.json"), "utf8")).files;

/** The API tests run on PGlite always, and on PostgreSQL as well when one answers (CI requires it). */
async function checkPostgres() {
  const url = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    process.env.TEST_DATABASE_URL = url;
    console.log("Databasetester: PGlite og PostgreSQL.");
  } catch (error) {
    const where = url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
    if (process.env.REQUIRE_POSTGRES === "1") {
      console.error(`REQUIRE_POSTGRES=1, men PostgreSQL svarer ikke på ${where} (${error.message}).`);
      process.exit(1);
    }
    console.log(`\n*** PostgreSQL svarer ikke på ${where}: databasetestene kjører BARE på PGlite. ***\n`);
  } finally {
    await client.end().catch(() => {});
  }
}

await checkPostgres();
ensureBrowser();
await run("rutetyper", "Rutetyper", bin("react-router"), ["typegen"]);
const build = run("bygg", "Bygg", process.execPath, [bin("tsx"), "scripts/build.ts"]);
const checks = Promise.all([
  run("tsc", "Typekontroll", bin("tsc"), ["--noEmit", "-p", "."]),
  run("eslint", "Lint (ESLint: importgrenser og typescript-eslint)", bin("eslint"), ["."]),
  run("depcruise", "Avhengigheter (dependency-cruiser: ingen sykler, serverens lag)", bin("depcruise"), [
    "src",
    "--config",
    ".dependency-cruiser.cjs",
  ]),
  run("prettier", "Format (Prettier)", bin("prettier"), ["--check", ...formatChecked]),
]);
await build;
await Promise.all([
  checks,
  run("vitest", "Enhets-, komponent- og API-tester", bin("vitest"), ["run"]),
  run("playwright", "Nettlesertester (Playwright, Chromium)", bin("playwright"), ["test"]),
  // Its Vite writes the route types the type check reads: after the type check.
  checks.then(() => run("dev", "Utviklingsserver (npm run dev)", process.execPath, ["scripts/check-dev.mjs"])),
]);
console.log(stageTable());
console.log("\nAlle tester bestått.");
