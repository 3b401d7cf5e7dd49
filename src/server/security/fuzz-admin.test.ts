/**
 * Hostile input to every admin endpoint, with good tokens, tokens of another area and
 * junk: never a 5xx, nothing stored or removed on a refusal, and every CSV download keeps user text from
 * being run as a spreadsheet formula.
 */
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { testAdminCredentials } from "../test-support/app.ts";
import { messageSegments } from "../../shared/messages/message.ts";
import { accountRoles, defaultChart } from "../../shared/accounts/accounts-chart.ts";
import { validCompanion, validDraft } from "../../shared/camp/camp-draft.fixture.ts";
import { acceptingRuns, fuzzTimeoutMs, readRuns } from "../test-support/fuzz-runs.ts";
import { buildFuzzApp, fuzzEndpoint, readOnlyTables } from "../test-support/fuzz.ts";
import { encodeSegment, hostileHeaderValue, hostileQuery, hostileSegment, jsonBodies, rawBodies } from "../test-support/fuzz-requests.ts";
import { expectFormulaNeutral } from "../test-support/fuzz-checks.ts";
import { hostileFragments, hostileText, hostileValue, mutated } from "../test-support/fuzz-values.ts";

type Area = "camp" | "newmember" | "invoice";
const invoiceHeader = "Navn;Epost;Beløp;Forfallsdato;AvtaleGiro;Fakturanummer;KID";
const formulaNames = hostileFragments.filter((text) => /^[=+\-@\t\r]/.test(text) || text.includes("<"));

/** An invoice file: mostly well-formed rows with hostile names, sometimes junk cells or junk bytes. */
const invoiceFiles: fc.Arbitrary<string | Buffer> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(
        fc.record({
          name: fc.oneof(fc.constantFrom(...formulaNames), hostileText),
          email: fc.oneof({ weight: 8, arbitrary: fc.constant("kari@example.no") }, { weight: 1, arbitrary: hostileText }),
          amount: fc.oneof(
            { weight: 8, arbitrary: fc.constantFrom("100", "1 234,50") },
            { weight: 1, arbitrary: fc.constantFrom("-5", "0", "1e9", "99999999999999999999") },
            { weight: 1, arbitrary: hostileText },
          ),
          due: fc.oneof(
            { weight: 8, arbitrary: fc.constant("01.01.2026") },
            { weight: 1, arbitrary: fc.constantFrom("2026-02-30", "31.12.9999", "00.00.0000") },
            { weight: 1, arbitrary: hostileText },
          ),
          avtalegiro: fc.constantFrom("Ja", "Nei", "Ja", "Nei", "", "=1"),
          number: fc.oneof({ weight: 4, arbitrary: fc.nat().map(String) }, { weight: 1, arbitrary: hostileText }),
        }),
        { minLength: 1, maxLength: 3 },
      )
      .map((rows) =>
        [
          invoiceHeader,
          ...rows.map((r) => [r.name, r.email, r.amount, r.due, r.avtalegiro, r.number, ""].map((cell) => `"${cell.replace(/"/g, '""')}"`).join(";")),
        ].join("\r\n"),
      ),
  },
  { weight: 1, arbitrary: rawBodies },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) },
  { weight: 1, arbitrary: fc.constantFrom(Buffer.from("PK\u0003\u0004junk-that-is-not-a-zip"), Buffer.from([0xff, 0xfe, 0x00, 0x41])) },
);

