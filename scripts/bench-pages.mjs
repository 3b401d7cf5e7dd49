/**
 * `npm run bench:pages`: Lighthouse (mobile preset) on the built site, served by the real production server.
 *
 * Each target is measured 3 times and every metric is reduced to its own median (per-metric medians, so one
 * slow run cannot drag all figures of that run along). Rounds are interleaved — round 1 of every page, then
 * round 2, … — so a burst of background load hits all pages alike instead of one page's three runs.
 * A bare HTML page on a plain node:http server is measured in the same rounds ("bar HTML-side"): it shows
 * the ceiling of this machine, so a reader can tell a slow page from a slow machine.
 *
 * Prints a table and rewrites the section between the bench:pages markers in docs/benchmarks.md.
 * Bars only print FAIL (this is a measurement, not a test); the exit code is non-zero only when the
 * server or Lighthouse itself fails.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { chromiumFlags, chromiumPath } from "./browser.mjs";
import { benchClockStart, benchServerEnv } from "./bench/server.mjs";
import { benchmarksDoc, writeBenchmarkSection } from "./bench/doc-section.mjs";

// chrome-launcher comes with lighthouse; resolving it from lighthouse's own location works whether npm
// hoisted it or not, without declaring a second copy of the same dependency.
const { launch } = createRequire(import.meta.resolve("lighthouse"))("chrome-launcher");

const root = path.resolve(import.meta.dirname, "..");
const RUNS = 3;
const PAGES = ["/", "/arrangementer", "/vinterleir", "/om/oss"];
/**
 * The working pages: rendered by the server with their first view (and data) in the HTML, then hydrated.
 * `noindex` pages are kept out of search engines on purpose: SEO is no bar for them. The payment result and
 * the offer page are measured with an order id and a token that do not exist (a fresh database has none):
 * they show their "not found" view, rendered by the server like every other answer.
 */
const WORKING = [
  { path: "/vinterleir/registrering" },
  { path: "/nyttmedlem" },
  { path: "/vinterleir/deltakere" },
  { path: "/vipps/BENCH-0000", noindex: true },
  { path: "/vinterleir/venteliste/bench-token", noindex: true },
  { path: "/vinterleir/deltakere/admin", noindex: true },
  { path: "/nyttmedlem/sjekk", noindex: true },
  { path: "/invoices", noindex: true },
];
const noindexPages = new Set(WORKING.filter((page) => page.noindex).map((page) => page.path));
const BARE = "bar HTML-side";

/** The bars we hold the site to. Metric values are in ms / bytes as Lighthouse reports them. */
const scoreBars = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 };
const homeBars = { lcp: 1200, tbt: 50, jsGzip: 110 * 1024, total: 200 * 1024 };
const workingBars = { lcp: 1200, tbt: 50 };
/** The previous site's home page, as measured when the club replaced it (its source cannot be built here, so not re-measured). */
const previousSite = { performance: 90, accessibility: 88, "best-practices": 100, seo: 100, lcp: 2100, tbt: 399 };

// ---------------------------------------------------------------------------------------------- servers

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base, server, log) {
  for (let i = 0; i < 150; i++) {
    if (server.exitCode !== null) throw new Error(`server exited early (code ${server.exitCode}):\n${log()}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not answer /healthz within 15 s:\n${log()}`);
}

async function startSiteServer(dataDir) {
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(root, "build/node/main.js")], {
    cwd: root,
    // A pinned day (benchClockStart): the pages must not change with the calendar; production refuses it.
    env: benchServerEnv({ port, dataDir }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  for (const stream of [server.stdout, server.stderr]) stream.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, server, () => output);
  return { base, stop: () => stopProcess(server) };
}

function stopProcess(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 12_000);
    child.once("exit", () => (clearTimeout(force), resolve()));
    child.kill("SIGTERM");
  });
}

// Everything a perfect Lighthouse score needs and nothing else: lang, viewport, title, description, an
// inline favicon (a 404 favicon would log a console error and cost best-practices points).
const bareHtml = `<!doctype html><html lang="nb"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Bar HTML-side</title>
<meta name="description" content="En minimal side som viser hva maskinen klarer."><link rel="icon" href="data:,">
</head><body><main><h1>Bar HTML-side</h1><p>Ingen skript, ingen stiler, ingen bilder.</p></main></body></html>`;

