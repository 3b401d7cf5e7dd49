/**
 * Hostile input to "Min påmelding" (camp-self-service-routes.ts): hostile link segments on every call, a real
 * link naming hostile or foreign athletes, and hostile bodies to Change, Cancel and Find with a real link. Never a 5xx; a refusal changes nothing; what
 * is accepted comes out escaped in the mails.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validCompanion, validDraft } from "../../shared/camp/camp-draft.fixture.ts";
import type { Database } from "../db/database.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { outboxMails } from "../test-support/outbox.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { buildFuzzApp, fuzzEndpoint } from "../test-support/fuzz.ts";
import { expectEscaped, stringsIn } from "../test-support/fuzz-checks.ts";
import { acceptingRuns, fuzzTimeoutMs } from "../test-support/fuzz-runs.ts";
import { hostileQuery, hostileSegment, jsonBodies, type BodyRequest } from "../test-support/fuzz-requests.ts";
import { hostileText, hostileValue, mutated } from "../test-support/fuzz-values.ts";

const changeFields = ["email", "telephone", "allergies", "otherInfo", "vegan", "public", "sleepover"] as const;
const hostileChange = fc.record(
  { allergies: hostileText, otherInfo: hostileText, vegan: fc.boolean(), public: fc.boolean(), email: fc.constantFrom("ny@example.no", "x@y.no") },
  { requiredKeys: [] },
);
const changeBodies: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileChange },
  { weight: 3, arbitrary: mutated(hostileChange as fc.Arbitrary<Record<string, unknown>>, changeFields) },
  { weight: 1, arbitrary: hostileValue },
);
const cancelBase = fc.record(
  {
    person: fc.oneof(fc.constantFrom("athlete", "companion-1", "companion-2", "companion-999"), hostileText),
    expectedRefund: fc.oneof(fc.constant(0), fc.integer()),
  },
  { requiredKeys: [] },
);
const cancelBodies: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: cancelBase },
  { weight: 2, arbitrary: mutated(cancelBase as fc.Arbitrary<Record<string, unknown>>, ["person", "expectedRefund"]) },
  { weight: 1, arbitrary: hostileValue },
);
const findBodies: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ email: fc.oneof(hostileText, fc.constantFrom("ola@example.no", "OLA@EXAMPLE.NO", "%@example.no", "_la@example.no")) }),
  mutated(fc.constant({ email: "ola@example.no" }) as fc.Arbitrary<Record<string, unknown>>, ["email"]),
  hostileValue,
);

/** A lone surrogate cannot be put in a URL at all (encodeURIComponent throws), so no client could send it. */
function encodable(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

function post(url: string, body: BodyRequest) {
  return {
    method: "POST" as const,
    url,
    ...(body.payload !== undefined ? { payload: body.payload } : {}),
    headers: body.contentType ? { "content-type": body.contentType } : {},
  };
}

describe.each(databaseKinds)("hostile input to Min påmelding on %s", (kind) => {
  let database: Database;
  let context: Awaited<ReturnType<typeof buildFuzzApp>> & { database: Database; kind: string };
  let token = "";
  let lastMailId = 0;

  /** A fresh card/cash registration with two companions; its link's secret. */
  const register = async () => {
    const res = await context.app.inject({
      method: "POST",
      url: "/api/Vinterleir/Post",
      payload: validDraft({
        draftId: randomUUID(),
        hasLedsager: true,
        ledsagere: [validCompanion({ id: "a" }), validCompanion({ id: "b", firstName: "Per" })],
      }),
    });
    expect(res.body).toBe("Done");
    return String(res.headers["x-min-pamelding"]).split("/").pop()!;
  };
  const newMails = async () => {
    // Rendered as they go out (a confirmation is rendered when it is sent).
    const rows = await outboxMails(context.app, sql`${mailOutbox.id} > ${lastMailId}`, context.transport);
    for (const row of rows) lastMailId = Math.max(lastMailId, Number(row.id));
    return rows.map((row) => row.html);
  };
  const bodyValue = (body: BodyRequest) => {
    try {
      return JSON.parse(body.payload ?? "null") as unknown;
    } catch {
      return body.payload;
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    context = { ...(await buildFuzzApp(database)), database, kind };
    token = await register();
  }, 60_000);
  afterAll(async () => {
    await context?.app.close();
    await database?.close();
  });

  it(
    "every call with a hostile or unknown link: 404 (or 4xx), nothing changes",
    async () => {
      const linkToken = fc.oneof(hostileSegment, fc.string({ unit: fc.constantFrom(..."ABCabc012-_"), minLength: 43, maxLength: 43 }));
      const calls = [
        "GET /api/MinPamelding/Get",
        "POST /api/MinPamelding/Change",
        "POST /api/MinPamelding/Cancel",
        "POST /api/MinPamelding/AddCompanion",
        "POST /api/MinPamelding/Grading",
        "POST /api/MinPamelding/Pay",
        "GET /min-side",
        "GET /vinterleir/min-pamelding",
      ] as const;
      await fuzzEndpoint(context, {
        requests: fc.record({ token: linkToken, query: hostileQuery, call: fc.constantFrom(...calls), body: jsonBodies(hostileValue) }),
        toInject: ({ token: segment, query, call, body }) => {
          const [method, path] = call.split(" ") as ["GET" | "POST", string];
          return method === "POST" ? post(`${path}/${segment}${query}`, body) : { method, url: `${path}/${segment}${query}` };
        },
        unchangedWhenRejected: ["event_orders", "event_positions", "event_payments", "event_payment_actions", "mail_outbox", "order_changes"],
        readOnly: true,
        // The old address leads to «Min side» whatever it holds (which then answers 404); the rest refuse.
        check: ({ call }, res) =>
          call === "GET /vinterleir/min-pamelding" && res.statusCode === 302
            ? expect(res.headers.location).toMatch(/^\/min-side\//)
            : expect([400, 404, 413, 414, 415]).toContain(res.statusCode),
      });
    },
    fuzzTimeoutMs,
  );

  it(
    "a real link naming a hostile or foreign athlete (?orderId=): 404 (or 4xx for the body), nothing changes",
    async () => {
      const calls = ["Change", "Cancel", "AddCompanion", "Grading", "Pay"] as const;
      await fuzzEndpoint(context, {
        requests: fc.record({
          orderId: fc.oneof(
            hostileText.filter((text) => text.length > 0 && encodable(text)),
            fc.constantFrom("VL26-ZZZZZZ", "VL26-22222"),
          ),
          call: fc.constantFrom(...calls),
          body: jsonBodies(fc.oneof(cancelBodies, changeBodies)),
        }),
        toInject: ({ orderId, call, body }) => post(`/api/MinPamelding/${call}/${token}?orderId=${encodeURIComponent(orderId)}`, body),
        unchangedWhenRejected: ["event_orders", "event_positions", "event_payments", "event_payment_actions", "mail_outbox", "order_changes"],
        readOnly: true,
        check: (_request, res) => expect([400, 404, 413, 414, 415]).toContain(res.statusCode),
      });
    },
    fuzzTimeoutMs,
  );

  it(
    "POST /api/MinPamelding/Change/:token",
    async () => {
      let accepted = 0;
      await fuzzEndpoint(context, {
        requests: jsonBodies(changeBodies),
        toInject: (body) => post(`/api/MinPamelding/Change/${token}`, body),
        unchangedWhenRejected: ["order_changes", "mail_outbox"],
        check: (_body, res) => {
          if (res.statusCode === 200) accepted++;
          else expect([400, 413, 415]).toContain(res.statusCode);
        },
        runs: acceptingRuns,
      });
      expect(accepted).toBeGreaterThan(0);
    },
    fuzzTimeoutMs,
  );

  it(
    "POST /api/MinPamelding/AddCompanion/:token and /Grading/:token",
    async () => {
      const companionBase = fc
        .record({ id: hostileText, firstName: hostileText, lastName: hostileText })
        .map((fields) => ({ ...validCompanion(fields), alreadyRegistered: false }) as Record<string, unknown>);
      const bodies: fc.Arbitrary<unknown> = fc.oneof(companionBase, mutated(companionBase, Object.keys(validCompanion())), hostileValue);
      await fuzzEndpoint(context, {
        requests: fc.record({
          call: fc.constantFrom("AddCompanion", "Grading"),
          body: jsonBodies(fc.oneof(bodies, fc.record({ gradering: fc.oneof(fc.boolean(), hostileValue) }))),
        }),
        toInject: ({ call, body }) => post(`/api/MinPamelding/${call}/${token}`, body),
        unchangedWhenRejected: ["event_positions", "event_ledger_entries", "event_payments", "order_changes"],
        check: (_request, res) => expect([200, 400, 404, 409, 413, 415]).toContain(res.statusCode),
      });
    },
    fuzzTimeoutMs,
  );

  it(
    "POST /api/MinPamelding/Cancel/:token",
    async () => {
      await fuzzEndpoint(context, {
        requests: jsonBodies(cancelBodies),
        toInject: (body) => post(`/api/MinPamelding/Cancel/${token}`, body),
        unchangedWhenRejected: ["order_changes", "event_payment_actions", "mail_outbox", "event_ledger_entries"],
        check: async (body, res) => {
          expect([200, 400, 404, 409, 413, 415]).toContain(res.statusCode);
          if (res.statusCode === 200) for (const html of await newMails()) expectEscaped(html, stringsIn(bodyValue(body)), "cancellation mail");
        },
      });
    },
    fuzzTimeoutMs,
  );

  it(
    "POST /api/MinPamelding/Find",
    async () => {
      await fuzzEndpoint(context, {
        requests: jsonBodies(findBodies),
        toInject: (body) => post("/api/MinPamelding/Find", body),
        // An accepted search queues its mail after the answer: counted once it is queued, not in the next run.
        settle: () => context.app.findMyRegistrationQueue.idle(),
        unchangedWhenRejected: ["event_orders", "mail_outbox"],
        check: async (body, res) => {
          expect([200, 400, 413, 415]).toContain(res.statusCode);
          if (res.statusCode === 200) for (const html of await newMails()) expectEscaped(html, stringsIn(bodyValue(body)), "link mail");
        },
      });
    },
    fuzzTimeoutMs,
  );
});
