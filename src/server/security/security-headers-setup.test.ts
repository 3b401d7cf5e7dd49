/**
 * Security headers: every answer has nosniff, frame denial and a referrer policy; HSTS
 * only over HTTPS; every HTML page has a Content-Security-Policy that allows exactly its own inline scripts
 * and styles (checked with an HTML parser, independently of the server's own hashing), frames nobody, and
 * the server sets no cookie anywhere.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import type { Database } from "../db/database.ts";
import { loadEnv } from "../env.ts";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import { createTestDatabase } from "../test-support/database.ts";
import { testAdminCredentials } from "../test-support/app.ts";
import { validDraft } from "../../shared/camp/camp-draft.fixture.ts";
import { clientOnlyPathPatterns, staticPaths } from "../../shared/site/site-pages.ts";
import { createTestSite, testRenderer } from "../test-support/site.ts";
import { hstsValue } from "./security-headers-setup.ts";

const builtSite = path.resolve("build/client");
// The web app's server build beside the browser build: the real pages, rendered by the server.
const haveBuild = existsSync(path.join(builtSite, "../server/index.js"));

/** The directive's sources, e.g. sources(csp, "script-src") → ["'self'", "'sha256-…'"]. */
function sources(csp: string, directive: string): string[] | undefined {
  const entry = csp
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return entry?.slice(1);
}

const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** An HTML answer's CSP lets its own inline code run and nothing else inline. */
function expectWorkingStrictCsp(res: LightMyRequestResponse, where: string) {
  const csp = String(res.headers["content-security-policy"] ?? "");
  expect(csp, `${where}: no CSP`).not.toBe("");
  expect(sources(csp, "frame-ancestors"), where).toEqual(["'none'"]);
  expect(sources(csp, "object-src") ?? sources(csp, "default-src"), where).toEqual(["'none'"]);
  const scriptSources = sources(csp, "script-src") ?? sources(csp, "default-src") ?? [];
  const styleSources = sources(csp, "style-src") ?? sources(csp, "default-src") ?? [];
  expect(scriptSources, `${where}: inline scripts allowed wholesale`).not.toContain("'unsafe-inline'");
  expect(scriptSources, where).not.toContain("'unsafe-eval'");
  const root = parse(res.body, { comment: false, blockTextElements: { script: true, style: true } });
  for (const script of root.querySelectorAll("script")) {
    if (script.getAttribute("src") !== undefined) continue;
    const code = script.rawText;
    if (code.trim() === "") continue;
    expect(scriptSources, `${where}: inline script without its hash: ${code.slice(0, 80)}`).toContain(hashOf(code));
  }
  for (const style of root.querySelectorAll("style")) {
    if (styleSources.includes("'unsafe-inline'")) continue;
    expect(styleSources, `${where}: inline style without its hash`).toContain(hashOf(style.rawText));
  }
  if (!styleSources.includes("'unsafe-inline'")) {
    expect(root.querySelectorAll("[style]").length, `${where}: style attributes need 'unsafe-inline'`).toBe(0);
  }
  const handlers = root.querySelectorAll("*").filter((element) => Object.keys(element.attributes).some((name) => /^on/i.test(name)));
  expect(handlers.length, `${where}: inline event handlers never run under this CSP`).toBe(0);
}

function expectBaseHeaders(res: LightMyRequestResponse, where: string) {
  expect(res.headers["x-content-type-options"], where).toBe("nosniff");
  expect(res.headers["x-frame-options"], where).toBe("DENY");
  expect(res.headers["referrer-policy"], where).toBe("strict-origin-when-cross-origin");
  expect(res.headers["set-cookie"], `${where}: the server sets no cookie`).toBeUndefined();
}

