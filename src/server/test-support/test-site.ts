import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../app.ts";
import { loadEnv } from "../env.ts";
import { createTestDatabase } from "./test-database.ts";

const html = (body: string) =>
  `<!DOCTYPE html><html lang="nb"><head><script>window.x=1</script><style>p{color:red}</style></head><body>${body}</body></html>`;

/**
 * A tiny built site in a temporary folder (front page, one prerendered page, the SPA fallback, the error
 * page and one hashed asset), for server tests that need the static site without a real build.
 */
export async function createTestSite(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "site-"));
  await mkdir(path.join(dir, "om/oss"), { recursive: true });
  await mkdir(path.join(dir, "assets"), { recursive: true });
  await mkdir(path.join(dir, "404"), { recursive: true });
  await writeFile(path.join(dir, "index.html"), html("Forside"));
  await writeFile(path.join(dir, "om/oss/index.html"), html("Om oss"));
  await writeFile(path.join(dir, "__spa-fallback.html"), html("Laster"));
  await writeFile(path.join(dir, "404/index.html"), html("Unexpected Application Error!"));
  await writeFile(path.join(dir, "assets/app-abc123.js"), "console.log(1)");
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The whole app serving a test site on PGlite; `close` removes all three. */
export async function buildTestSiteApp() {
  const site = await createTestSite();
  const database = await createTestDatabase("pglite");
  const app = await buildApp({ env: loadEnv({ STATIC_DIR: site.dir, LOG_LEVEL: "silent", PUBLIC_BASE_URL: "https://skitaekwondo.no" }), database, announce: () => {} });
  const close = async () => {
    await app.close();
    await database.close();
    await site.remove();
  };
  return { app, close };
}
