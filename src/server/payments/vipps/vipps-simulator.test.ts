import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test-support/database.ts";
import type { Database } from "../../db/database.ts";
import { clearCampTables, type TestApp } from "../../test-support/camp.ts";
import { simulatorLogLimit } from "./vipps-simulator-webhooks.ts";
import { VippsSimulator } from "./vipps-simulator.ts";
import { buildVippsTestApp, landingFormFields, registrationStatus, startVippsPayment, submitLanding } from "../../test-support/vipps.ts";

describe("the Vipps simulator does only what Vipps does", () => {
  let database: Database;
  let app: TestApp;
  let sim: VippsSimulator;
  let now: Date;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await clearCampTables(database);
    now = new Date("2026-10-15T10:00:00Z");
    ({ app, sim } = await buildVippsTestApp(database, () => now));
  });
  afterEach(async () => {
    await sim.settled();
    await app.close();
  });

  const linkOf = (redirectUrl: string) => new URL(redirectUrl).pathname + new URL(redirectUrl).search;

  it("acts on the landing page only with the payment's own token", async () => {
    const paying = await startVippsPayment(app);
    const other = await startVippsPayment(app);
    const token = new URL(paying.redirectUrl).searchParams.get("token")!;
    const otherToken = new URL(other.redirectUrl).searchParams.get("token")!;
    const wrongTokens = [undefined, "", randomBytes(24).toString("base64url"), otherToken, token.slice(0, -1), `${token}x`];

    for (const action of ["approve", "abort", "expire"] as const) {
      for (const wrong of wrongTokens) {
        const res = await submitLanding(app, action, { reference: paying.reference, ...(wrong === undefined ? {} : { token: wrong }) });
        expect(res.statusCode, `${action} with ${wrong}`).toBe(403);
        expect(res.body).toContain("Lenken til betalingen er ugyldig");
      }
    }
    // JSON with the token as a number or a list is no token either.
    const json = await app.inject({ method: "POST", url: "/vipps-sim/landing/approve", payload: { reference: paying.reference, token: [token] } });
    expect(json.statusCode).toBe(403);
    await sim.settled();
    expect(sim.payments.get(paying.reference)!.state).toBe("CREATED");
    expect(sim.payments.get(paying.reference)!.events.map((event) => event.name)).toEqual(["CREATED"]);
    expect(await registrationStatus(app, paying.registrationId)).toMatchObject({ status: "pending_payment" });

    // The page itself: without the token it shows nothing of the payment.
    const bare = await app.inject({ url: `/vipps-sim/landing?reference=${paying.reference}` });
    expect(bare.statusCode).toBe(403);
    expect(bare.body).not.toContain("Godkjenn");
    expect(bare.body).not.toContain(paying.orderId);
    const unknown = await app.inject({ url: `/vipps-sim/landing?reference=VL26-XXXXXX-9&token=${token}` });
    expect(unknown.statusCode).toBe(403);

    // With the link the shop gave, the page's own form carries the token and approves.
    const page = await app.inject({ url: linkOf(paying.redirectUrl) });
    expect(page.statusCode).toBe(200);
    const fields = landingFormFields(page.body, "approve");
    expect(fields).toEqual({ reference: paying.reference, token });
    const approved = await submitLanding(app, "approve", fields);
    expect(approved.statusCode).toBe(303);
    await sim.settled();
    expect(sim.payments.get(paying.reference)!.state).toBe("AUTHORIZED");
    expect(sim.payments.get(other.reference)!.state).toBe("CREATED");
  });

  it("registers webhooks only for this site's own address (and loopback with the test controls)", async () => {
    expect(() => sim.registerWebhook("https://angriper.example/hook", ["epayments.payment.authorized.v1"])).toThrow();
    const token = (
      await app.inject({
        method: "POST",
        url: "/vipps-sim/accesstoken/get",
        headers: {
          client_id: sim.credentials.clientId,
          client_secret: sim.credentials.clientSecret,
          "ocp-apim-subscription-key": sim.credentials.subscriptionKey,
        },
      })
    ).json().access_token as string;
    const register = (url: string) =>
      app.inject({
        method: "POST",
        url: "/vipps-sim/webhooks/v1/webhooks",
        headers: {
          authorization: `Bearer ${token}`,
          "ocp-apim-subscription-key": sim.credentials.subscriptionKey,
          "merchant-serial-number": sim.credentials.merchantSerialNumber,
        },
        payload: { url, events: ["epayments.payment.authorized.v1"] },
      });
    for (const foreign of [
      "https://angriper.example/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://10.0.0.1/",
      "http://localhost.angriper.example/",
      "file:///etc/passwd",
      "https://klubb.example.angriper.example/",
    ]) {
      const res = await register(foreign);
      expect(res.statusCode, foreign).toBe(400);
    }
    expect((await register("https://klubb.example/api/Vipps/Webhook")).statusCode).toBe(201);
    // NODE_ENV=test has the controls: another process on this machine may receive them (the scale-out test).
    expect((await register("http://127.0.0.1:4999/api/Vipps/Webhook")).statusCode).toBe(201);
    expect((await register("http://[::1]:4999/api/Vipps/Webhook")).statusCode).toBe(201);

    // Without the controls: no loopback, only the site itself.
    const plain = new VippsSimulator({ now: () => now, publicBaseUrl: "https://klubb.example" });
    expect(() => plain.registerWebhook("http://127.0.0.1:4999/api/Vipps/Webhook", ["x"])).toThrow();
    expect(plain.registerWebhook("https://klubb.example/api/Vipps/Webhook", ["x"]).secret).toBeTruthy();
  });

  it("has random keys per process, and the old public ones are refused", async () => {
    const other = new VippsSimulator({ now: () => now, publicBaseUrl: "https://klubb.example" });
    expect(other.credentials.clientSecret).not.toBe(sim.credentials.clientSecret);
    expect(other.credentials.subscriptionKey).not.toBe(sim.credentials.subscriptionKey);
    const old = await app.inject({
      method: "POST",
      url: "/vipps-sim/accesstoken/get",
      headers: {
        client_id: "simulator-client-id",
        client_secret: "simulator-client-secret",
        "ocp-apim-subscription-key": "simulator-subscription-key",
      },
    });
    expect(old.statusCode).toBe(401);
    const half = await app.inject({
      method: "POST",
      url: "/vipps-sim/accesstoken/get",
      headers: {
        client_id: sim.credentials.clientId,
        client_secret: other.credentials.clientSecret,
        "ocp-apim-subscription-key": sim.credentials.subscriptionKey,
      },
    });
    expect(half.statusCode).toBe(401);
  });

  it("keeps only the newest requests in its log and forgets payments that ended without money a day later", async () => {
    for (let i = 0; i < simulatorLogLimit + 20; i++) await app.inject({ method: "POST", url: "/vipps-sim/accesstoken/get" });
    expect(sim.requests).toHaveLength(simulatorLogLimit);

    const aborted = await startVippsPayment(app);
    const page = await app.inject({ url: linkOf(aborted.redirectUrl) });
    expect((await submitLanding(app, "abort", landingFormFields(page.body, "abort"))).statusCode).toBe(303);
    const approved = await startVippsPayment(app);
    sim.approve(approved.reference);
    await sim.settled();
    now = new Date(now.getTime() + 25 * 60 * 60_000);
    await startVippsPayment(app);
    expect(sim.payments.has(aborted.reference)).toBe(false);
    expect(sim.payments.has(approved.reference)).toBe(true);
  });
});