describe.each([
  ["the built site", haveBuild],
  ["a minimal site", true],
] as const)("security headers with %s", (label, enabled) => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dir: string;
  let staticDir: string;
  let removeSite = async () => {};
  const pagePaths = staticPaths;

  beforeAll(async () => {
    if (!enabled) return;
    dir = await mkdtemp(path.join(tmpdir(), "security-"));
    if (label === "the built site") staticDir = builtSite;
    else ({ dir: staticDir, remove: removeSite } = await createTestSite());
    database = await createTestDatabase("pglite");
    app = await buildApp({
      env: loadEnv({
        NODE_ENV: "development",
        STATIC_DIR: staticDir,
        DATA_DIR: dir,
        VIPPS_SIMULATOR: "true",
        CAMP_YEAR: "2026",
        PUBLIC_BASE_URL: "https://klubb.example",
        TRUST_PROXY: "127.0.0.1",
        ...testAdminCredentials,
      }),
      database,
      clock: () => new Date("2026-10-15T10:00:00Z"),
      announce: () => {},
      vipps: { startReconciler: false },
      mail: { startWorker: false },
      ...(label === "the built site" ? {} : { site: { renderer: testRenderer } }),
    });
  }, 60_000);
  afterAll(async () => {
    if (!enabled) return;
    await app.close();
    await database.close();
    await rm(dir, { recursive: true, force: true });
    await removeSite();
  });

  it.skipIf(!enabled)("every information page, the working pages and the 404 page: strict CSP that lets their inline code run", async () => {
    expect(pagePaths.length).toBeGreaterThan(0);
    for (const url of pagePaths) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expectBaseHeaders(res, url);
      expectWorkingStrictCsp(res, url);
    }
    // The browser-rendered pages (admin pages, wizards, Vipps result) keep the runtime and hydrate.
    const clientOnly = [
      "/vinterleir/registrering",
      "/vinterleir/deltakere/admin",
      "/nyttmedlem",
      "/nyttmedlem/sjekk",
      "/invoices",
      "/vipps",
      "/vipps/VL26-ABC123",
    ];
    for (const url of clientOnly)
      expect(
        clientOnlyPathPatterns.some((pattern) => pattern.test(url)),
        url,
      ).toBe(true);
    for (const url of clientOnly) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expectWorkingStrictCsp(res, url);
    }
    const missing = await app.inject({ url: "/finnes/ikke" });
    expect(missing.statusCode).toBe(404);
    expectBaseHeaders(missing, "404");
    expectWorkingStrictCsp(missing, "404 page");
  });

  it.skipIf(!enabled)("the Vipps simulator's landing page and the development mail pages have their own strict CSP", async () => {
    const post = await app.inject({ method: "POST", url: "/api/Vinterleir/Post", payload: validDraft({ vipps: true }) });
    expect(post.statusCode, post.body).toBe(200);
    const landing = await app.inject({ url: new URL(post.body).pathname + new URL(post.body).search });
    expect(landing.statusCode).toBe(200);
    expectBaseHeaders(landing, "landing");
    expectWorkingStrictCsp(landing, "simulator landing page");
    expect(sources(String(landing.headers["content-security-policy"]), "default-src")).toEqual(["'none'"]);

    const list = await app.inject({ url: "/dev/mail" });
    expect(list.statusCode).toBe(200);
    expectBaseHeaders(list, "/dev/mail");
    const csp = String(list.headers["content-security-policy"]);
    // No script at all may run there; styles are inline on purpose (the mail's own style attributes).
    expect(sources(csp, "default-src")).toEqual(["'none'"]);
    expect(sources(csp, "script-src")).toBeUndefined();
    expect(sources(csp, "frame-ancestors")).toEqual(["'none'"]);
  });

  it.skipIf(!enabled)("HSTS only on requests that came over HTTPS through the trusted proxy", async () => {
    const plain = await app.inject({ url: "/api/Club/Get" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const viaProxy = await app.inject({ url: "/api/Club/Get", headers: { "x-forwarded-proto": "https" } });
    expect(viaProxy.headers["strict-transport-security"]).toBe(hstsValue);
    const page = await app.inject({ url: pagePaths[0]!, headers: { "x-forwarded-proto": "https" } });
    expect(page.headers["strict-transport-security"]).toBe(hstsValue);
    // A client the proxy list does not name cannot claim HTTPS.
    const spoofed = await app.inject({ url: "/api/Club/Get", remoteAddress: "203.0.113.9", headers: { "x-forwarded-proto": "https" } });
    expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
  });

  it.skipIf(!enabled)("every API family answers with nosniff, DENY, a referrer policy and no cookie", async () => {
    const camp = (
      await app.inject({
        url: `/api/VinterleirAdmin/GetToken/${testAdminCredentials.CAMP_ADMIN_USERNAME}/${sha256Hex(testAdminCredentials.CAMP_ADMIN_PASSWORD)}`,
      })
    ).body;
    const requests = [
      { url: "/api/Club/Get" },
      { url: "/api/VinterleirUsers/Get" },
      { url: "/healthz" },
      { method: "POST" as const, url: "/api/Vinterleir/Post", payload: {} },
      { method: "POST" as const, url: "/api/NewMember/Post", payload: "{", headers: { "content-type": "application/json" } },
      { url: `/api/VinterleirAdmin/Get/${camp}` },
      { url: `/api/VinterleirAdmin/GetCsv/${camp}` },
      { url: "/api/NewMemberAdmin/Get/feil" },
      { url: `/api/Invoice/GetToken/${sha256Hex(testAdminCredentials.INVOICE_ADMIN_PASSWORD)}` },
      { url: "/api/Vipps/CheckIfVippsOk/VL26-FINNESIKKE" },
      { method: "POST" as const, url: "/api/Vipps/Webhook", payload: "{}" },
      { url: "/api/finnes/ikke" },
      { url: "/robots.txt" },
      { url: "/sitemap.xml" },
    ];
    for (const request of requests) {
      const res = await app.inject(request);
      expect(res.statusCode, `${request.url} ${res.body.slice(0, 200)}`).toBeLessThan(500);
      expectBaseHeaders(res, request.url);
    }
  });
});
