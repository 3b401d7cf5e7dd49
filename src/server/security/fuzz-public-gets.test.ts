import { hasOnlyUsableCharacters } from "../../shared/text-rules.ts";
/**
 * Hostile input to the other public endpoints: the lists, the Vipps calls and webhook,
 * the admin logins, the Vipps simulator's landing page, and any path at all. Never a 5xx, nothing stored
 * on a refusal, and the landing page never reflects the reference unescaped.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import { signWebhook } from "../payments/vipps/vipps-signature.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { testAdminCredentials } from "../test-support/app.ts";
import { validDraft } from "../../shared/camp/camp-draft.fixture.ts";
import { buildFuzzApp, fuzzEndpoint, fuzzNow, readOnlyTables } from "../test-support/fuzz.ts";
import { encodeSegment, hostileHeaderValue, hostileQuery, hostileSegment, jsonBodies, rawBodies } from "../test-support/fuzz-requests.ts";
import { expectEscaped } from "../test-support/fuzz-checks.ts";
import { fuzzRuns, readRuns, fuzzTimeoutMs } from "../test-support/fuzz-runs.ts";
import { hostileText, hostileValue } from "../test-support/fuzz-values.ts";

const methods = fc.constantFrom("GET", "POST", "DELETE", "PUT", "PATCH", "HEAD", "OPTIONS") as fc.Arbitrary<"GET">;

/** True when a query string, decoded as the server decodes it, holds a character no input may hold. */
function hasUnusableQueryValue(query: string): boolean {
  return [...new URLSearchParams(query.replace(/^\?/, ""))].some(([key, value]) => !hasOnlyUsableCharacters(key) || !hasOnlyUsableCharacters(value));
}

