/**
 * Hostile input to the public registration POSTs: never a 5xx, nothing stored when the
 * answer is a refusal, and what is accepted comes out escaped in the confirmation mail's HTML part.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { outboxMails } from "../test-support/outbox.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { validCompanion, validDraft } from "../../shared/camp/camp-draft.fixture.ts";
import { CAMP_FIELDS } from "../../shared/camp/camp-registration-fields.ts";
import { NEW_MEMBER_FIELDS } from "../../shared/members/new-member.ts";
import { buildFuzzApp, fuzzEndpoint } from "../test-support/fuzz.ts";
import { expectEscaped, stringsIn } from "../test-support/fuzz-checks.ts";
import { acceptingRuns, fuzzTimeoutMs } from "../test-support/fuzz-runs.ts";
import { hostileHeaderValue, jsonBodies, type BodyRequest } from "../test-support/fuzz-requests.ts";
import { hostileText, mutated } from "../test-support/fuzz-values.ts";

/** A registration that is valid except for hostile (but often acceptable) text in every free-text field. */
const hostileButValidCamp = fc
  .record({
    draftId: fc.uuid({ version: 4 }),
    firstName: hostileText,
    lastName: hostileText,
    allergies: hostileText,
    otherInfo: hostileText,
    vipps: fc.boolean(),
    companions: fc.array(fc.record({ id: hostileText, firstName: hostileText, lastName: hostileText }), { maxLength: 2 }),
  })
  .map(({ companions, ...fields }) =>
    validDraft({
      ...fields,
      hasLedsager: companions.length > 0,
      ledsagere: companions.map((companion) => validCompanion(companion)),
    }),
  );

const campBodies: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileButValidCamp },
  { weight: 3, arbitrary: mutated(hostileButValidCamp as fc.Arbitrary<Record<string, unknown>>, CAMP_FIELDS) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(hostileButValidCamp, mutated(fc.constant(validCompanion() as Record<string, unknown>), Object.keys(validCompanion())))
      .map(([draft, companion]) => ({ ...draft, hasLedsager: true, ledsagere: [companion] })),
  },
  { weight: 1, arbitrary: fc.array(hostileButValidCamp, { maxLength: 12 }).map((list) => ({ ...validDraft(), hasLedsager: true, ledsagere: list })) },
);

const memberBase = fc
  .record({
    draftId: fc.option(fc.uuid({ version: 4 }), { nil: undefined }),
    firstName: hostileText,
    lastName: hostileText,
    parentFirstName: hostileText,
    parentLastName: hostileText,
    age: fc.oneof(fc.integer({ min: 7, max: 125 }), fc.constantFrom(6, -1, 0, 126, 12.5, 1e308)),
    referer: fc.constantFrom(0, 1, 2),
  })
  .map((fields) => ({ ...fields, email: "forelder@example.no", telephone: "912 34 567" }));

const memberBodies: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: memberBase },
  { weight: 3, arbitrary: mutated(memberBase as fc.Arbitrary<Record<string, unknown>>, NEW_MEMBER_FIELDS) },
);

/** With a hostile address header now and then (the rate limit and the log read it). */
const requestsOf = (bodies: fc.Arbitrary<unknown>) =>
  fc.record({ body: jsonBodies(bodies), forwardedFor: fc.option(hostileHeaderValue, { freq: 8 }) });

function inject(url: string) {
  return ({ body, forwardedFor }: { body: BodyRequest; forwardedFor: string | null }) => ({
    method: "POST" as const,
    url,
    ...(body.payload !== undefined ? { payload: body.payload } : {}),
    headers: {
      ...(body.contentType ? { "content-type": body.contentType } : {}),
      ...(forwardedFor !== null ? { "x-forwarded-for": forwardedFor } : {}),
    },
  });
}

describe.each(databaseKinds)("hostile input to the public POSTs on %s", (kind) => {
  let database: Database;
  let context: Awaited<ReturnType<typeof buildFuzzApp>> & { database: Database; kind: string };
  let lastMailId = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    context = { ...(await buildFuzzApp(database)), database, kind };
  }, 60_000);
  afterAll(async () => {
    await context?.app.close();
    await database?.close();
  });

  /** The HTML part of every mail queued since the last look (rendered as it goes out, for one rendered when sent). */
  async function newMails(): Promise<string[]> {
    const rows = await outboxMails(context.app, sql`${mailOutbox.id} > ${lastMailId}`, context.transport);
    for (const row of rows) lastMailId = Math.max(lastMailId, Number(row.id));
    return rows.map((row) => row.html);
  }

  const checkMail = async (request: { body: BodyRequest }, res: { statusCode: number }) => {
    // A refusal queues no mail: mail_outbox is among the counted tables.
    if (res.statusCode !== 200) return;
    const mails = await newMails();
    let value: unknown;
    try {
      value = JSON.parse(request.body.payload ?? "null");
    } catch {
      value = request.body.payload;
    }
    for (const html of mails) expectEscaped(html, stringsIn(value), "confirmation mail");
  };

  it(
    "POST /api/Vinterleir/Post",
    async () => {
      let accepted = 0;
      await fuzzEndpoint(context, {
        requests: requestsOf(campBodies),
        toInject: inject("/api/Vinterleir/Post"),
        unchangedWhenRejected: ["event_orders", "event_positions", "event_payments", "mail_outbox"],
        check: async (request, res) => {
          if (res.statusCode === 200) accepted++;
          await checkMail(request, res);
        },
        runs: acceptingRuns,
      });
      // The generators are worth something only if some hostile registrations got through.
      expect(accepted).toBeGreaterThan(0);
    },
    fuzzTimeoutMs,
  );

  it(
    "POST /api/NewMember/Post",
    async () => {
      let accepted = 0;
      await fuzzEndpoint(context, {
        requests: requestsOf(memberBodies),
        toInject: inject("/api/NewMember/Post"),
        unchangedWhenRejected: ["new_member_registrations", "mail_outbox"],
        check: async (request, res) => {
          if (res.statusCode === 200) accepted++;
          await checkMail(request, res);
        },
        runs: acceptingRuns,
      });
      expect(accepted).toBeGreaterThan(0);
    },
    fuzzTimeoutMs,
  );
});
