/**
 * The development conveniences (the Vipps simulator under /vipps-sim, the local mail pages under /dev/mail)
 * answer only this machine: a stranger, or anyone a proxy forwards, gets the ordinary 404 of an unknown
 * path; in production they do not exist at all.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { buildTestApp } from "../test-support/app.ts";
import { createTestDatabase } from "../test-support/database.ts";
import { validDraft } from "../../shared/camp/camp-draft.fixture.ts";
import { landingFormFields } from "../test-support/vipps.ts";

type App = Awaited<ReturnType<typeof buildTestApp>>;

const stranger = "203.0.113.9";
const proxyHeaders: Record<string, string>[] = [{ "x-forwarded-for": stranger }, { forwarded: `for=${stranger}` }];

describe("development conveniences answer only this machine", () => {
  let database: Database;
  let dir: string;
  let app: App;
  let landingLink: string;
  let approveForm: Record<string, string>;
  let reference: string;

  /** A server as `npm start` runs it: development, the simulator, the mail folder (with the test controls switched on). */
  const buildDevelopmentApp = (env: Record<string, string> = {}) =>
    buildTestApp(database, {
      env: { NODE_ENV: "development", DATA_DIR: dir, VIPPS_SIMULATOR: "true", CAMP_YEAR: "2026", PUBLIC_BASE_URL: "http://localhost:3000", ...env },
      clock: () => new Date("2026-10-15T10:00:00Z"),
      vipps: { startReconciler: false },
      mail: { startWorker: false },
    });

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    dir = await mkdtemp(path.join(os.tmpdir(), "stk-dev-only-"));
    app = await buildDevelopmentApp({ VIPPS_SIMULATOR_CONTROL: "true" });
    const posted = await app.inject({ method: "POST", url: "/api/Vinterleir/Post", payload: validDraft({ vipps: true }) });
    expect(posted.statusCode, posted.body).toBe(200);
    landingLink = new URL(posted.body).pathname + new URL(posted.body).search;
    reference = new URL(posted.body).searchParams.get("reference")!;
    approveForm = landingFormFields((await app.inject({ url: landingLink })).body, "approve");
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const form = (fields: Record<string, string>) => ({
    payload: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  type Request = { method?: "GET" | "POST"; url: string; payload?: string | object; headers?: Record<string, string>; remoteAddress?: string };
  const requests = (): Request[] => [
    { url: "/dev/mail" },
    { url: "/dev/mail/20261015-abc" },
    { url: "/dev/mail/20261015-abc.eml" },
    { url: landingLink },
    { url: "/vipps-sim/landing.css" },
    { method: "POST", url: "/vipps-sim/landing/approve", ...form(approveForm) },
    { method: "POST", url: "/vipps-sim/accesstoken/get" },
    { url: `/vipps-sim/epayment/v1/payments/${reference}` },
    { url: "/vipps-sim/control/requests" },
    { url: "/vipps-sim/control/credentials" },
    { method: "POST", url: "/vipps-sim/control/faults", payload: { clear: true } },
    { method: "POST", url: "/vipps-sim/webhooks/v1/webhooks", payload: { url: "http://127.0.0.1:1/x", events: ["x"] } },
  ];

  it("from this machine they are there", async () => {
    expect((await app.inject({ url: "/dev/mail" })).statusCode).toBe(200);
    expect((await app.inject({ url: landingLink })).statusCode).toBe(200);
    expect((await app.inject({ url: "/vipps-sim/control/requests" })).statusCode).toBe(200);
  });

  it("a stranger, or anyone behind a proxy, gets the same 404 as for a path that does not exist", async () => {
    const unknown = await app.inject({ url: "/finnes/ikke", remoteAddress: stranger });
    expect(unknown.statusCode).toBe(404);
    const asStranger = requests().map((request) => ({ ...request, remoteAddress: stranger }));
    const throughProxy = proxyHeaders.flatMap((headers) =>
      requests().map((request) => ({ ...request, headers: { ...request.headers, ...headers } })),
    );
    for (const request of [...asStranger, ...throughProxy]) {
      const res = await app.inject(request);
      const what = `${request.method ?? "GET"} ${request.url} ${JSON.stringify(request.headers ?? request.remoteAddress)}`;
      expect(res.statusCode, what).toBe(404);
      // Fastify's 404 names the method and path asked for; the rest is the same as for any unknown path.
      const method = request.method ?? "GET";
      expect(res.body.replace(`${method}:${request.url}`, "…"), what).toBe(unknown.body.replace("GET:/finnes/ikke", "…"));
      expect(res.headers["content-type"], what).toBe(unknown.headers["content-type"]);
    }
    // The approve that came through the proxy, with the right token, changed nothing.
    expect(app.vipps!.simulator!.payments.get(reference)!.state).toBe("CREATED");
  });

  it("over real HTTP on every interface, a request through a proxy gets 404", async () => {
    const server = await buildDevelopmentApp();
    try {
      await server.listen({ host: "0.0.0.0", port: 0 });
      const { port } = server.server.address() as { port: number };
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/dev/mail`)).status).toBe(200);
      expect((await fetch(`${base}/vipps-sim/landing.css`)).status).toBe(200);
      for (const headers of proxyHeaders) {
        for (const url of ["/dev/mail", "/vipps-sim/landing.css", `/vipps-sim/landing?reference=${reference}`]) {
          const res = await fetch(`${base}${url}`, { headers });
          expect(res.status, `${url} ${JSON.stringify(headers)}`).toBe(404);
          await res.arrayBuffer();
        }
      }
      const approve = await fetch(`${base}/vipps-sim/landing/approve`, {
        method: "POST",
        headers: { "x-forwarded-for": stranger },
        body: new URLSearchParams(approveForm),
      });
      expect(approve.status).toBe(404);
      await approve.arrayBuffer();
    } finally {
      await server.close();
    }
  });

  it("a development server without the switch has no test controls and no webhook registration", async () => {
    const plain = await buildDevelopmentApp();
    try {
      for (const url of ["/vipps-sim/control/requests", "/vipps-sim/control/credentials"])
        expect((await plain.inject({ url })).statusCode, url).toBe(404);
      for (const url of ["/vipps-sim/control/faults", "/vipps-sim/webhooks/v1/webhooks", `/vipps-sim/control/payments/${reference}/expire`]) {
        expect((await plain.inject({ method: "POST", url, payload: {} })).statusCode, url).toBe(404);
      }
    } finally {
      await plain.close();
    }
  });
});

describe("production has no development conveniences", () => {
  let database: Database;
  let dir: string;
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    dir = await mkdtemp(path.join(os.tmpdir(), "stk-prod-"));
    // No SMTP and no Vipps keys: exactly where development would have had the mail pages and the simulator.
    app = await buildTestApp(database, { env: { NODE_ENV: "production", DATA_DIR: dir }, mail: { startWorker: false } });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("registers neither /dev/mail nor /vipps-sim, and offers no Vipps without keys", async () => {
    expect(app.vipps).toBeUndefined();
    for (const url of ["/dev/mail", "/dev/mail/:id", "/vipps-sim/landing", "/vipps-sim/accesstoken/get", "/vipps-sim/control/requests"]) {
      expect(app.hasRoute({ method: "GET", url }) || app.hasRoute({ method: "POST", url }), url).toBe(false);
    }
    for (const url of ["/dev/mail", "/vipps-sim/landing?reference=VL26-ABCDEF-1&token=x", "/vipps-sim/landing.css"]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
