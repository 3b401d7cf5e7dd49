import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/database.ts";
import { loadEnv } from "../env.ts";
import { createLogger } from "../logger.ts";
import { buildTestApp, testAdminCredentials } from "../test-support/test-app.ts";
import { createTestDatabase, databaseKinds } from "../test-support/test-database.ts";
import type { AdminArea } from "./admin-areas.ts";
import { adminAuthMessages } from "./admin-auth-routes.ts";
import { revokeToken } from "./admin-tokens.ts";
import { loginLimits } from "./login-throttle.ts";
import { sha256Hex } from "./password-hash.ts";
import { requireAdmin } from "./require-admin.ts";

const DAY = 24 * 60 * 60 * 1000;
const digest = sha256Hex;
const campPassword = testAdminCredentials.CAMP_ADMIN_PASSWORD;
const campUser = testAdminCredentials.CAMP_ADMIN_USERNAME;
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

describe.each(databaseKinds)("admin auth on %s", (kind) => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let now = new Date("2026-11-01T10:00:00Z");
  let addressCounter = 0;
  let logLines: string[] = [];
  // A fresh client address per test, so the per-address limit of one test does not leak into the next.
  let ip = "";
  const nextAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

  const get = (url: string, remoteAddress = ip) => app.inject({ url, remoteAddress });
  const loginCamp = (password: string = campPassword, username: string = campUser, remoteAddress = ip) =>
    get(`/api/VinterleirAdmin/GetToken/${encodeURIComponent(username)}/${digest(password)}`, remoteAddress);
  const loginNewMember = (password: string = testAdminCredentials.NEWMEMBER_ADMIN_PASSWORD, remoteAddress = ip) =>
    get(`/api/NewMemberAdmin/GetToken/${digest(password)}`, remoteAddress);
  const loginInvoice = (password: string = testAdminCredentials.INVOICE_ADMIN_PASSWORD) => get(`/api/Invoice/GetToken/${digest(password)}`);
  // Probe routes under the masked admin prefixes, as real admin routes will be.
  const probe = (area: AdminArea, token: string) => get(`/api/Invoice/TestProbe/${area}/${token}`);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const env = loadEnv({ LOG_LEVEL: "trace" });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    app = await buildTestApp(database, {
      clock: () => now,
      logger: { ...(createLogger(env) as object), stream },
    });
    for (const area of ["camp", "newmember", "invoice"] as const) {
      app.get(`/api/Invoice/TestProbe/${area}/:token`, { preHandler: requireAdmin(area) }, async () => ({ ok: true }));
    }
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(() => {
    ip = nextAddress();
  });

  it("gives a camp admin with the right username and password a random text token", async () => {
    const res = await loginCamp();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toMatch(tokenShape);
    const again = await loginCamp();
    expect(again.body).not.toBe(res.body);
  });

  it("refuses a wrong password, a wrong username and a malformed digest with 401 JSON", async () => {
    for (const res of [
      await loginCamp("feil-passord"),
      await loginCamp(campPassword, "someone"),
      await get(`/api/VinterleirAdmin/GetToken/${campUser}/not-a-digest`),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.body.startsWith("{")).toBe(true);
      expect(res.json()).toEqual({ error: "Feil brukernavn/passord." });
    }
  });

  it("accepts the digest in upper case too", async () => {
    const res = await get(`/api/VinterleirAdmin/GetToken/${campUser}/${digest(campPassword).toUpperCase()}`);
    expect(res.statusCode).toBe(200);
  });

  it("handles the password-only areas with their own passwords", async () => {
    expect((await loginNewMember()).body).toMatch(tokenShape);
    expect((await loginInvoice()).body).toMatch(tokenShape);
    for (const res of [await loginNewMember(campPassword), await loginInvoice(testAdminCredentials.NEWMEMBER_ADMIN_PASSWORD)]) {
      expect(res.statusCode).toBe(401);
      expect(res.body.startsWith("{")).toBe(true);
      expect(res.json()).toEqual({ error: "Feil passord." });
    }
  });

  it("lets a token through requireAdmin for its own area only", async () => {
    const token = (await loginNewMember()).body;
    expect((await probe("newmember", token)).json()).toEqual({ ok: true });
    for (const res of [await probe("invoice", token), await probe("camp", token), await probe("newmember", "x".repeat(43))]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "Unauthroized" });
    }
  });

  it("expires camp tokens after one day and the others after 150 days", async () => {
    const camp = (await loginCamp()).body;
    const invoice = (await loginInvoice()).body;
    const start = now;
    try {
      now = new Date(start.getTime() + DAY - 1000);
      expect((await probe("camp", camp)).statusCode).toBe(200);
      now = new Date(start.getTime() + DAY + 1);
      expect((await probe("camp", camp)).statusCode).toBe(401);
      now = new Date(start.getTime() + 149 * DAY);
      expect((await probe("invoice", invoice)).statusCode).toBe(200);
      now = new Date(start.getTime() + 150 * DAY + 1);
      expect((await probe("invoice", invoice)).statusCode).toBe(401);
    } finally {
      now = start;
    }
  });

  it("refuses a revoked token", async () => {
    const token = (await loginInvoice()).body;
    expect(await revokeToken(app.db, token, now)).toBe(true);
    expect((await probe("invoice", token)).statusCode).toBe(401);
    expect(await revokeToken(app.db, token, now)).toBe(false);
  });

  it("locks a client address after 10 failures, even for the right password, until the window has passed", async () => {
    for (let i = 0; i < loginLimits.perClientAddress; i++) expect((await loginCamp("feil")).statusCode).toBe(401);
    const locked = await loginCamp();
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: adminAuthMessages.tooManyAttempts });
    expect(locked.headers["retry-after"]).toBe("900");
    // The address is locked for every area; another address is not.
    expect((await loginInvoice()).statusCode).toBe(429);
    expect((await loginCamp(campPassword, campUser, nextAddress())).statusCode).toBe(200);

    const start = now;
    now = new Date(start.getTime() + loginLimits.windowMs + 1000);
    try {
      expect((await loginCamp()).statusCode).toBe(200);
    } finally {
      now = new Date(start.getTime() + 2 * loginLimits.windowMs); // leave a clean window for later tests
    }
  });

  it("locks an account attacked from many addresses, but not other accounts", async () => {
    for (let i = 0; i < loginLimits.perAccount; i++) {
      expect((await loginNewMember("feil", nextAddress())).statusCode).toBe(401);
    }
    expect((await loginNewMember(undefined, nextAddress())).statusCode).toBe(429);
    expect((await loginInvoice()).statusCode).toBe(200);
    expect((await loginCamp()).statusCode).toBe(200);
    now = new Date(now.getTime() + loginLimits.windowMs + 1000);
    expect((await loginNewMember(undefined, nextAddress())).statusCode).toBe(200);
  });

  it("does not let a parallel burst of guesses past the limit", async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, () => loginCamp("feil")));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(loginLimits.perClientAddress);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(25 - loginLimits.perClientAddress);
    now = new Date(now.getTime() + loginLimits.windowMs + 1000);
  });

  it("never writes a token, digest or password to the log", async () => {
    logLines = [];
    const token = (await loginCamp()).body;
    expect((await probe("camp", token)).statusCode).toBe(200);
    await loginCamp("feil-passord");
    const log = logLines.join("");
    expect(log).toContain("/api/VinterleirAdmin/GetToken/[redacted]");
    expect(log).toContain("/api/Invoice/TestProbe/[redacted]");
    for (const secret of [token, digest(campPassword), digest("feil-passord"), campPassword]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe.each(databaseKinds)("admin credentials at start-up on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });
  const noCredentials = { CAMP_ADMIN_USERNAME: "", CAMP_ADMIN_PASSWORD: "", NEWMEMBER_ADMIN_PASSWORD: "", INVOICE_ADMIN_PASSWORD: "" };

  it("refuses an area without credentials in production (503) and logs why", async () => {
    const logLines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    const app = await buildTestApp(database, {
      env: { ...noCredentials, NODE_ENV: "production", INVOICE_ADMIN_PASSWORD: "faktura-passord" },
      logger: { level: "error", stream },
    });
    try {
      const res = await app.inject({ url: `/api/NewMemberAdmin/GetToken/${digest("hva-som-helst")}` });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: adminAuthMessages.notConfigured });
      expect(logLines.join("")).toMatch(/newmember.*closed: no credential configured/);
      expect((await app.inject({ url: `/api/Invoice/GetToken/${digest("faktura-passord")}` })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("generates a development password once, shows it once, and never accepts it in production", async () => {
    const announce = vi.fn();
    const first = await buildTestApp(database, { env: { ...noCredentials, NODE_ENV: "development" }, announce });
    expect(announce).toHaveBeenCalledTimes(1);
    const message = String(announce.mock.calls[0]?.[0]);
    const campLine = /camp: brukernavn (\S+), passord (\S+)/.exec(message);
    const newMemberPassword = /newmember: passord (\S+)/.exec(message)?.[1];
    expect(campLine && newMemberPassword).toBeTruthy();
    expect(message).not.toMatch(/invoice:/); // configured in the previous test
    const token = await first.inject({ url: `/api/VinterleirAdmin/GetToken/${campLine![1]}/${digest(campLine![2]!)}` });
    expect(token.statusCode).toBe(200);
    await first.close();

    const quiet = vi.fn();
    const second = await buildTestApp(database, { env: { ...noCredentials, NODE_ENV: "development" }, announce: quiet });
    expect(quiet).not.toHaveBeenCalled();
    await second.close();

    const production = await buildTestApp(database, { env: { ...noCredentials, NODE_ENV: "production" } });
    const refused = await production.inject({ url: `/api/NewMemberAdmin/GetToken/${digest(newMemberPassword!)}` });
    expect(refused.statusCode).toBe(503);
    await production.close();
  });

  it("replaces a stored password when the configured one changes, ending old sessions", async () => {
    const before = await buildTestApp(database, { env: { INVOICE_ADMIN_PASSWORD: "gammelt-passord" } });
    before.get("/api/Invoice/TestProbe/:token", { preHandler: requireAdmin("invoice") }, async () => "ok");
    const token = (await before.inject({ url: `/api/Invoice/GetToken/${digest("gammelt-passord")}` })).body;
    expect((await before.inject({ url: `/api/Invoice/TestProbe/${token}` })).statusCode).toBe(200);
    await before.close();

    const after = await buildTestApp(database, { env: { INVOICE_ADMIN_PASSWORD: "nytt-passord" } });
    after.get("/api/Invoice/TestProbe/:token", { preHandler: requireAdmin("invoice") }, async () => "ok");
    expect((await after.inject({ url: `/api/Invoice/GetToken/${digest("gammelt-passord")}` })).statusCode).toBe(401);
    expect((await after.inject({ url: `/api/Invoice/GetToken/${digest("nytt-passord")}` })).statusCode).toBe(200);
    expect((await after.inject({ url: `/api/Invoice/TestProbe/${token}` })).statusCode).toBe(401);
    await after.close();
  });
});
