/**
 * Hostile input to the events' calls: the public order POST (registrations and sales), the public reads,
 * the personal link's view and cancel, the admin's create-or-replace and the door's check-in. Never a 5xx; a refusal stores nothing; an accepted order's mail
 * escapes what was typed.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { campAdminToken } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { buildFuzzApp, fuzzEndpoint } from "../test-support/fuzz.ts";
import { expectEscaped, stringsIn } from "../test-support/fuzz-checks.ts";
import { fuzzTimeoutMs, readRuns } from "../test-support/fuzz-runs.ts";
import { hostileSegment, jsonBodies, type BodyRequest } from "../test-support/fuzz-requests.ts";
import { hostileText, hostileValue, mutated } from "../test-support/fuzz-values.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { outboxMails } from "../test-support/outbox.ts";
import { createPublished, grading, order, participant, postOrder, sale } from "../test-support/events.ts";

/** The fuzz apps live on 2026-10-15: the windows below are open then. */
const window = { registrationOpensAt: "2026-10-01T08:00:00+02:00", registrationClosesAt: "2026-12-10T23:59:00+01:00" };
const orderTables = ["event_orders", "event_positions", "event_ledger_entries", "event_payments", "family_links", "mail_outbox"] as const;

/** Plain names often, so that some hostile orders get through and their mail is checked. */
const nameText = fc.oneof({ weight: 1, arbitrary: fc.constantFrom("Ola", "Kari", "Åse") }, { weight: 1, arbitrary: hostileText });
const contact = fc.record({ firstName: nameText, lastName: nameText, email: fc.constant("forelder@example.no"), telephone: fc.constant("91234567") });
const gradingOrder = fc.record({
  draftId: fc.uuid({ version: 4 }),
  dataConsent: fc.constant(true),
  termsAccepted: fc.constant(true),
  contact,
  participants: fc.array(
    fc
      .record({ firstName: nameText, lastName: nameText, age: fc.oneof(fc.integer({ min: 7, max: 12 }), fc.constantFrom(6, 13, -1, 1e308)) })
      .map((fields) => participant(fields)),
    { minLength: 1, maxLength: 2 },
  ),
  items: fc.constant([]),
  vipps: fc.boolean(),
});
const saleOrder = fc.record({
  draftId: fc.uuid({ version: 4 }),
  dataConsent: fc.constant(true),
  termsAccepted: fc.constant(true),
  contact,
  participants: fc.constant([]),
  items: fc.array(
    fc.record({
      itemId: fc.constantFrom("t-skjorte", "hettegenser", "__proto__"),
      variant: fc.constantFrom("S", "M", "XL", "constructor"),
      quantity: fc.oneof(fc.integer({ min: 1, max: 3 }), hostileValue),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  vipps: fc.boolean(),
});
/**
 * Orders that are fine but for a name now and then: enough get through for the mail check to mean something.
 * They buy the variant with a large stock, so that the runs never sell it out.
 */
const plainOrder = fc
  .record({ draftId: fc.uuid({ version: 4 }), firstName: nameText, sale: fc.boolean(), vipps: fc.boolean() })
  .map(({ draftId, firstName, sale: isSale, vipps }) => ({
    draftId,
    dataConsent: true,
    termsAccepted: true,
    contact: { firstName, lastName: "Nordmann", email: "forelder@example.no", telephone: "91234567" },
    participants: isSale ? [] : [participant({ firstName })],
    items: isSale ? [{ itemId: "t-skjorte", variant: "M", quantity: 1 }] : [],
    vipps,
  }));
const orderKeys = ["draftId", "dataConsent", "termsAccepted", "contact", "participants", "items", "vipps"];

const orderRequests = fc.record({
  slug: fc.oneof({ weight: 12, arbitrary: fc.constantFrom("gradering", "klubbtoy") }, { weight: 1, arbitrary: hostileSegment }),
  body: jsonBodies(
    fc.oneof(
      // About one run in five is accepted, so 60 runs with none accepted would take odds of a million to one.
      { weight: 6, arbitrary: plainOrder },
      { weight: 2, arbitrary: gradingOrder },
      { weight: 2, arbitrary: saleOrder },
      mutated(gradingOrder as fc.Arbitrary<Record<string, unknown>>, orderKeys),
      mutated(saleOrder as fc.Arbitrary<Record<string, unknown>>, orderKeys),
    ),
  ),
});

const definitionKeys = Object.keys(grading());
const definitionRequests = fc.record({
  slug: fc.oneof(fc.constantFrom("ny-gradering", "vinterleir-2026"), hostileSegment),
  body: jsonBodies(
    fc.oneof(
      mutated(fc.constant(grading(window) as Record<string, unknown>), definitionKeys),
      mutated(fc.constant(sale() as Record<string, unknown>), [...definitionKeys, "items"]),
    ),
  ),
});

const doorKeys = ["orderId", "position", "undo"];

describe.each(databaseKinds)("hostile input to the events' calls on %s", (kind) => {
  let database: Database;
  let context: Awaited<ReturnType<typeof buildFuzzApp>> & { database: Database; kind: string };
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    context = { ...(await buildFuzzApp(database)), database, kind };
    token = await campAdminToken(context.app as never);
    await createPublished(context.app as never, token, "gradering", grading({ ...window, capacity: 1000 }));
    await createPublished(context.app as never, token, "klubbtoy", { ...sale(10_000), ...window });
  }, 60_000);
  afterAll(async () => {
    await context?.app.close();
    await database?.close();
  });

  it(
    "POST /api/Arrangement/Post/:slug",
    async () => {
      let accepted = 0;
      let lastMail = 0;
      await fuzzEndpoint(context, {
        requests: orderRequests,
        toInject: ({ slug, body }: { slug: string; body: BodyRequest }) => ({
          method: "POST" as const,
          url: `/api/Arrangement/Post/${slug}`,
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
          headers: body.contentType ? { "content-type": body.contentType } : {},
        }),
        unchangedWhenRejected: orderTables,
        check: async (request, res) => {
          if (res.statusCode !== 200) return;
          accepted++;
          // Rendered as it goes out: the confirmation is made when it is sent.
          const mails = await outboxMails(context.app, sql`${mailOutbox.id} > ${lastMail}`, context.transport);
          for (const row of mails) lastMail = Math.max(lastMail, Number(row.id));
          let value: unknown;
          try {
            value = JSON.parse(request.body.payload ?? "null");
          } catch {
            value = null;
          }
          for (const row of mails) expectEscaped(row.html, stringsIn(value), "event confirmation mail");
        },
        runs: 60,
      });
      expect(accepted).toBeGreaterThan(0);
    },
    fuzzTimeoutMs,
  );

  it(
    "GET /api/Arrangement/Get/:slug, /api/Arrangement/Order/:orderId and /api/Arrangement/MinPamelding/:token",
    async () => {
      await fuzzEndpoint(context, {
        requests: fc.tuple(fc.constantFrom("Get", "Order", "MinPamelding"), hostileSegment),
        toInject: ([call, segment]) => ({ method: "GET" as const, url: `/api/Arrangement/${call}/${segment}` }),
        readOnly: true,
        unchangedWhenRejected: orderTables,
        runs: readRuns(),
      });
    },
    fuzzTimeoutMs,
  );

  it(
    "POST /api/Arrangement/Cancel/:token",
    async () => {
      await fuzzEndpoint(context, {
        requests: fc.record({ segment: hostileSegment, body: jsonBodies(mutated(fc.constant({ position: 0 }), ["position"])) }),
        toInject: ({ segment, body }: { segment: string; body: BodyRequest }) => ({
          method: "POST" as const,
          url: `/api/Arrangement/Cancel/${segment}`,
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
          headers: body.contentType ? { "content-type": body.contentType } : {},
        }),
        unchangedWhenRejected: orderTables,
        runs: 40,
      });
    },
    fuzzTimeoutMs,
  );

  it(
    "PUT /api/ArrangementAdmin/Put/:slug/:token",
    async () => {
      await fuzzEndpoint(context, {
        requests: definitionRequests,
        toInject: ({ slug, body }: { slug: string; body: BodyRequest }) => ({
          method: "PUT" as const,
          url: `/api/ArrangementAdmin/Put/${slug}/${token}`,
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
          headers: body.contentType ? { "content-type": body.contentType } : {},
        }),
        unchangedWhenRejected: ["events", "event_stock"],
        runs: 40,
      });
    },
    fuzzTimeoutMs,
  );

  it(
    "POST /api/ArrangementInnsjekk/CheckIn/:slug/:token",
    async () => {
      const placed = await postOrder(context.app as never, "gradering", order({ participants: [participant()] }));
      expect(placed.statusCode).toBe(200);
      const [row] = (
        await database.db.execute<{ order_id: string }>(
          sql`select order_id from event_orders where event_id = (select id from events where slug = 'gradering') order by id limit 1`,
        )
      ).rows;
      const known = fc.record({
        // The phone's action id (replays are carried out once): sometimes one, sometimes hostile.
        actionId: fc.oneof(fc.uuid({ version: 4 }), hostileValue),
        orderId: fc.oneof({ weight: 3, arbitrary: fc.constant(row!.order_id) }, { weight: 1, arbitrary: hostileText }),
        position: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(0, 1) }, { weight: 1, arbitrary: hostileValue }),
        undo: fc.oneof(fc.boolean(), hostileValue),
      });
      await fuzzEndpoint(context, {
        requests: fc.record({
          slug: fc.oneof({ weight: 6, arbitrary: fc.constantFrom("gradering", "klubbtoy") }, { weight: 1, arbitrary: hostileSegment }),
          body: jsonBodies(fc.oneof({ weight: 2, arbitrary: known }, mutated(known as fc.Arbitrary<Record<string, unknown>>, doorKeys))),
        }),
        toInject: ({ slug, body }: { slug: string; body: BodyRequest }) => ({
          method: "POST" as const,
          url: `/api/ArrangementInnsjekk/CheckIn/${slug}/${token}`,
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
          headers: body.contentType ? { "content-type": body.contentType } : {},
        }),
        unchangedWhenRejected: ["event_checkin_actions", "event_orders"],
        runs: 40,
      });
    },
    fuzzTimeoutMs,
  );
});
