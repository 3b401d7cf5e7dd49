/**
 * `npm test`: every test, in the order that fails fastest: types, lint and format, a fresh production build
 * (seconds; the site's tests render the built pages too, so on a clean clone they need it), unit, component
 * and API tests, then the browser tests against the real server over that build.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { ensureBrowser } from "./ensure-browser.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const started = Date.now();
/** Each stage's title, seconds and outcome, printed as a table at the end of every run, passed or not. */
const stages = [];

function stageTable() {
  const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);
  const width = Math.max(...stages.map((stage) => stage.title.length), 10);
  const lines = stages.map(({ title, ms, ok }) => `  ${title.padEnd(width)} ${seconds(ms)} s  ${ok ? "ok" : "FEILET"}`);
  return ["", "Tid per steg:", ...lines, `  ${"Totalt".padEnd(width)} ${seconds(Date.now() - started)} s`].join("\n");
}

function run(title, command, args) {
  console.log(`\n=== ${title} ===`);
  const begun = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  stages.push({ title, ms: Date.now() - begun, ok: result.status === 0 });
  if (result.status !== 0) {
    console.error(`\n${title}: FEILET (exit ${result.status ?? result.signal})`);
    console.log(stageTable());
    process.exit(result.status || 1);
  }
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
run("Rutetyper", bin("react-router"), ["typegen"]);
run("Typekontroll", bin("tsc"), ["--noEmit", "-p", "."]);
run("Lint (ESLint: importgrenser og typescript-eslint)", bin("eslint"), ["."]);
run("Format (Prettier)", bin("prettier"), ["--check", ...formatChecked]);
run("Bygg", process.execPath, [bin("tsx"), "scripts/build.ts"]);
run("Enhets-, komponent- og API-tester", bin("vitest"), ["run"]);
run("Utviklingsserver (npm run dev)", process.execPath, ["scripts/check-dev.mjs"]);
run("Nettlesertester (Playwright, Chromium)", bin("playwright"), ["test"]);
console.log(stageTable());
console.log("\nAlle tester bestått.");