async function startBareServer() {
  const server = http.createServer((request, response) => {
    // Only "/" exists: answering /robots.txt with the page would make it an invalid robots.txt (SEO points).
    if (request.url !== "/") return response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" });
    response.end(bareHtml);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

// ---------------------------------------------------------------------------------------------- measuring

/**
 * Bytes of a script as the server sends it to a client that accepts gzip (the build precompresses assets;
 * small files below the compression threshold go out as they are). Raw http, because fetch() would
 * decompress and hide the wire size. Cached: the same hashed asset is fetched once for all runs.
 */
const gzipCache = new Map();
function gzipBytes(url) {
  if (!gzipCache.has(url)) {
    gzipCache.set(
      url,
      new Promise((resolve, reject) => {
        http
          .get(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
            let bytes = 0;
            response.on("data", (chunk) => (bytes += chunk.length));
            response.on("end", () => (response.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: HTTP ${response.statusCode}`))));
          })
          .on("error", reject);
      }),
    );
  }
  return gzipCache.get(url);
}

/**
 * React's and React Router's own floor: what every hydrating page loads before any of our code — React
 * Router's route manifest, its client entry and the entry's imports (React, React DOM, React Router), gzip.
 */
async function runtimeFloor(base, workingPath) {
  const html = await (await fetch(`${base}${workingPath}`)).text();
  const manifestHref = html.match(/href="(\/assets\/manifest-[^"]+\.js)"/)?.[1];
  if (!manifestHref) throw new Error(`${workingPath} names no React Router manifest`);
  const manifestJs = await (await fetch(`${base}${manifestHref}`)).text();
  const manifest = JSON.parse(manifestJs.slice(manifestJs.indexOf("{"), manifestJs.lastIndexOf("}") + 1));
  const files = [manifestHref, manifest.entry.module, ...manifest.entry.imports];
  return (await Promise.all(files.map((file) => gzipBytes(`${base}${file}`)))).reduce((sum, bytes) => sum + bytes, 0);
}

async function measureOnce(url, port) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: Object.keys(scoreBars),
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) {
    throw Object.assign(new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`), { code: lhr.runtimeError.code });
  }
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const scripts = [...new Set(requests.filter((r) => r.resourceType === "Script").map((r) => r.url))];
  const jsGzip = (await Promise.all(scripts.map(gzipBytes))).reduce((sum, bytes) => sum + bytes, 0);
  // Why a page lost points outside performance (there the metrics columns already tell): audit id and title.
  const lost = Object.entries(lhr.categories)
    .filter(([id]) => id !== "performance")
    .flatMap(([id, category]) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
        .map((ref) => {
          const items = lhr.audits[ref.id].details?.items ?? [];
          const urls = [...new Set(items.map((item) => item.url ?? item.sourceLocation?.url).filter(Boolean))].slice(0, 3);
          return `${id}: ${ref.id} (${lhr.audits[ref.id].title})${urls.length ? ` — ${urls.map((u) => u.replace(/^https?:\/\/127\.0\.0\.1:\d+/, "")).join(", ")}` : ""}`;
        }),
    );
  const figures = Object.fromEntries(Object.keys(scoreBars).map((id) => [id, Math.round((lhr.categories[id]?.score ?? NaN) * 100)]));
  Object.assign(figures, {
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    jsGzip,
    total: audit("total-byte-weight"),
  });
  const { formFactor, screenEmulation: screen, throttlingMethod, throttling } = lhr.configSettings;
  const preset = `${formFactor} (${screen.width}×${screen.height}), ${throttlingMethod === "simulate" ? "simulated" : throttlingMethod} throttling: ${throttling.rttMs} ms RTT, ${(throttling.throughputKbps / 1000).toFixed(1)} Mbit/s, CPU ×${throttling.cpuSlowdownMultiplier}`;
  return { figures, lost, environment: lhr.environment, lighthouseVersion: lhr.lighthouseVersion, preset };
}

/**
 * Trace errors after which Lighthouse itself says "Please run Lighthouse again". With Chromium 156 and
 * Lighthouse 12.8 now and then (3 of about 60 runs while writing this) the trace lacks the page's
 * navigationStart event, so such a run is repeated in a fresh browser; any other error is fatal.
 */
const TRANSIENT = new Set(["NO_NAVSTART", "NO_TRACING_STARTED"]);
const ATTEMPTS = 5;
let retries = 0;
let browserVersion;

async function measureWithRetry(url) {
  for (let attempt = 1; ; attempt++) {
    // A fresh browser per run, as Lighthouse advises: no cache or tab state carried over from the last run.
    const chrome = await launch({ chromePath, chromeFlags: chromiumFlags, logLevel: "silent" });
    try {
      // The user agent Lighthouse reports is the reduced one (156.0.0.0); the browser's own endpoint has the build.
      browserVersion ??= (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()).Browser.replace(/^\w+\//, "Chromium ");
      return await measureOnce(url, chrome.port);
    } catch (error) {
      if (!TRANSIENT.has(error.code) || attempt === ATTEMPTS) throw error;
      retries++;
      process.stderr.write(`(${error.code}, again) `);
    } finally {
      await chrome.kill();
    }
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

// ---------------------------------------------------------------------------------------------- output

const fmt = {
  score: (v) => String(v),
  ms: (v) => `${Math.round(v)} ms`,
  s: (v) => `${(v / 1000).toFixed(2)} s`,
  cls: (v) => v.toFixed(3),
  kb: (v) => `${(v / 1024).toFixed(1)} KB`,
};
const columns = [
  ["Page", null],
  ["Perf", "performance", fmt.score],
  ["A11y", "accessibility", fmt.score],
  ["Best pr.", "best-practices", fmt.score],
  ["SEO", "seo", fmt.score],
  ["FCP", "fcp", fmt.s],
  ["LCP", "lcp", fmt.s],
  ["TBT", "tbt", fmt.ms],
  ["CLS", "cls", fmt.cls],
  ["JS gzip", "jsGzip", fmt.kb],
  ["Own JS", "ownJs", fmt.kb],
  ["Total transfer", "total", fmt.kb],
];

/** Returns a list of [label, ok] for every bar that applies to this page. */
function checkBars(page, f) {
  const checks = Object.entries(scoreBars)
    .filter(([id]) => !(id === "seo" && noindexPages.has(page)))
    .map(([id, bar]) => [`${id} ${f[id]} ≥ ${bar}`, f[id] >= bar]);
  if (WORKING.some((working) => working.path === page)) {
    checks.push(
      [`LCP ${fmt.s(f.lcp)} ≤ ${fmt.s(workingBars.lcp)}`, f.lcp <= workingBars.lcp],
      [`TBT ${fmt.ms(f.tbt)} ≤ ${fmt.ms(workingBars.tbt)}`, f.tbt <= workingBars.tbt],
    );
  }
  if (page === "/") {
    checks.push(
      [`LCP ${fmt.s(f.lcp)} ≤ ${fmt.s(homeBars.lcp)}`, f.lcp <= homeBars.lcp],
      [`TBT ${fmt.ms(f.tbt)} ≤ ${fmt.ms(homeBars.tbt)}`, f.tbt <= homeBars.tbt],
      [`JS ${fmt.kb(f.jsGzip)} ≤ ${fmt.kb(homeBars.jsGzip)} gzip`, f.jsGzip <= homeBars.jsGzip],
      [`total transfer ${fmt.kb(f.total)} ≤ ${fmt.kb(homeBars.total)}`, f.total <= homeBars.total],
    );
  }
  return checks;
}

function markdownTable(rows) {
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(columns.map(([title]) => title)), line(columns.map(() => "---")), ...rows.map(line)].join("\n");
}

function textTable(rows) {
  const all = [columns.map(([title]) => title), ...rows];
  const widths = columns.map((_, i) => Math.max(...all.map((row) => row[i].length)));
  return all.map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ")).join("\n");
}

// ---------------------------------------------------------------------------------------------- main

if (!existsSync(path.join(root, "build/stamp.json")) || !existsSync(path.join(root, "build/node/main.js"))) {
  console.error("No build found. Run `npm run build` first, then `npm run bench:pages`.");
  process.exit(1);
}
const chromePath = chromiumPath();
if (!chromePath) {
  console.error("Chromium not found. Install it with `sudo apt-get install -y chromium` or set CHROMIUM_PATH.");
  process.exit(1);
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-pages-"));
const cleanups = [() => rm(dataDir, { recursive: true, force: true })];
let exitCode = 0;
try {
  const site = await startSiteServer(dataDir);
  cleanups.unshift(site.stop);
  const bare = await startBareServer();
  cleanups.unshift(bare.stop);

  const floor = await runtimeFloor(site.base, WORKING[0].path);
  const measured = [...PAGES, ...WORKING.map((page) => page.path)];
  const targets = [...measured.map((page) => [page, `${site.base}${page}`]), [BARE, `${bare.base}/`]];
  const runs = new Map(targets.map(([label]) => [label, []]));
  const lostPoints = new Map(targets.map(([label]) => [label, new Set()]));
  let environment;
  let lighthouseVersion;
  let preset;
  for (let round = 1; round <= RUNS; round++) {
    for (const [label, url] of targets) {
      process.stderr.write(`run ${round}/${RUNS} ${label} … `);
      const result = await measureWithRetry(url);
      ({ environment, lighthouseVersion, preset } = result);
      runs.get(label).push({ ...result.figures, ...(result.figures.jsGzip > 0 ? { ownJs: result.figures.jsGzip - floor } : {}) });
      for (const line of result.lost) lostPoints.get(label).add(line);
      process.stderr.write(`perf ${result.figures.performance}, LCP ${fmt.s(result.figures.lcp)}\n`);
    }
  }

  const medians = new Map(
    [...runs].map(([label, list]) => [label, Object.fromEntries(Object.keys(list[0]).map((key) => [key, median(list.map((f) => f[key]))]))]),
  );
  const rowFor = (label, f) => columns.map(([, key, format], i) => (i === 0 ? label : key in f ? format(f[key]) : "–"));
  const rows = [...medians].map(([label, f]) => rowFor(label, f));
  rows.push(rowFor("/ (forrige nettsted)*", previousSite));

  const checks = measured.flatMap((page) => checkBars(page, medians.get(page)).map(([text, ok]) => `${ok ? "PASS" : "FAIL"}  ${page}: ${text}`));
  const lostLines = [...lostPoints].flatMap(([label, lines]) => [...lines].map((line) => `${label} — ${line}`));
  const failed = checks.filter((line) => line.startsWith("FAIL")).length;
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model?.trim() ?? "unknown CPU"}, ${os.type()} ${os.release()}, Node ${process.version}, ${browserVersion}, Lighthouse ${lighthouseVersion} (benchmarkIndex ${Math.round(environment?.benchmarkIndex ?? NaN)})`;
  const date = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  const footnote =
    "* The previous site's home page: figures measured when the club replaced it; its source cannot be built here, so it is not re-measured.";

  const lostText = lostLines.length
    ? `Points lost outside performance (in any run):\n${lostLines.join("\n")}`
    : "No points lost outside performance.";
  console.log(
    `\n${textTable(rows)}\n${footnote}\n\n${lostText}\n\n${checks.join("\n")}\n\n${failed ? `${failed} bar(s) FAIL` : "All bars pass"} — ${date}, ${machine}; ${retries} run(s) repeated after a lost navigationStart`,
  );

  await writeBenchmarkSection(
    "pages",
    `## Pages

\`npm run bench:pages\` — measured ${date} on ${machine}.

Lighthouse's default config, i.e. the mobile preset: ${preset}.
The site is served by the production build's server (\`build/node/main.js\`, build stamped ${JSON.parse(await readFile(path.join(root, "build/stamp.json"), "utf8")).builtAt}) on a pinned day (\`CLOCK_START=${benchClockStart}\`, so \`NODE_ENV=development\`: production refuses a pinned clock; the libraries, React among them, load their production code all the same).
Each page ran ${RUNS} times in interleaved rounds; every figure is the median of its own metric over the ${RUNS} runs
(per-metric medians, so a column's figures may come from different runs). Runs repeated because Lighthouse lost
the trace's navigationStart (its own advice: run again): ${retries}.

- **JS gzip**: every Script request Lighthouse recorded, fetched again with \`accept-encoding: gzip\`, summing the bytes
  the server sends (the build's precompressed \`.gz\`; files below the compression threshold as they are).
  Chromium itself gets Brotli, so the real transfer is a little smaller.
- **Own JS**: JS gzip less React's and React Router's own floor (${fmt.kb(floor)} gzip: React Router's route manifest,
  its client entry with React, React DOM and React Router), i.e. the root's and the page's own code. Information
  pages load no JS at all.
- **Total transfer**: Lighthouse's total-byte-weight audit (all requests, as transferred to Chromium).
- Working pages (${WORKING.map((page) => `\`${page.path}\``).join(", ")}) arrive with their first view rendered by the
  server and hydrate. The payment result and the offer page are measured with an order id and a token that do not exist
  (a fresh database has none), so they show their "not found" view.
- **${BARE}**: a minimal static HTML page on a bare \`node:http\` server, measured in the same rounds: the ceiling of this machine.

${markdownTable(rows)}

${footnote.replace(/^\*/, "\\*")}

Bars (our targets; KB = 1024 bytes): performance ≥ ${scoreBars.performance}, accessibility, best practices and SEO ${scoreBars.seo} on every page
(SEO not for the pages that are \`noindex\` on purpose: ${[...noindexPages].map((page) => `\`${page}\``).join(", ")});
home page LCP ≤ ${fmt.s(homeBars.lcp)}, TBT ≤ ${fmt.ms(homeBars.tbt)}, JS ≤ ${fmt.kb(homeBars.jsGzip)} gzip, total transfer ≤ ${fmt.kb(homeBars.total)};
every working page LCP ≤ ${fmt.s(workingBars.lcp)}, TBT ≤ ${fmt.ms(workingBars.tbt)}.

${checks.map((line) => `- ${line.replace(/^(PASS|FAIL) /, "**$1**")}`).join("\n")}

${failed ? `${failed} bar(s) FAIL.` : "All bars pass."}

${lostLines.length ? `Points lost outside performance (in any run):\n\n${lostLines.map((line) => `- ${line}`).join("\n")}` : "No points lost outside performance."}`,
  );
  console.log(`\nWrote ${path.relative(root, benchmarksDoc)}`);
} catch (error) {
  console.error(`\nbench:pages failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  exitCode = 1;
} finally {
  for (const cleanup of cleanups)
    await Promise.resolve()
      .then(cleanup)
      .catch(() => {});
}
process.exit(exitCode);
