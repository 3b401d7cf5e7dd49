/**
 * `npm test`: every test, in the order that fails fastest. Unit, component and API tests first (seconds),
 * then a fresh production build and the browser tests against the real server.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import pg from "pg";
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
run("Enhets-, komponent- og API-tester", bin("vitest"), ["run"]);
run("Bygg", process.execPath, [bin("tsx"), "scripts/build.ts"]);
run("Nettlesertester (Playwright, Chromium)", bin("playwright"), ["test"]);
console.log("\nAlle tester bestått.");