describe.each(databaseKinds)("hostile input to the public endpoints on %s", (kind) => {
  let database: Database;
  let context: Awaited<ReturnType<typeof buildFuzzApp>> & { database: Database; kind: string };
  const orderIds: string[] = [];
  const references: string[] = [];
  /** Each real payment's landing token (from the link the shop gave), so some generated actions are allowed. */
  const landingTokens: string[] = [];
  let webhookSecret = "";

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    context = { ...(await buildFuzzApp(database)), database, kind };
    // A few real Vipps orders, so some generated ids hit something.
    for (let i = 0; i < 3; i++) {
      const res = await context.app.inject({
        method: "POST",
        url: "/api/Vinterleir/Post",
        payload: validDraft({ draftId: `00000000-0000-4000-8000-00000000000${i}`, vipps: true }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const reference = new URL(res.body).searchParams.get("reference")!;
      references.push(reference);
      landingTokens.push(new URL(res.body).searchParams.get("token")!);
      orderIds.push(reference.replace(/-\d+$/, ""));
    }
    const sim = context.app.vipps!.simulator!;
    webhookSecret = [...sim["webhooks"].values()][0]!.secret;
  }, 60_000);
  afterAll(async () => {
    await context?.app.close();
    await database?.close();
  });

  // Real orders a fifth of the time: a cancel of a real one goes through the simulator (slower).
  const knownOrNot = (known: () => string[]) =>
    fc.oneof({ weight: 4, arbitrary: hostileSegment }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 }).map((i) => known()[i]!) });

  it(
    "GET /api/Club/Get, /api/Grade/Get, /api/VinterleirUsers/Get, /api/VinterleirUsers/GetGrades, /healthz",
    async () => {
      await fuzzEndpoint(context, {
        requests: fc.record({
          path: fc.constantFrom("/api/Club/Get", "/api/Grade/Get", "/api/VinterleirUsers/Get", "/api/VinterleirUsers/GetGrades", "/healthz"),
          query: hostileQuery,
          method: fc.constantFrom("GET", "HEAD") as fc.Arbitrary<"GET">,
          acceptEncoding: fc.option(hostileHeaderValue, { nil: undefined }),
          ifNoneMatch: fc.option(hostileHeaderValue, { nil: undefined }),
        }),
        toInject: ({ path, query, method, acceptEncoding, ifNoneMatch }) => ({
          method,
          url: path + query,
          headers: { ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}), ...(ifNoneMatch ? { "if-none-match": ifNoneMatch } : {}) },
        }),
        unchangedWhenRejected: readOnlyTables,
        readOnly: true,
        // A query holding a control character or broken Unicode is refused before any route (400); any other
        // junk in the query is ignored.
        check: ({ query }, res) => {
          if (hasUnusableQueryValue(query)) expect(res.statusCode).toBe(400);
          else expect(res.statusCode).toBeLessThan(400);
        },
        runs: readRuns(fuzzRuns * 5),
      });
    },
    fuzzTimeoutMs,
  );

  it(
    "GET /api/Vipps/CheckIfVippsOk/:orderId",
    async () => {
      await fuzzEndpoint(context, {
        requests: fc.record({ orderId: knownOrNot(() => orderIds), query: hostileQuery }),
        toInject: ({ orderId, query }) => ({ url: `/api/Vipps/CheckIfVippsOk/${orderId}${query}` }),
        unchangedWhenRejected: ["event_payments", ...readOnlyTables],
        readOnly: true,
      });
    },
    fuzzTimeoutMs,
  );

  it(
    "POST /api/Vipps/Cancel/:orderId",
    async () => {
      await fuzzEndpoint(context, {
        requests: fc.record({ orderId: knownOrNot(() => orderIds), body: jsonBodies(hostileValue) }),
        toInject: ({ orderId, body }) => ({
          method: "POST",
          url: `/api/Vipps/Cancel/${orderId}`,
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
          headers: body.contentType ? { "content-type": body.contentType } : {},
        }),
        unchangedWhenRejected: ["event_payments", "event_payment_actions", ...readOnlyTables],
      });
    },
    fuzzTimeoutMs,
  );

  it(
    "GET /api/Venteliste/Get/:offerToken and POST /api/Venteliste/Accept/:offerToken",
    async () => {
      // Hostile segments, and tokens of the right shape that no offer has.
      const offerToken = fc.oneof(hostileSegment, fc.string({ unit: fc.constantFrom(..."ABCabc012-_"), minLength: 43, maxLength: 43 }));
      await fuzzEndpoint(context, {
        requests: fc.record({
          token: offerToken,
          query: hostileQuery,
          method: fc.constantFrom<"GET" | "POST">("GET", "POST"),
          body: jsonBodies(hostileValue),
        }),
        toInject: ({ token, query, method, body }) => ({
          method,
          url: `/api/Venteliste/${method === "GET" ? "Get" : "Accept"}/${token}${query}`,
          ...(method === "POST" && body.payload !== undefined ? { payload: body.payload } : {}),
          headers: method === "POST" && body.contentType ? { "content-type": body.contentType } : {},
        }),
        unchangedWhenRejected: ["event_waitlist_offers", "event_payments", ...readOnlyTables],
        readOnly: true,
        check: (_request, res) => expect([404, 414, 400, 415]).toContain(res.statusCode),
      });
    },
    fuzzTimeoutMs,
  );

  it(
    "GET, Accept and Decline of /api/Arrangement/Venteliste/…/:offerToken (an event's waiting-list offer)",
    async () => {
      const offerToken = fc.oneof(hostileSegment, fc.string({ unit: fc.constantFrom(..."ABCabc012-_"), minLength: 43, maxLength: 43 }));
      await fuzzEndpoint(context, {
        requests: fc.record({
          token: offerToken,
          query: hostileQuery,
          call: fc.constantFrom("Get", "Accept", "Decline"),
          body: jsonBodies(hostileValue),
        }),
        toInject: ({ token, query, call, body }) => ({
          method: call === "Get" ? "GET" : "POST",
          url: `/api/Arrangement/Venteliste/${call}/${token}${query}`,
          ...(call !== "Get" && body.payload !== undefined ? { payload: body.payload } : {}),
          headers: call !== "Get" && body.contentType ? { "content-type": body.contentType } : {},
        }),
        unchangedWhenRejected: ["event_waitlist_offers", "event_ledger_entries", ...readOnlyTables],
        readOnly: true,
        check: (_request, res) => expect([404, 414, 400, 415]).toContain(res.statusCode),
      });
    },
    fuzzTimeoutMs,
  );

  it(
    "POST /api/Vipps/Webhook (unsigned, wrongly signed, and signed with hostile bodies)",
    async () => {
      const event = fc.record({
        msn: fc.oneof(fc.constant("123456"), hostileText),
        reference: fc.oneof(
          fc.integer({ min: 0, max: 2 }).map((i) => references[i]!),
          hostileText,
        ),
        pspReference: hostileText,
        name: fc.oneof(
          fc.constantFrom("CREATED", "AUTHORIZED", "ABORTED", "EXPIRED", "CAPTURED", "CANCELLED", "REFUNDED", "TERMINATED"),
          hostileText,
        ),
        amount: fc.oneof(fc.record({ currency: fc.constantFrom("NOK", "EUR"), value: fc.oneof(fc.integer(), fc.constant(-1)) }), hostileValue),
        timestamp: hostileText,
        success: fc.oneof(fc.boolean(), hostileValue),
      });
      await fuzzEndpoint(context, {
        requests: fc.record({
          body: fc.oneof(
            event.map((value) => JSON.stringify(value)),
            rawBodies,
          ),
          signing: fc.constantFrom("none", "wrong", "right", "right"),
          headers: fc.dictionary(fc.constantFrom("authorization", "x-ms-date", "x-ms-content-sha256", "host", "content-type"), hostileHeaderValue, {
            maxKeys: 3,
          }),
        }),
        toInject: ({ body, signing, headers }) => {
          const signed =
            signing === "none"
              ? {}
              : signWebhook({
                  secret: signing === "right" ? webhookSecret : "feil-hemmelighet",
                  url: "https://klubb.example/api/Vipps/Webhook",
                  body,
                  date: fuzzNow,
                });
          return {
            method: "POST",
            url: "/api/Vipps/Webhook",
            payload: body,
            headers: { "content-type": "application/json", ...(signing === "none" ? headers : {}), ...signed, host: "klubb.example" },
          };
        },
        // A webhook may confirm a real payment: only the counts of other tables are fixed.
        unchangedWhenRejected: readOnlyTables.filter((table) => table !== "mail_outbox"),
      });
    },
    fuzzTimeoutMs,
  );

  it(
    "GET the three admin logins (/api/VinterleirAdmin/GetToken, /api/NewMemberAdmin/GetToken, /api/Invoice/GetToken)",
    async () => {
      // Hex digests of the right shape cost a password-hash check each: a few of them, hostile text mostly.
      const digest = fc.oneof(
        { weight: 100, arbitrary: hostileSegment },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            sha256Hex(testAdminCredentials.CAMP_ADMIN_PASSWORD),
            sha256Hex(testAdminCredentials.INVOICE_ADMIN_PASSWORD),
            sha256Hex("feil"),
            "A".repeat(64),
            "g".repeat(64),
          ),
        },
      );
      await fuzzEndpoint(context, {
        requests: fc.record({
          area: fc.constantFrom("camp", "newmember", "invoice"),
          username: fc.oneof(hostileSegment, fc.constant(testAdminCredentials.CAMP_ADMIN_USERNAME)),
          digest,
          // Mostly a few addresses, as a brute force has: they are soon throttled (429).
          address: fc.oneof({ weight: 8, arbitrary: fc.constantFrom("127.0.0.1", "10.0.0.2", "10.0.0.3") }, fc.ipV4(), fc.ipV6()),
        }),
        toInject: ({ area, username, digest, address }) => {
          // A minute per attempt: the throttle keeps a 15-minute window, so its table stays small.
          context.clock.advance(60_000);
          return {
            url:
              area === "camp"
                ? `/api/VinterleirAdmin/GetToken/${username}/${digest}`
                : area === "newmember"
                  ? `/api/NewMemberAdmin/GetToken/${digest}`
                  : `/api/Invoice/GetToken/${digest}`,
            remoteAddress: address,
          };
        },
        unchangedWhenRejected: ["admin_tokens"],
        runs: fuzzRuns * 3,
      });
    },
    // Three times the runs, so three times the time.
    fuzzTimeoutMs * 3,
  );

  it(
    "GET /vipps-sim/landing and POST /vipps-sim/landing/{approve,abort,expire} (the simulator's payer page)",
    async () => {
      await fuzzEndpoint(context, {
        requests: fc.record({
          reference: fc.oneof(
            hostileText,
            fc.integer({ min: 0, max: 2 }).map((i) => references[i]!),
          ),
          token: fc.oneof(
            hostileText,
            fc.integer({ min: 0, max: 2 }).map((i) => landingTokens[i]!),
          ),
          action: fc.constantFrom("landing", "approve", "abort", "expire"),
          form: fc.boolean(),
        }),
        toInject: ({ reference, token, action, form }) =>
          action === "landing"
            ? { url: `/vipps-sim/landing?reference=${encodeSegment(reference)}&token=${encodeSegment(token)}` }
            : {
                method: "POST",
                url: `/vipps-sim/landing/${action}`,
                payload: form ? `reference=${encodeSegment(reference)}&token=${encodeSegment(token)}` : JSON.stringify({ reference, token }),
                headers: { "content-type": form ? "application/x-www-form-urlencoded" : "application/json" },
              },
        unchangedWhenRejected: readOnlyTables.filter((table) => table !== "mail_outbox"),
        check: ({ reference, token }, res) => {
          // Only the payment's own token opens its page or changes it.
          const own = references.indexOf(reference) >= 0 && landingTokens[references.indexOf(reference)] === token;
          if (!own) expect(res.statusCode >= 400 && res.statusCode < 500, `refused, got ${res.statusCode}`).toBe(true);
          if (!String(res.headers["content-type"]).startsWith("text/html")) return;
          expect(res.headers["content-security-policy"]).toMatch(/default-src 'none'/);
          expectEscaped(res.body, [reference, token], "simulator landing page");
        },
        runs: fuzzRuns * 2,
      });
    },
    fuzzTimeoutMs,
  );

  it(
    "any method on any path (unknown API paths, traversal, junk encodings)",
    async () => {
      await fuzzEndpoint(context, {
        requests: fc.record({
          method: methods,
          segments: fc.array(
            fc.oneof(hostileSegment, fc.constantFrom("api", "dev", "mail", "vipps-sim", "..", ".", "", "Vinterleir", "Invoice", "VinterleirAdmin")),
            { maxLength: 5 },
          ),
          query: hostileQuery,
          body: fc.option(rawBodies, { nil: undefined }),
        }),
        toInject: ({ method, segments, query, body }) => ({
          method,
          url: `/${segments.join("/")}${query}`,
          ...(body !== undefined && method !== "GET" && method !== "HEAD" ? { payload: body, headers: { "content-type": "application/json" } } : {}),
        }),
        unchangedWhenRejected: readOnlyTables,
      });
    },
    fuzzTimeoutMs,
  );
});
