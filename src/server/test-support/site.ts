import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp, type BuildAppOptions } from "../app.ts";
import { createClock } from "../clock.ts";
import type { Database, DatabaseKind } from "../db/database.ts";
import { loadEnv } from "../env.ts";
import type { PageRenderer } from "../site/page-renderer.ts";
import { clientOnlyPathPatterns } from "../../shared/site/site-pages.ts";
import { TEST_NOW } from "../../shared/test-clock.fixture.ts";
import { createTestDatabase } from "./database.ts";
import { testAdminCredentials } from "./app.ts";

/**
 * A stand-in for the web app's server build: a page like React Router renders it (the runtime's scripts
 * and module preload, our data-keep script, stylesheet links — one as React Router writes a stylesheet that a
 * lazily loaded module also imports, with a "#" after its name), with a body that shows the path and, on
 * the camp price page, the edition's companion fee and the render time; on the training-time pages the
 * sessions of the site's facts, and on /personvern the retention periods it was given.
 */
export const testRenderer: PageRenderer = async (url, site) => {
  const { pathname } = new URL(url, "http://localhost");
  const section =
    pathname === "/barnepartiet/treningstider" ? "barn" : pathname === "/ungdomvoksenpartiet/treningstider" ? "ungdomvoksen" : undefined;
  const body =
    pathname === "/treningstider" || section
      ? `Treningstider: ${site.content.treningstider.sessions
          .filter((session) => !section || session.section === section)
          .map((session) => `${session.group} ${session.time}`)
          .join("; ")}`
      : pathname === "/personvern"
        ? `Anonymiseres etter ${site.privacy.retention.campAnonymiseAfterDays} dager; e-post slettes etter ${site.privacy.retention.mailRetentionDays} dager`
        : pathname === "/404"
          ? "Unexpected Application Error!"
          : pathname === "/om/oss"
            ? "Om oss"
            : pathname === "/vinterleir/priser"
              ? `Ledsager: ${site.edition?.companionFee ?? "ingen leir"} kr (rendret ${site.renderedAt})`
              : clientOnlyPathPatterns.some((pattern) => pattern.test(pathname))
                ? `Laster ${pathname}`
                : `Side ${pathname}`;
  const html =
    `<!DOCTYPE html><html lang="nb"><head><script data-keep="">window.x=1</script>` +
    `<link rel="modulepreload" href="/assets/app-abc123.js"/><link rel="stylesheet" href="/assets/app-abc123.css"/>` +
    `<link rel="stylesheet" href="/assets/shared-abc123.css#"/>` +
    `<style>p{color:red}</style></head><body><p>${body}</p>` +
    `<script>window.__reactRouterContext={}</script><script type="module">import("/assets/app-abc123.js")</script></body></html>`;
  return { status: 200, html };
};

/** A tiny browser build in a temporary folder (hashed assets and a public document) for the site tests. */
export async function createTestSite(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "site-"));
  await mkdir(path.join(dir, "assets"), { recursive: true });
  await mkdir(path.join(dir, "dokumenter"), { recursive: true });
  await writeFile(path.join(dir, "assets/app-abc123.js"), "console.log(1)");
  await writeFile(path.join(dir, "assets/app-abc123.css"), "body{margin:0}");
  await writeFile(path.join(dir, "assets/shared-abc123.css"), "main{padding:0}");
  await writeFile(path.join(dir, "dokumenter/ski-tkd-pensum.pdf"), "%PDF-1.4 pensum");
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The real build, when there is one: the browser build and, beside it, the web app's server build. */
const builtSiteDir = path.resolve("build/client");
export const haveBuiltSite = existsSync(path.join(builtSiteDir, "../server/index.js"));

/**
 * The whole app serving a test site with the stand-in renderer (or, with `built`, the real build with its
 * own renderer); `close` removes the app, database and test site.
 */
export async function buildTestSiteApp(
  options: { kind?: DatabaseKind; built?: boolean; database?: Database; env?: Record<string, string> } & Partial<
    Pick<BuildAppOptions, "clock" | "site">
  > = {},
) {
  const { kind = "pglite", built = false, database: givenDatabase, env: extraEnv, ...rest } = options;
  const site = built ? { dir: builtSiteDir, remove: async () => {} } : await createTestSite();
  // A given database (another process's view of the same PostgreSQL) is the caller's to close.
  const database = givenDatabase ?? (await createTestDatabase(kind));
  const env = loadEnv({
    STATIC_DIR: site.dir,
    LOG_LEVEL: "silent",
    PUBLIC_BASE_URL: "https://skitaekwondo.no",
    ...testAdminCredentials,
    ...extraEnv,
  });
  const app = await buildApp({
    env,
    database,
    announce: () => {},
    privacy: { startJob: false },
    mail: { startWorker: false },
    // Never the real date as today: unless the test gives its own clock, one that starts at TEST_NOW (or at the
    // test's CLOCK_START) and runs on in real time.
    clock: createClock({ CLOCK_START: env.CLOCK_START ?? TEST_NOW }),
    ...rest,
    site: built ? { ...rest.site } : { renderer: testRenderer, ...rest.site },
  });
  const close = async () => {
    await app.close();
    if (!givenDatabase) await database.close();
    await site.remove();
  };
  return { app, database, close };
}
