import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import { loginLimits } from "../admin-auth/login-throttle.ts";
import { adminAuthMessages } from "../admin-auth/admin-auth-routes.ts";
import { buildTestApp, testAdminCredentials } from "../test-support/app.ts";
import { createTestDatabase } from "../test-support/database.ts";
import { loadEnv } from "../env.ts";
import { publicLookupRateLimitMessage, publicPostRateLimitMessage } from "./public-rate-limit.ts";
import { buildTestSiteApp, testRenderer } from "../test-support/site.ts";
import type { PageRenderer } from "../site/page-renderer.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase("pglite");
});
afterAll(async () => {
  await database.close();
});

describe("rate limit on the public registration POSTs", () => {
  it("defaults to 60 a minute per address and can be turned off with 0", () => {
    expect(loadEnv({}).PUBLIC_POST_RATE_LIMIT).toBe(60);
    expect(loadEnv({ PUBLIC_POST_RATE_LIMIT: "0" }).PUBLIC_POST_RATE_LIMIT).toBe(0);
    expect(() => loadEnv({ PUBLIC_POST_RATE_LIMIT: "-1" })).toThrow(/PUBLIC_POST_RATE_LIMIT/);
  });

  it("answers 429 in Norwegian past the limit, per address and per route, and leaves the rest of the API alone", async () => {
    const app = await buildTestApp(database, { env: { PUBLIC_POST_RATE_LIMIT: "3", VIPPS_SIMULATOR: "false" }, mail: { startWorker: false } });
    try {
      const post = (url: string, remoteAddress: string) => app.inject({ method: "POST", url, payload: {}, remoteAddress });
      for (const url of ["/api/Vinterleir/Post", "/api/NewMember/Post"]) {
        for (let i = 0; i < 3; i++) expect((await post(url, "10.1.1.1")).statusCode).toBe(400);
        const limited = await post(url, "10.1.1.1");
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toEqual({ error: publicPostRateLimitMessage });
        expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
        expect((await post(url, "10.1.1.2")).statusCode).toBe(400);
      }
      expect((await app.inject({ url: "/api/Club/Get", remoteAddress: "10.1.1.1" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("limits ending a Vipps payment by order id the same way: no walking the order ids", async () => {
    const app = await buildTestApp(database, { env: { PUBLIC_POST_RATE_LIMIT: "3", VIPPS_SIMULATOR: "true" }, mail: { startWorker: false } });
    try {
      const cancel = (orderId: string, remoteAddress: string) => app.inject({ method: "POST", url: `/api/Vipps/Cancel/${orderId}`, remoteAddress });
      for (const orderId of ["VL26-AAAAAA", "VL26-AAAAAB", "VL26-AAAAAC"]) expect((await cancel(orderId, "10.2.2.2")).statusCode).toBe(404);
      const limited = await cancel("VL26-AAAAAD", "10.2.2.2");
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: publicPostRateLimitMessage });
      expect((await cancel("VL26-AAAAAD", "10.2.2.3")).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it("counts an IPv6 client by its /64, so no one walks the order ids by rotating through their own addresses", async () => {
    const app = await buildTestApp(database, { env: { PUBLIC_POST_RATE_LIMIT: "3", VIPPS_SIMULATOR: "true" }, mail: { startWorker: false } });
    try {
      const cancel = (orderId: string, remoteAddress: string) => app.inject({ method: "POST", url: `/api/Vipps/Cancel/${orderId}`, remoteAddress });
      const ids = ["VL26-AAAAAA", "VL26-AAAAAB", "VL26-AAAAAC", "VL26-AAAAAD"];
      const codes = [];
      for (const [index, orderId] of ids.entries()) codes.push((await cancel(orderId, `2001:db8:1:2::${index + 1}`)).statusCode);
      expect(codes).toEqual([404, 404, 404, 429]);
      // Another subscriber's /64, and an IPv4 client seen through a dual-stack socket, are counted on their own.
      expect((await cancel("VL26-AAAAAE", "2001:db8:1:3::1")).statusCode).toBe(404);
      for (let i = 0; i < 3; i++) expect((await cancel("VL26-AAAAAF", "::ffff:10.3.3.3")).statusCode).toBe(404);
      expect((await cancel("VL26-AAAAAF", "10.3.3.3")).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it("counts the client behind a trusted proxy by X-Forwarded-For, and ignores the header from anyone else", async () => {
    for (const trusted of [true, false]) {
      const app = await buildTestApp(database, {
        env: { PUBLIC_POST_RATE_LIMIT: "2", VIPPS_SIMULATOR: "false", TRUST_PROXY: String(trusted) },
        mail: { startWorker: false },
      });
      try {
        const post = (client: string) =>
          app.inject({ method: "POST", url: "/api/NewMember/Post", payload: {}, remoteAddress: "10.9.9.9", headers: { "x-forwarded-for": client } });
        const codes = [await post("192.0.2.1"), await post("192.0.2.2"), await post("192.0.2.3")].map((res) => res.statusCode);
        expect(codes).toEqual(trusted ? [400, 400, 400] : [400, 400, 429]);
      } finally {
        await app.close();
      }
    }
  });
});

describe("login brute force", () => {
  it("is limited per address across every admin area; many addresses only slow an account down", async () => {
    let now = new Date("2026-11-01T10:00:00Z");
    const waits: number[] = [];
    const app = await buildTestApp(database, {
      clock: () => now,
      mail: { startWorker: false },
      adminAuth: { sleep: async (ms) => void waits.push(ms) },
    });
    try {
      const camp = (password: string, remoteAddress: string) =>
        app.inject({ url: `/api/VinterleirAdmin/GetToken/${testAdminCredentials.CAMP_ADMIN_USERNAME}/${sha256Hex(password)}`, remoteAddress });
      const newMember = (password: string, remoteAddress: string) =>
        app.inject({ url: `/api/NewMemberAdmin/GetToken/${sha256Hex(password)}`, remoteAddress });
      const invoice = (password: string, remoteAddress: string) => app.inject({ url: `/api/Invoice/GetToken/${sha256Hex(password)}`, remoteAddress });

      // One address guessing in all three areas: the address limit counts them together.
      const guesses = [camp, newMember, invoice];
      for (let i = 0; i < loginLimits.perClientAddress; i++) {
        expect((await guesses[i % 3]!("feil", "10.2.0.1")).statusCode).toBe(401);
      }
      const locked = await invoice(testAdminCredentials.INVOICE_ADMIN_PASSWORD, "10.2.0.1");
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ error: adminAuthMessages.tooManyAttempts });

      // Many addresses against one account: never a lock-out, the right password from a new address gets in
      // (after the account's capped slow-down).
      for (let i = 0; i < 30; i++) expect((await camp("feil", `10.3.0.${i + 1}`)).statusCode).toBe(401);
      expect((await camp(testAdminCredentials.CAMP_ADMIN_PASSWORD, "10.4.0.1")).statusCode).toBe(200);
      expect(Math.max(...waits)).toBe(loginLimits.maxDelayMs);
      expect((await newMember(testAdminCredentials.NEWMEMBER_ADMIN_PASSWORD, "10.4.0.2")).statusCode).toBe(200);
      // After the window the locked address gets in again.
      now = new Date(now.getTime() + loginLimits.windowMs + 1000);
      expect((await camp(testAdminCredentials.CAMP_ADMIN_PASSWORD, "10.2.0.1")).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 60_000);

  it("limits looking up a Vipps payment or an event order by order id at ten times the POSTs' limit per address", async () => {
    const app = await buildTestApp(database, { env: { PUBLIC_POST_RATE_LIMIT: "2", VIPPS_SIMULATOR: "true" }, mail: { startWorker: false } });
    try {
      const check = (remoteAddress: string) => app.inject({ url: "/api/Vipps/CheckIfVippsOk/VL26-AAAAAA?kvittering=1", remoteAddress });
      for (let i = 0; i < 20; i++) expect((await check("10.4.4.4")).statusCode).toBe(404);
      const limited = await check("10.4.4.4");
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: publicLookupRateLimitMessage });
      expect((await check("10.4.4.5")).statusCode).toBe(404);
      // An event order's kind and title by its id, the same way.
      const view = (remoteAddress: string) => app.inject({ url: "/api/Arrangement/Order/GR26-AAAAAA", remoteAddress });
      for (let i = 0; i < 20; i++) expect((await view("10.4.4.6")).statusCode).toBe(404);
      expect((await view("10.4.4.6")).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it("counts a page's own reads against its visitor's address, so the result page opens no way around the limit", async () => {
    // The result page's loader asks the API for the order's status, as the real build's does.
    const renderer: PageRenderer = async (url, site, api) => {
      if (!url.startsWith("/vipps/") || !api) return testRenderer(url, site, api);
      const answer = await api(`/api/Vipps/CheckIfVippsOk/${url.slice("/vipps/".length)}?kvittering=1`);
      return { status: 200, html: `<!DOCTYPE html><html lang="nb"><body><p>Status ${answer.status}</p></body></html>` };
    };
    const { app, close } = await buildTestSiteApp({ database, env: { PUBLIC_POST_RATE_LIMIT: "1", VIPPS_SIMULATOR: "true" }, site: { renderer } });
    try {
      const page = (remoteAddress: string) => app.inject({ url: "/vipps/VL26-AAAAAA", remoteAddress });
      for (let i = 0; i < 10; i++) expect((await page("10.6.6.6")).body).toContain("Status 404");
      expect((await page("10.6.6.6")).body).toContain("Status 429");
      expect((await app.inject({ url: "/api/Vipps/CheckIfVippsOk/VL26-AAAAAA", remoteAddress: "10.6.6.6" })).statusCode).toBe(429);
      expect((await page("10.6.6.7")).body).toContain("Status 404");
    } finally {
      await close();
    }
  });
});
