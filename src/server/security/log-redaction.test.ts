/**
 * Tokens out of every log line: drive every admin route family and the Vipps webhook
 * with a captured pino stream at trace level, sending secret-looking Authorization and Cookie headers
 * everywhere, and look for every secret in the whole log.
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { loadEnv } from "../env.ts";
import { createLogger } from "../logger.ts";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import { createTestTransport } from "../test-support/camp.ts";
import { signWebhook } from "../payments/vipps/vipps-signature.ts";
import { buildTestApp, testAdminCredentials } from "../test-support/app.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { validDraft } from "../../shared/camp/camp-draft.fixture.ts";

const now = new Date("2026-10-15T10:00:00Z");
const authorization = "Bearer hemmelig-bearer-token-0123456789";
const cookie = "adminToken=hemmelig-cookie-token-9876543210; vinterleir=utkast";

describe.each(databaseKinds)("log redaction on %s", (kind) => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildTestApp(database, {
      clock: () => now,
      logger: { ...(createLogger(loadEnv({ LOG_LEVEL: "trace" }), { pretty: false }) as object), stream },
      env: { VIPPS_SIMULATOR: "true", CAMP_YEAR: "2026", PUBLIC_BASE_URL: "https://klubb.example" },
      vipps: { startReconciler: false, client: { sleep: async () => {} } },
      mail: { transport: createTestTransport(), startWorker: false },
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("no token, password, digest, Authorization or Cookie header, or Vipps secret appears in any line", async () => {
    const headers = { authorization, cookie };
    const get = (url: string) => app.inject({ url, headers });
    const post = (url: string, payload?: unknown) =>
      app.inject({ method: "POST", url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

    const digests = {
      camp: sha256Hex(testAdminCredentials.CAMP_ADMIN_PASSWORD),
      newmember: sha256Hex(testAdminCredentials.NEWMEMBER_ADMIN_PASSWORD),
      invoice: sha256Hex(testAdminCredentials.INVOICE_ADMIN_PASSWORD),
      wrong: sha256Hex("feil-passord"),
    };
    const campToken = (await get(`/api/VinterleirAdmin/GetToken/${testAdminCredentials.CAMP_ADMIN_USERNAME}/${digests.camp}`)).body;
    const memberToken = (await get(`/api/NewMemberAdmin/GetToken/${digests.newmember}`)).body;
    const invoiceToken = (await get(`/api/Invoice/GetToken/${digests.invoice}`)).body;
    await get(`/api/VinterleirAdmin/GetToken/${testAdminCredentials.CAMP_ADMIN_USERNAME}/${digests.wrong}`);
    await get(`/api/Invoice/GetToken/${digests.wrong}`);
    for (const token of [campToken, memberToken, invoiceToken]) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Camp: a paid Vipps registration (signed webhooks from the simulator), the admin routes, a refund.
    const registered = await post("/api/Vinterleir/Post", validDraft({ vipps: true }));
    expect(registered.statusCode, registered.body).toBe(200);
    const landing = new URL(registered.body);
    const reference = landing.searchParams.get("reference")!;
    const paymentToken = landing.searchParams.get("token")!;
    await get(landing.pathname + landing.search);
    const approved = await app.inject({
      method: "POST",
      url: "/vipps-sim/landing/approve",
      payload: `reference=${reference}&token=${paymentToken}`,
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(approved.statusCode).toBe(303);
    const sim = app.vipps!.simulator!;
    await sim.settled();
    await app.vipps!.service.reconcileOnce();
    const orderId = reference.replace(/-\d+$/, "");
    expect((await get(`/api/Vipps/CheckIfVippsOk/${orderId}`)).body).toBeTruthy();
    const persons = (await get(`/api/VinterleirAdmin/Get/${campToken}`)).json() as { registrationId: number }[];
    const id = persons[0]!.registrationId;
    for (const url of [
      `/api/VinterleirAdmin/Totals/${campToken}`,
      `/api/VinterleirAdmin/GetCsv/${campToken}?year=2026`,
      `/api/VinterleirAdmin/Payments/${id}/${campToken}`,
      `/api/VinterleirAdmin/PersonExport/${id}/${campToken}`,
      `/api/VinterleirAdmin/Get/${sha256Hex("ikke-et-token").slice(0, 43)}`,
    ]) {
      expect((await get(url)).statusCode, url).toBeLessThan(500);
    }
    for (const [url, body] of [
      [`/api/VinterleirAdmin/Refund/${id}/${campToken}`, { amount: 100 }],
      [`/api/VinterleirAdmin/MarkPaid/${id}/${campToken}`, undefined],
      [`/api/VinterleirAdmin/Cancel/${id}/${campToken}`, undefined],
      [`/api/VinterleirAdmin/Forget/${id}/${campToken}`, undefined],
    ] as const) {
      expect((await post(url, body)).statusCode, url).toBeLessThan(500);
    }

    // The webhook: a forged delivery with secret-looking headers, and a correctly signed one.
    const webhookSecret = [...sim["webhooks"].values()][0]!.secret as string;
    await app.inject({
      method: "POST",
      url: "/api/Vipps/Webhook",
      payload: "{}",
      headers: {
        ...headers,
        "content-type": "application/json",
        "x-ms-content-sha256": "aGVtbWVsaWc=",
        "x-vipps-secret": webhookSecret.slice(0, 10) + "x",
      },
    });
    const body = JSON.stringify({
      msn: sim.credentials.merchantSerialNumber,
      reference,
      pspReference: "1",
      name: "AUTHORIZED",
      amount: { currency: "NOK", value: 100 },
      timestamp: now.toISOString(),
      success: true,
    });
    const signed = signWebhook({ secret: webhookSecret, url: "https://klubb.example/api/Vipps/Webhook", body, date: now });
    expect(
      (
        await app.inject({
          method: "POST",
          url: "/api/Vipps/Webhook",
          payload: body,
          headers: { ...signed, "content-type": "application/json", host: "klubb.example" },
        })
      ).statusCode,
    ).toBe(200);

    // New members and invoices.
    expect(
      (
        await post("/api/NewMember/Post", {
          firstName: "Kari",
          lastName: "Nordmann",
          age: 30,
          parentFirstName: "",
          parentLastName: "",
          email: "kari@example.no",
          telephone: "91234567",
          referer: 0,
        })
      ).statusCode,
    ).toBe(200);
    const members = (await get(`/api/NewMemberAdmin/Get/${memberToken}`)).json() as { registrationId: number }[];
    await get(`/api/NewMemberAdmin/GetCsv/${memberToken}`);
    await app.inject({ method: "DELETE", url: `/api/NewMemberAdmin/Remove/${members[0]!.registrationId}/${memberToken}`, headers });
    const file = "Navn;Epost;Beløp;Forfallsdato;AvtaleGiro;Fakturanummer;KID\nKari;kari@example.no;100;01.01.2026;Ja;1;\n";
    await app.inject({
      method: "POST",
      url: `/api/Invoice/Upload/${invoiceToken}`,
      payload: file,
      headers: { ...headers, "content-type": "text/csv", "x-file-name": "fil.csv" },
    });
    for (const action of ["Get", "GetCsv", "Status", "Refresh"]) await get(`/api/Invoice/${action}/${invoiceToken}`);
    // Sign-out last: the tokens end, and their log-out calls are logged too.
    expect((await post(`/api/NewMemberAdmin/LogoutAll/${memberToken}`)).statusCode).toBe(200);
    expect((await post(`/api/Invoice/Logout/${invoiceToken}`)).statusCode).toBe(200);
    expect((await post(`/api/VinterleirAdmin/Logout/${campToken}`)).statusCode).toBe(200);

    const log = lines.join("");
    // The log really covered the routes (their patterns are there), so the absence below means something.
    expect(log).toContain("/api/VinterleirAdmin/Refund/:registrationId/:token");
    expect(log).toContain("/api/NewMemberAdmin/Remove/:registrationId/:token");
    expect(log).toContain("/api/Invoice/Upload/:token");
    expect(log).toContain("/api/NewMemberAdmin/LogoutAll/:token");
    expect(log).toContain("/api/VinterleirAdmin/Logout/:token");
    expect(log).toContain("/api/Vipps/Webhook");
    const accessTokens = [...(sim["tokens"] as Map<string, number>).keys()];
    expect(accessTokens.length).toBeGreaterThan(0);
    const secrets = {
      campToken,
      memberToken,
      invoiceToken,
      ...digests,
      campPassword: testAdminCredentials.CAMP_ADMIN_PASSWORD,
      authorization: "hemmelig-bearer-token",
      cookie: "hemmelig-cookie-token",
      webhookSecret,
      webhookSignature: signed.authorization.split("Signature=")[1]!,
      clientSecret: sim.credentials.clientSecret,
      subscriptionKey: sim.credentials.subscriptionKey,
      paymentToken,
      ...Object.fromEntries(accessTokens.map((token, i) => [`accessToken${i}`, token])),
    };
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(5);
      const line = lines.find((entry) => entry.includes(secret));
      expect(line, `${name} in the log`).toBeUndefined();
    }
  }, 60_000);
});
