import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/database.ts";
import { loadEnv } from "../env.ts";
import { createLogger } from "../logger.ts";
import { buildTestApp, registeredRoutes, testAdminCredentials } from "../test-support/app.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import type { AdminArea } from "./admin-areas.ts";
import { adminAuthMessages } from "./admin-auth-routes.ts";
import { revokeToken } from "./admin-tokens.ts";
import { accountDelayMs, loginLimits } from "./login-throttle.ts";
import { adminAreaConfig, adminAreas } from "./admin-areas.ts";
import { sha256Hex } from "./password-hash.ts";
import { requireAdmin } from "./require-admin.ts";

const DAY = 24 * 60 * 60 * 1000;
const digest = sha256Hex;
const campPassword = testAdminCredentials.CAMP_ADMIN_PASSWORD;
const campUser = testAdminCredentials.CAMP_ADMIN_USERNAME;
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/** A log destination that keeps every line, so a test can look for secrets in the whole log. */
function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe.each(databaseKinds)("admin auth on %s", (kind) => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let now = new Date("2026-11-01T10:00:00Z");
  let addressCounter = 0;
  const log = logCapture();
  // The slow-down's waits, recorded instead of slept so the tests stay fast.
  const sleeps: number[] = [];
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
    app = await buildTestApp(database, {
      clock: () => now,
      logger: { ...(createLogger(env, { pretty: false }) as object), stream: log.stream },
      adminAuth: { sleep: async (ms) => void sleeps.push(ms) },
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

  const loginArea = (area: AdminArea) => (area === "camp" ? loginCamp() : area === "newmember" ? loginNewMember() : loginInvoice());
  const post = (url: string) => app.inject({ method: "POST", url, remoteAddress: ip });

  /** Every token-guarded call of an area, as the app registered it (its onRoute hook), so a new admin route is covered at once. */
  function adminRoutesOf(area: AdminArea) {
    const prefix = `/api/${adminAreaConfig[area].apiName}/`;
    return registeredRoutes(app)
      .filter(({ method, url }) => method !== "HEAD" && url.startsWith(prefix) && url.endsWith("/:token"))
      .filter(({ url }) => !url.includes("/TestProbe/") && !url.includes("/Logout/"))
      .map(({ method, url }) => ({ path: url, method: method as "GET" | "POST" | "PUT" | "DELETE" }));
  }

  it("ends the token on the server at Logout: every admin call of its area then answers 401", async () => {
    const minimumRoutes: Record<AdminArea, number> = { camp: 10, newmember: 4, invoice: 6 };
    for (const area of adminAreas) {
      const routes = adminRoutesOf(area);
      expect(routes.length, area).toBeGreaterThanOrEqual(minimumRoutes[area]);
      const token = (await loginArea(area)).body;
      const other = (await loginArea(area)).body;
      const out = await post(`/api/${adminAreaConfig[area].apiName}/Logout/${token}`);
      expect(out.statusCode).toBe(200);
      expect(out.headers["cache-control"]).toBe("no-store");
      expect(out.json()).toEqual({ ok: true });
      for (const { path, method } of routes) {
        const url = path.replace(":registrationId", "1").replace(":token", token);
        const res = await app.inject({ method, url, remoteAddress: ip });
        expect(res.statusCode, `${method} ${path}`).toBe(401);
        expect(res.json(), `${method} ${path}`).toEqual({ error: "Unauthroized" });
      }
      // Only that token ended: the same admin's other browser goes on.
      expect((await probe(area, other)).statusCode).toBe(200);
    }
  });

  it("answers a log-out with an unknown, ended, expired or foreign token harmlessly and changes nothing", async () => {
    const camp = (await loginCamp()).body;
    const invoice = (await loginInvoice()).body;
    expect((await post(`/api/Invoice/Logout/${invoice}`)).statusCode).toBe(200);
    const expired = (await loginNewMember()).body;
    const start = now;
    now = new Date(start.getTime() + 151 * DAY);
    try {
      for (const token of [invoice, expired, "x".repeat(43), "kort", "%00", camp]) {
        const res = await post(`/api/Invoice/Logout/${encodeURIComponent(token)}`);
        expect(res.statusCode, token).toBe(200);
        expect(res.json()).toEqual({ ok: true });
      }
    } finally {
      now = start;
    }
    // A camp token sent to the invoice area's log-out stays valid: each area ends only its own tokens.
    expect((await probe("camp", camp)).statusCode).toBe(200);
    // "Logg ut overalt" needs a valid token, so a stranger cannot sign the admins out.
    for (const token of [invoice, "x".repeat(43), camp]) {
      const res = await post(`/api/Invoice/LogoutAll/${token}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "Unauthroized" });
    }
  });

  it("ends every token of the area, and only of that area, at LogoutAll", async () => {
    const phone = (await loginNewMember()).body;
    const laptop = (await loginNewMember()).body;
    const invoice = (await loginInvoice()).body;
    const res = await post(`/api/NewMemberAdmin/LogoutAll/${phone}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    for (const token of [phone, laptop]) expect((await probe("newmember", token)).statusCode).toBe(401);
    expect((await probe("invoice", invoice)).statusCode).toBe(200);
    // A new login afterwards works as usual.
    expect((await probe("newmember", (await loginNewMember()).body)).statusCode).toBe(200);
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

  it("never locks an account: failures from many addresses and a whole /64 only slow it down, capped", async () => {
    const start = now;
    try {
      // Two failures from each of 20 IPv4 addresses: no address reaches its own limit.
      for (let i = 0; i < 40; i++) {
        expect((await loginNewMember("feil", `10.77.0.${Math.floor(i / 2) + 1}`)).statusCode).toBe(401);
      }
      // A whole /64 is one client, however many of its addresses it uses.
      const inPrefix = (n: number) => `2001:db8:77:1::${n.toString(16)}`;
      for (let i = 1; i <= loginLimits.perClientAddress; i++) expect((await loginNewMember("feil", inPrefix(i))).statusCode).toBe(401);
      expect((await loginNewMember(undefined, inPrefix(500))).statusCode).toBe(429);
      expect((await loginNewMember(undefined, "2001:db8:77:1:ffff:ffff:ffff:ffff")).statusCode).toBe(429);

      // The right password from a fresh address, and from another /64, still gets a token, after the capped delay.
      sleeps.length = 0;
      const fresh = await loginNewMember(undefined, nextAddress());
      expect(fresh.statusCode).toBe(200);
      expect(fresh.body).toMatch(tokenShape);
      expect(sleeps).toEqual([loginLimits.maxDelayMs]);
      expect((await loginNewMember(undefined, "2001:db8:77:2::1")).statusCode).toBe(200);
      // The slow-down is the account's own: the other areas answer at once.
      sleeps.length = 0;
      expect((await loginInvoice()).statusCode).toBe(200);
      expect(sleeps).toEqual([]);
    } finally {
      now = new Date(start.getTime() + 2 * loginLimits.windowMs); // leave a clean window for later tests
    }
  });

  it("counts an IPv4-mapped IPv6 address as the IPv4 address", async () => {
    for (let i = 0; i < loginLimits.perClientAddress; i++) expect((await loginCamp("feil", campUser, `::ffff:${ip}`)).statusCode).toBe(401);
    expect((await loginCamp()).statusCode).toBe(429);
    now = new Date(now.getTime() + loginLimits.windowMs + 1000);
  });

  it("grows the account delay from the sixth failure and caps it at a few seconds", () => {
    expect(accountDelayMs(0)).toBe(0);
    expect(accountDelayMs(loginLimits.slowDownAfter - 1)).toBe(0);
    const delays = Array.from({ length: 12 }, (_, i) => accountDelayMs(loginLimits.slowDownAfter + i));
    expect(delays[0]).toBeGreaterThan(0);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(Math.max(...delays, accountDelayMs(1_000_000))).toBe(loginLimits.maxDelayMs);
    expect(loginLimits.maxDelayMs).toBeLessThanOrEqual(5000);
  });

  it("does not let a parallel burst of guesses past the limit", async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, () => loginCamp("feil")));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(loginLimits.perClientAddress);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(25 - loginLimits.perClientAddress);
    now = new Date(now.getTime() + loginLimits.windowMs + 1000);
  });

  it("never writes a token, digest or password to the log", async () => {
    log.lines.length = 0;
    const token = (await loginCamp()).body;
    expect((await probe("camp", token)).statusCode).toBe(200);
    await loginCamp("feil-passord");
    expect((await post(`/api/VinterleirAdmin/Logout/${token}`)).statusCode).toBe(200);
    const text = log.lines.join("");
    // Logged by route pattern (the parameters' values never).
    expect(text).toContain("/api/VinterleirAdmin/GetToken/:username/:passwordHash");
    expect(text).toContain("/api/VinterleirAdmin/Logout/:token");
    expect(text).toContain("/api/Invoice/TestProbe/camp/:token");
    for (const secret of [token, digest(campPassword), digest("feil-passord"), campPassword]) {
      expect(text).not.toContain(secret);
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
    const { lines: logLines, stream } = logCapture();
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
    const { lines: logLines, stream } = logCapture();
    const first = await buildTestApp(database, {
      env: { ...noCredentials, NODE_ENV: "development" },
      announce,
      logger: { level: "trace", stream },
    });
    expect(announce).toHaveBeenCalledTimes(1);
    const message = String(announce.mock.calls[0]?.[0]);
    const campLine = /camp: brukernavn (\S+), passord (\S+)/.exec(message);
    const newMemberPassword = /newmember: passord (\S+)/.exec(message)?.[1];
    expect(campLine && newMemberPassword).toBeTruthy();
    expect(message).not.toMatch(/invoice:/); // configured in the previous test
    const token = await first.inject({ url: `/api/VinterleirAdmin/GetToken/${campLine![1]}/${digest(campLine![2]!)}` });
    expect(token.statusCode).toBe(200);
    // Shown on this machine's console only: from anywhere else it fails exactly like a wrong password.
    const newMemberLogin = `/api/NewMemberAdmin/GetToken/${digest(newMemberPassword!)}`;
    for (const elsewhere of [
      { remoteAddress: "10.20.30.40" },
      { remoteAddress: "2001:db8::5" },
      { remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": "203.0.113.9" } },
      { remoteAddress: "::1", headers: { forwarded: "for=203.0.113.9" } },
    ]) {
      const res = await first.inject({ url: newMemberLogin, ...elsewhere });
      expect(res.statusCode, JSON.stringify(elsewhere)).toBe(401);
      expect(res.json()).toEqual({ error: "Feil passord." });
    }
    expect((await first.inject({ url: newMemberLogin, remoteAddress: "::1" })).statusCode).toBe(200);
    // The console, never the structured log, carries the generated passwords.
    expect(logLines.join("")).not.toContain(newMemberPassword!);
    expect(logLines.join("")).not.toContain(campLine![2]!);
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