describe.each(databaseKinds)("hostile input to the admin endpoints on %s", (kind) => {
  let database: Database;
  let context: Awaited<ReturnType<typeof buildFuzzApp>> & { database: Database; kind: string };
  const tokens = {} as Record<Area, string>;
  const campIds: string[] = [];
  const memberIds: string[] = [];
  const waitingIds: string[] = [];
  let innsjekkToken = "";

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    context = { ...(await buildFuzzApp(database)), database, kind };
    const { app } = context;
    const login = async (url: string) => {
      const res = await app.inject({ url });
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    tokens.camp = await login(
      `/api/VinterleirAdmin/GetToken/${testAdminCredentials.CAMP_ADMIN_USERNAME}/${sha256Hex(testAdminCredentials.CAMP_ADMIN_PASSWORD)}`,
    );
    tokens.newmember = await login(`/api/NewMemberAdmin/GetToken/${sha256Hex(testAdminCredentials.NEWMEMBER_ADMIN_PASSWORD)}`);
    tokens.invoice = await login(`/api/Invoice/GetToken/${sha256Hex(testAdminCredentials.INVOICE_ADMIN_PASSWORD)}`);

    // Data with formula-looking and markup-laden names, so the lists and CSV files have something to show.
    for (const [i, name] of formulaNames.slice(0, 6).entries()) {
      const res = await app.inject({
        method: "POST",
        url: "/api/Vinterleir/Post",
        payload: validDraft({
          draftId: `00000000-0000-4000-8000-0000000000${String(10 + i)}`,
          firstName: name,
          allergies: formulaNames[i + 1] ?? "=1",
          vipps: i % 2 === 0,
          hasLedsager: i === 1,
          ledsagere: i === 1 ? [validCompanion({ id: "c1", firstName: "@SUM(A1)" })] : [],
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const member = await app.inject({
        method: "POST",
        url: "/api/NewMember/Post",
        payload: {
          firstName: name,
          lastName: "-2+3",
          age: 30,
          parentFirstName: "",
          parentLastName: "",
          email: "ny@example.no",
          telephone: "91234567",
          referer: 0,
        },
      });
      expect(member.statusCode, member.body).toBe(200);
    }
    const sim = app.vipps!.simulator!;
    for (const payment of sim.payments.values()) sim.approve(payment.reference);
    await sim.settled();
    const persons = (await app.inject({ url: `/api/VinterleirAdmin/Get/${tokens.camp}` })).json() as { registrationId: number }[];
    campIds.push(...new Set(persons.map((person) => String(person.registrationId))));
    const members = (await app.inject({ url: `/api/NewMemberAdmin/Get/${tokens.newmember}` })).json() as { registrationId: number }[];
    memberIds.push(...members.map((member) => String(member.registrationId)));
    const upload = await app.inject({
      method: "POST",
      url: `/api/Invoice/Upload/${tokens.invoice}`,
      payload: [invoiceHeader, '"=HYPERLINK(""http://x"")";a@b.no;100;01.01.2026;Ja;1;', "+47 Nordmann;b@b.no;200;01.02.2026;Nei;2;"].join("\n"),
      headers: { "content-type": "text/csv" },
    });
    expect(upload.json().ok, upload.body).toBe(true);

    // A full camp with a waiting list, so the waiting-list calls have someone to move and remove.
    const confirmed = persons.filter((person) => (person as { isLedsager?: boolean }).isLedsager !== true).length;
    const full = await app.inject({ method: "PUT", url: `/api/CampEdition/Put/2026/${tokens.camp}`, payload: { capacity: Math.max(1, confirmed) } });
    expect(full.statusCode, full.body).toBe(200);
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/Vinterleir/Post",
        payload: validDraft({ draftId: `00000000-0000-4000-8000-0000000000${String(30 + i)}`, firstName: formulaNames[i] ?? "=1" }),
      });
      expect(res.body).toBe("Venteliste");
    }
    const waiting = (await app.inject({ url: `/api/VinterleirAdmin/Waitlist/${tokens.camp}` })).json() as { registrationId: number }[];
    waitingIds.push(...waiting.map((entry) => String(entry.registrationId)));

    // A helper with the role `innsjekk`: its token joins the camp tokens the properties try.
    const helper = await app.inject({
      method: "POST",
      url: `/api/VinterleirAdmin/Accounts/${tokens.camp}`,
      payload: { username: "dora", name: "Dora", role: "innsjekk", password: "Dora-ved-døra-2026" },
    });
    expect(helper.statusCode, helper.body).toBe(201);
    innsjekkToken = await login(`/api/VinterleirAdmin/GetToken/dora/${sha256Hex("Dora-ved-døra-2026")}`);
  }, 120_000);
  afterAll(async () => {
    await context?.app.close();
    await database?.close();
  });

  /** The right token most often, else another area's, a well-shaped unknown one, or junk. */
  const tokenFor = (area: Area) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(area).map((a) => tokens[a]) },
      ...(area === "camp" ? [{ weight: 1, arbitrary: fc.constant(null).map(() => innsjekkToken) }] : []),
      { weight: 1, arbitrary: fc.constantFrom<Area>("camp", "newmember", "invoice").map((a) => tokens[a]) },
      { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(..."ABCabc012-_"), minLength: 43, maxLength: 43 }) },
      { weight: 2, arbitrary: hostileSegment },
    );
  /**
   * For a read that takes nothing but its token: bad tokens (another area's, unknown, junk) four times as
   * often as the good one, since a bad token is where the input reaches the read's own code.
   */
  const readTokenFor = (area: Area) =>
    fc.oneof(
      { weight: 1, arbitrary: fc.constant(area).map((a) => tokens[a]) },
      ...(area === "camp" ? [{ weight: 1, arbitrary: fc.constant(null).map(() => innsjekkToken) }] : []),
      { weight: 1, arbitrary: fc.constantFrom<Area>("camp", "newmember", "invoice").map((a) => tokens[a]) },
      { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(..."ABCabc012-_"), minLength: 43, maxLength: 43 }) },
      { weight: 2, arbitrary: hostileSegment },
    );
  const idFrom = (known: () => string[]) =>
    fc.oneof(
      hostileSegment,
      fc.nat({ max: 20 }).map((i) => known()[i % Math.max(1, known().length)] ?? "1"),
    );
  /**
   * For a read with a path parameter: hostile values four times as often as known ones. A known id (list,
   * search word) with the good token reads the same few things again and again (a person's export, an Excel
   * file); a hostile one is where the parameter reaches the route's own parsing.
   */
  const aimedAt = <T>(hostile: fc.Arbitrary<T>, known: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 4, arbitrary: hostile }, { weight: 1, arbitrary: known });
  const readIdFrom = (known: () => string[]) =>
    aimedAt(
      hostileSegment,
      fc.nat({ max: 20 }).map((i) => known()[i % Math.max(1, known().length)] ?? "1"),
    );
  const csvCheck = (_request: unknown, res: LightMyRequestResponse) => {
    if (res.statusCode === 200) expectFormulaNeutral(res.body, "CSV download");
  };
  // An Excel file is a zip ("PK"); a refusal is a Norwegian JSON error.
  const xlsxCheck = (_request: unknown, res: LightMyRequestResponse) => {
    if (res.statusCode === 200) expect(res.rawPayload.subarray(0, 2).toString("latin1")).toBe("PK");
    else expect(res.json().error).toEqual(expect.any(String));
  };
  const get = (path: string, area: Area, extra: Partial<Parameters<typeof fuzzEndpoint>[1]> = {}) =>
    fuzzEndpoint(context, {
      requests: fc.record({ token: readTokenFor(area), query: hostileQuery, header: fc.option(hostileHeaderValue, { nil: undefined }) }),
      toInject: ({ token, query, header }) => ({
        url: `${path}/${token}${query}`,
        headers: header ? { "x-forwarded-for": header, cookie: `adminToken=${header}` } : {},
      }),
      unchangedWhenRejected: readOnlyTables,
      readOnly: true,
      runs: readRuns(),
      ...extra,
    } as Parameters<typeof fuzzEndpoint>[1]);

  for (const path of ["/api/VinterleirAdmin/Get", "/api/VinterleirAdmin/Totals"]) {
    it(`GET ${path}/:token`, () => get(path, "camp"), fuzzTimeoutMs);
  }
  it("GET /api/VinterleirAdmin/GetCsv/:token", () => get("/api/VinterleirAdmin/GetCsv", "camp", { check: csvCheck }), fuzzTimeoutMs);
  it("GET /api/NewMemberAdmin/Get/:token", () => get("/api/NewMemberAdmin/Get", "newmember"), fuzzTimeoutMs);
  it("GET /api/NewMemberAdmin/GetCsv/:token", () => get("/api/NewMemberAdmin/GetCsv", "newmember", { check: csvCheck }), fuzzTimeoutMs);
  it("GET /api/Invoice/Get/:token", () => get("/api/Invoice/Get", "invoice"), fuzzTimeoutMs);
  it("GET /api/Invoice/GetCsv/:token", () => get("/api/Invoice/GetCsv", "invoice", { check: csvCheck }), fuzzTimeoutMs);
  it("GET /api/Invoice/Status/:token", () => get("/api/Invoice/Status", "invoice"), fuzzTimeoutMs);
  it(
    "GET /api/Invoice/Refresh/:token",
    () =>
      get("/api/Invoice/Refresh", "invoice", {
        readOnly: false,
        unchangedWhenRejected: ["invoices", "invoice_files"],
        rejected: (res) => res.statusCode >= 400 || res.json().ok === false,
      }),
    fuzzTimeoutMs,
  );

  for (const action of ["MarkPaid", "Cancel"] as const) {
    it(
      `POST /api/VinterleirAdmin/${action}/:registrationId/:token`,
      () =>
        fuzzEndpoint(context, {
          requests: fc.record({ id: idFrom(() => campIds), token: tokenFor("camp"), body: jsonBodies(hostileValue) }),
          toInject: ({ id, token, body }) => ({
            method: "POST",
            url: `/api/VinterleirAdmin/${action}/${id}/${token}`,
            ...(body.payload !== undefined ? { payload: body.payload } : {}),
            headers: body.contentType ? { "content-type": body.contentType } : {},
          }),
          unchangedWhenRejected: ["event_orders", "event_positions", "event_payments", "event_payment_actions", "mail_outbox"],
        }),
      fuzzTimeoutMs,
    );
  }

  it("GET /api/VinterleirAdmin/Waitlist/:token", () => get("/api/VinterleirAdmin/Waitlist", "camp"), fuzzTimeoutMs);

  for (const action of ["Remove", "Move"] as const) {
    it(
      `POST /api/VinterleirAdmin/Waitlist/${action}/:registrationId/:token`,
      () =>
        fuzzEndpoint(context, {
          requests: fc.record({
            id: fc.oneof(
              idFrom(() => waitingIds),
              idFrom(() => campIds),
            ),
            token: tokenFor("camp"),
            body: jsonBodies(fc.oneof(mutated(fc.record({ position: fc.integer({ min: 1, max: 6 }) }), ["position"]), hostileValue)),
          }),
          toInject: ({ id, token, body }) => ({
            method: "POST",
            url: `/api/VinterleirAdmin/Waitlist/${action}/${id}/${token}`,
            ...(body.payload !== undefined ? { payload: body.payload } : {}),
            headers: body.contentType ? { "content-type": body.contentType } : {},
          }),
          unchangedWhenRejected: ["event_orders", "event_positions", "event_waitlist_offers", "event_payments", "mail_outbox"],
        }),
      fuzzTimeoutMs,
    );
  }

  it(
    "GET /api/VinterleirAdmin/Payments/:registrationId/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({ id: readIdFrom(() => campIds), token: tokenFor("camp"), query: hostileQuery }),
        toInject: ({ id, token, query }) => ({ url: `/api/VinterleirAdmin/Payments/${id}/${token}${query}` }),
        unchangedWhenRejected: ["event_payments", "event_payment_actions", ...readOnlyTables],
        readOnly: true,
      }),
    fuzzTimeoutMs,
  );

  it(
    "GET /api/VinterleirAdmin/Ledger/:registrationId/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({ id: readIdFrom(() => campIds), token: tokenFor("camp"), query: hostileQuery }),
        toInject: ({ id, token, query }) => ({ url: `/api/VinterleirAdmin/Ledger/${id}/${token}${query}` }),
        unchangedWhenRejected: ["event_ledger_entries", ...readOnlyTables],
        readOnly: true,
      }),
    fuzzTimeoutMs,
  );

  it(
    "POST /api/VinterleirAdmin/Refund/:registrationId/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({
          id: idFrom(() => campIds),
          token: tokenFor("camp"),
          body: jsonBodies(
            fc.oneof(
              mutated(fc.record({ amount: fc.integer({ min: 1, max: 500 }), alreadyRefunded: fc.integer({ min: 0, max: 10 }) }), [
                "amount",
                "alreadyRefunded",
              ]),
              fc.record({ amount: fc.integer({ min: 1, max: 100 }) }),
              hostileValue,
            ),
          ),
        }),
        toInject: ({ id, token, body }) => ({
          method: "POST",
          url: `/api/VinterleirAdmin/Refund/${id}/${token}`,
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
          headers: body.contentType ? { "content-type": body.contentType } : {},
        }),
        unchangedWhenRejected: ["event_orders", "event_positions", "event_payments", "event_payment_actions", "mail_outbox"],
      }),
    fuzzTimeoutMs,
  );

  // «Send melding»: a slug that is not an event's is a 404, bad input a 400 with nothing stored or queued.
  const messageSlug = fc.oneof(
    { weight: 4, arbitrary: fc.constant("vinterleir-2026") },
    { weight: 1, arbitrary: fc.constantFrom("vinterleir-1999", "kurs-2026") },
    { weight: 1, arbitrary: hostileSegment },
  );
  const messageBody = fc.oneof(
    mutated(
      fc.record({
        segment: fc.constantFrom(...messageSegments),
        subject: fc.oneof(fc.constant("Husk liggeunderlag"), hostileText),
        body: fc.oneof(fc.constant("Hei {navn}, {deltakere} skylder {beløp}: {lenke}"), hostileText),
        day: fc.constantFrom("2026-11-28", "2026-11-29", "2026-02-30", "i dag"),
        orderIds: fc.array(fc.oneof(fc.constantFrom("VL26-ZZZZZZ"), hostileText), { maxLength: 3 }),
        sendAt: fc.constantFrom("2026-11-27T18:00:00+01:00", "2020-01-01T00:00:00Z", "i morgen"),
        attachProgramme: fc.boolean(),
      }),
      ["segment", "subject", "body", "day", "orderIds", "sendAt", "attachProgramme"],
    ),
    hostileValue,
  );
  const messageTables = ["messages", "message_recipients", "mail_outbox", "family_links"];
  for (const [action, wrap] of [
    ["Send", (body: unknown) => body],
    ["Preview", (body: unknown) => ({ message: body })],
  ] as const) {
    it(
      `POST /api/Melding/${action}/:slug/:token`,
      () =>
        fuzzEndpoint(context, {
          requests: fc.record({ slug: messageSlug, token: tokenFor("camp"), body: jsonBodies(messageBody.map(wrap)) }),
          toInject: ({ slug, token, body }) => ({
            method: "POST",
            url: `/api/Melding/${action}/${slug}/${token}`,
            ...(body.payload !== undefined ? { payload: body.payload } : {}),
            headers: body.contentType ? { "content-type": body.contentType } : {},
          }),
          unchangedWhenRejected: messageTables,
          ...(action === "Preview" ? { readOnly: true } : {}),
        }),
      fuzzTimeoutMs,
    );
  }
  it(
    "GET /api/Melding/Get/:slug/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({
          slug: aimedAt(hostileSegment, fc.constantFrom("vinterleir-2026", "vinterleir-1999", "kurs-2026")),
          token: tokenFor("camp"),
          query: hostileQuery,
        }),
        toInject: ({ slug, token, query }) => ({ url: `/api/Melding/Get/${slug}/${token}${query}` }),
        unchangedWhenRejected: [...messageTables, ...readOnlyTables],
        readOnly: true,
      }),
    fuzzTimeoutMs,
  );
  it(
    "POST /api/NewMemberAdmin/Message/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({
          token: tokenFor("newmember"),
          body: jsonBodies(
            fc.oneof(
              mutated(
                fc.record({
                  registrationIds: fc.array(fc.oneof(fc.nat({ max: 5 }), fc.integer()), { maxLength: 3 }),
                  subject: fc.oneof(fc.constant("Prøvetime"), hostileText),
                  body: fc.oneof(fc.constant("Velkommen"), hostileText),
                }),
                ["registrationIds", "subject", "body"],
              ),
              hostileValue,
            ),
          ),
        }),
        toInject: ({ token, body }) => ({
          method: "POST",
          url: `/api/NewMemberAdmin/Message/${token}`,
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
          headers: body.contentType ? { "content-type": body.contentType } : {},
        }),
        unchangedWhenRejected: [...messageTables, "new_member_registrations"],
      }),
    fuzzTimeoutMs,
  );
  it(
    "PUT /api/Melding/Reminder/:slug/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({
          slug: messageSlug,
          token: tokenFor("camp"),
          body: jsonBodies(
            fc.oneof(
              mutated(
                fc.record({
                  enabled: fc.boolean(),
                  daysBefore: fc.integer({ min: -2, max: 40 }),
                  subject: fc.oneof(fc.constant("Snart leir"), hostileText),
                  body: fc.oneof(fc.constant("Husk {deltakere}"), hostileText),
                }),
                ["enabled", "daysBefore", "subject", "body"],
              ),
              hostileValue,
            ),
          ),
        }),
        toInject: ({ slug, token, body }) => ({
          method: "PUT",
          url: `/api/Melding/Reminder/${slug}/${token}`,
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
          headers: body.contentType ? { "content-type": body.contentType } : {},
        }),
        unchangedWhenRejected: ["message_reminders", ...messageTables],
      }),
    fuzzTimeoutMs,
  );
  it(
    "POST /api/Melding/SendAgain/:slug/:messageId/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({ slug: messageSlug, id: fc.oneof(hostileSegment, fc.nat({ max: 5 }).map(String)), token: tokenFor("camp") }),
        toInject: ({ slug, id, token }) => ({ method: "POST", url: `/api/Melding/SendAgain/${slug}/${id}/${token}` }),
        unchangedWhenRejected: messageTables,
      }),
    fuzzTimeoutMs,
  );
  it(
    "POST /api/Melding/SendNow/:slug/:messageId/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({ slug: messageSlug, id: fc.oneof(hostileSegment, fc.nat({ max: 5 }).map(String)), token: tokenFor("camp") }),
        toInject: ({ slug, id, token }) => ({ method: "POST", url: `/api/Melding/SendNow/${slug}/${id}/${token}` }),
        unchangedWhenRejected: messageTables,
      }),
    fuzzTimeoutMs,
  );
  it(
    "POST /api/Melding/ReminderNow/:slug/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({ slug: messageSlug, token: tokenFor("camp") }),
        toInject: ({ slug, token }) => ({ method: "POST", url: `/api/Melding/ReminderNow/${slug}/${token}` }),
        unchangedWhenRejected: ["message_reminders", ...messageTables],
      }),
    fuzzTimeoutMs,
  );

  // Check-in at the door: search and look-ups change nothing; an action is carried out once per action id.
  it(
    "GET /api/VinterleirAdmin/CheckIn/Search/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({ token: tokenFor("camp"), q: aimedAt(hostileSegment, fc.constantFrom("ola", "Ski", "", "%20")), query: hostileQuery }),
        toInject: ({ token, q, query }) => ({ url: `/api/VinterleirAdmin/CheckIn/Search/${token}?q=${q}${query.replace(/^\?/, "&")}` }),
        unchangedWhenRejected: ["event_checkin_actions", ...readOnlyTables],
        readOnly: true,
      }),
    fuzzTimeoutMs,
  );
  it(
    "GET /api/VinterleirAdmin/CheckIn/Code/:code/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({
          token: tokenFor("camp"),
          code: aimedAt(hostileSegment, fc.constantFrom("ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345", "0".repeat(28), "VL26-ABC123")),
          query: hostileQuery,
        }),
        toInject: ({ token, code, query }) => ({ url: `/api/VinterleirAdmin/CheckIn/Code/${code}/${token}${query}` }),
        unchangedWhenRejected: ["event_checkin_actions", ...readOnlyTables],
        readOnly: true,
      }),
    fuzzTimeoutMs,
  );
  it("GET /api/VinterleirAdmin/CheckIn/Counts/:token", () => get("/api/VinterleirAdmin/CheckIn/Counts", "camp"), fuzzTimeoutMs);
  it("GET /api/VinterleirAdmin/CheckIn/DoorList/:token", () => get("/api/VinterleirAdmin/CheckIn/DoorList", "camp"), fuzzTimeoutMs);
  it("GET /api/VinterleirAdmin/CheckIn/Refused/:token", () => get("/api/VinterleirAdmin/CheckIn/Refused", "camp"), fuzzTimeoutMs);
  it(
    "POST /api/VinterleirAdmin/CheckIn/Action/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({
          token: tokenFor("camp"),
          body: jsonBodies(
            fc.oneof(
              mutated(
                fc.record({
                  actionId: fc.uuid({ version: 4 }),
                  kind: fc.constantFrom("checkin", "undo-checkin", "undo-payment"),
                  personId: fc.nat({ max: 20 }).map((i) => `a${campIds[i % Math.max(1, campIds.length)] ?? "1"}`),
                }),
                ["actionId", "kind", "personId"],
              ),
              mutated(
                fc.record({
                  actionId: fc.uuid({ version: 4 }),
                  kind: fc.constant("payment"),
                  personId: fc.nat({ max: 20 }).map((i) => `a${campIds[i % Math.max(1, campIds.length)] ?? "1"}`),
                  amount: fc.integer({ min: 1, max: 2000 }),
                  day: fc.constantFrom("2026-11-28", "2026-11-29", "2026-11-30"),
                }),
                ["actionId", "kind", "personId", "amount", "day"],
              ),
              hostileValue,
            ),
          ),
        }),
        toInject: ({ token, body }) => ({
          method: "POST",
          url: `/api/VinterleirAdmin/CheckIn/Action/${token}`,
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
          headers: body.contentType ? { "content-type": body.contentType } : {},
        }),
        unchangedWhenRejected: ["event_checkin_actions", "event_orders", "event_payments", "event_payment_actions", "mail_outbox"],
      }),
    fuzzTimeoutMs,
  );

  it(
    "GET /api/VinterleirAdmin/PersonExport/:registrationId/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({ id: readIdFrom(() => campIds), token: tokenFor("camp"), query: hostileQuery }),
        toInject: ({ id, token, query }) => ({ url: `/api/VinterleirAdmin/PersonExport/${id}/${token}${query}` }),
        unchangedWhenRejected: ["event_payments", ...readOnlyTables],
        readOnly: true,
      }),
    fuzzTimeoutMs,
  );

  // Named camp accounts, the Excel files and the treasurer's summary (an `innsjekk` token is in the pool).
  it("GET /api/VinterleirAdmin/GetXlsx/:token", () => get("/api/VinterleirAdmin/GetXlsx", "camp", { check: xlsxCheck }), fuzzTimeoutMs);
  it(
    "GET /api/VinterleirAdmin/GetXlsx/:list/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({
          list: aimedAt(
            hostileSegment,
            fc.constantFrom("kjokken", "overnatting", "gradering", "instruktorer", "ledsagere", "ubetalt", "kasserer", "KJOKKEN", ".."),
          ),
          token: tokenFor("camp"),
          query: hostileQuery,
        }),
        toInject: ({ list, token, query }) => ({ url: `/api/VinterleirAdmin/GetXlsx/${list}/${token}${query}` }),
        unchangedWhenRejected: readOnlyTables,
        readOnly: true,
        check: xlsxCheck,
      }),
    fuzzTimeoutMs,
  );
  for (const path of ["/api/VinterleirAdmin/Treasurer", "/api/VinterleirAdmin/Me", "/api/VinterleirAdmin/Accounts"]) {
    it(`GET ${path}/:token`, () => get(path, "camp", { unchangedWhenRejected: [...readOnlyTables, "camp_accounts"] }), fuzzTimeoutMs);
  }
  it(
    "POST /api/VinterleirAdmin/Accounts/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({
          token: tokenFor("camp"),
          body: jsonBodies(
            fc.oneof(
              mutated(
                fc.record({
                  username: fc.constantFrom("hjelper", "dora", "leirsjef", "system", "Å", ""),
                  name: fc.oneof(fc.constant("Hjelper"), hostileText),
                  role: fc.constantFrom("leder", "innsjekk", "admin"),
                  password: fc.constant("Et-langt-hjelperpassord"),
                }),
                ["username", "name", "role", "password"],
              ),
              hostileValue,
            ),
          ),
        }),
        toInject: ({ token, body }) => ({
          method: "POST",
          url: `/api/VinterleirAdmin/Accounts/${token}`,
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
          headers: body.contentType ? { "content-type": body.contentType } : {},
        }),
        unchangedWhenRejected: ["camp_accounts"],
        check: async (_request, res) => {
          if (res.statusCode < 300) expect(res.body).not.toContain(sha256Hex("Et-langt-hjelperpassord"));
        },
      }),
    fuzzTimeoutMs,
  );
  it(
    "DELETE /api/VinterleirAdmin/Accounts/:username/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({
          username: fc.oneof(hostileSegment, fc.constantFrom("hjelper", "leirsjef", "LEIRSJEF", "system")),
          token: tokenFor("camp"),
          query: hostileQuery,
        }),
        toInject: ({ username, token, query }) => ({ method: "DELETE", url: `/api/VinterleirAdmin/Accounts/${username}/${token}${query}` }),
        unchangedWhenRejected: ["camp_accounts"],
        check: async () => {
          // The configured account is never removed, whatever the request.
          const me = await context.app.inject({ url: `/api/VinterleirAdmin/Me/${tokens.camp}` });
          expect(me.statusCode).toBe(200);
        },
      }),
    fuzzTimeoutMs,
  );

  // Only the seeded (current, published) year exists, so a good call changes nothing; the rest must be refused.
  it(
    "POST /api/CampEdition/Publish/:year/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({
          year: fc.oneof(hostileSegment, fc.constantFrom("2026", "2027", "1999", "2101", "0", "-1", "2026.0")),
          token: tokenFor("camp"),
          body: jsonBodies(hostileValue),
          query: hostileQuery,
        }),
        toInject: ({ year, token, body, query }) => ({
          method: "POST",
          url: `/api/CampEdition/Publish/${year}/${token}${query}`,
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
          headers: body.contentType ? { "content-type": body.contentType } : {},
        }),
        unchangedWhenRejected: ["events", "event_changes"],
        check: async (_request, res) => {
          if (res.statusCode === 200) expect(res.json()).toMatchObject({ year: 2026, current: true });
        },
      }),
    fuzzTimeoutMs,
  );

  // Last of the camp routes: a good token and a real id anonymise the person.
  it(
    "POST /api/VinterleirAdmin/Forget/:registrationId/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({ id: idFrom(() => campIds), token: tokenFor("camp"), body: jsonBodies(hostileValue) }),
        toInject: ({ id, token, body }) => ({
          method: "POST",
          url: `/api/VinterleirAdmin/Forget/${id}/${token}`,
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
          headers: body.contentType ? { "content-type": body.contentType } : {},
        }),
        unchangedWhenRejected: ["event_orders", "event_positions", "event_payments", "event_payment_actions", "mail_outbox"],
      }),
    fuzzTimeoutMs,
  );

  it(
    "DELETE /api/NewMemberAdmin/Remove/:registrationId/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({
          id: idFrom(() => memberIds),
          token: tokenFor("newmember"),
          method: fc.constantFrom("DELETE", "DELETE", "GET", "POST") as fc.Arbitrary<"DELETE">,
        }),
        toInject: ({ id, token, method }) => ({ method, url: `/api/NewMemberAdmin/Remove/${id}/${token}` }),
        unchangedWhenRejected: ["new_member_registrations", "mail_outbox"],
        rejected: (res) => res.statusCode >= 400 || res.json().ok === false,
      }),
    fuzzTimeoutMs,
  );

  it(
    "POST /api/Invoice/Upload/:token",
    async () => {
      let accepted = 0;
      await fuzzEndpoint(context, {
        requests: fc.record({
          token: tokenFor("invoice"),
          file: invoiceFiles,
          fileName: fc.option(fc.oneof(hostileHeaderValue, hostileText.map(encodeSegment)), { nil: undefined }),
          contentType: fc.constantFrom(
            "text/csv",
            "application/octet-stream",
            "application/json",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "multipart/form-data",
          ),
        }),
        toInject: ({ token, file, fileName, contentType }) => ({
          method: "POST",
          url: `/api/Invoice/Upload/${token}`,
          payload: file,
          headers: { "content-type": contentType, ...(fileName !== undefined ? { "x-file-name": fileName } : {}) },
        }),
        unchangedWhenRejected: ["invoices", "invoice_files"],
        rejected: (res) => res.statusCode >= 400 || res.json().ok === false,
        check: async (_request, res) => {
          if (res.statusCode !== 200 || res.json().ok !== true) return;
          accepted++;
          const csv = await context.app.inject({ url: `/api/Invoice/GetCsv/${tokens.invoice}` });
          expectFormulaNeutral(csv.body, "invoice CSV after an upload");
        },
        runs: acceptingRuns,
      });
      expect(accepted).toBeGreaterThan(0);
    },
    fuzzTimeoutMs,
  );

  // Last of all: a good token ends here, and the later runs go on with ended ones. Log-out only marks tokens
  // ended, so no row is ever added or removed, whatever the answer.
  for (const [area, apiName] of [
    ["camp", "VinterleirAdmin"],
    ["newmember", "NewMemberAdmin"],
    ["invoice", "Invoice"],
  ] as const) {
    for (const action of ["Logout", "LogoutAll"] as const) {
      it(
        `POST /api/${apiName}/${action}/:token`,
        () =>
          fuzzEndpoint(context, {
            requests: fc.record({ token: tokenFor(area), body: jsonBodies(hostileValue), query: hostileQuery }),
            toInject: ({ token, body, query }) => ({
              method: "POST",
              url: `/api/${apiName}/${action}/${token}${query}`,
              ...(body.payload !== undefined ? { payload: body.payload } : {}),
              headers: body.contentType ? { "content-type": body.contentType } : {},
            }),
            unchangedWhenRejected: ["admin_tokens", ...readOnlyTables],
            rejected: () => true,
          }),
        fuzzTimeoutMs,
      );
    }
  }

  // «Regnskap»: a period's files number the vouchers (a refusal numbers none); the totals only read; the chart is replaced whole.
  const periodDay = aimedAt(hostileSegment, fc.constantFrom("2026-01-01", "2026-12-31", "2027-02-29", "0000-01-01", "9999-12-31"));
  for (const [call, check] of [
    ["GetCsv", csvCheck],
    ["GetXlsx", xlsxCheck],
  ] as const) {
    it(
      `GET /api/Regnskap/${call}/:from/:to/:token`,
      () =>
        fuzzEndpoint(context, {
          requests: fc.record({ from: periodDay, to: periodDay, token: readTokenFor("camp"), query: hostileQuery }),
          toInject: ({ from, to, token, query }) => ({ url: `/api/Regnskap/${call}/${from}/${to}/${token}${query}` }),
          unchangedWhenRejected: ["accounts_vouchers", ...readOnlyTables],
          runs: readRuns(),
          check,
        }),
      fuzzTimeoutMs,
    );
  }
  it(
    "GET /api/Regnskap/Summer/:from/:to/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({ from: periodDay, to: periodDay, token: readTokenFor("camp"), query: hostileQuery }),
        toInject: ({ from, to, token, query }) => ({ url: `/api/Regnskap/Summer/${from}/${to}/${token}${query}` }),
        unchangedWhenRejected: ["accounts_vouchers", ...readOnlyTables],
        readOnly: true,
        runs: readRuns(),
      }),
    fuzzTimeoutMs,
  );
  const chartRow = fc.record({
    role: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...accountRoles) }, { weight: 1, arbitrary: hostileValue }),
    number: fc.oneof({ weight: 2, arbitrary: fc.constantFrom("1920", "7770", "0000") }, { weight: 1, arbitrary: hostileValue }),
    name: fc.oneof({ weight: 2, arbitrary: fc.constantFrom("Bank", "=SUM(A1)") }, { weight: 1, arbitrary: hostileValue }),
  });
  it(
    "PUT /api/Regnskap/Kontoplan/:token",
    () =>
      fuzzEndpoint(context, {
        requests: fc.record({
          token: tokenFor("camp"),
          body: jsonBodies(
            fc.oneof(
              mutated(fc.constant({ accounts: defaultChart.map((account) => ({ ...account })) }), ["accounts"]),
              fc.record({ accounts: fc.array(chartRow, { maxLength: 12 }) }),
              hostileValue,
            ),
          ),
        }),
        toInject: ({ token, body }) => ({
          method: "PUT",
          url: `/api/Regnskap/Kontoplan/${token}`,
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
          headers: body.contentType ? { "content-type": body.contentType } : {},
        }),
        unchangedWhenRejected: ["accounts_chart", "accounts_chart_changes"],
      }),
    fuzzTimeoutMs,
  );
});
