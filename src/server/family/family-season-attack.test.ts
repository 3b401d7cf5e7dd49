/**
 * «Min side» attacked (docs/decisions/0042-one-family-page-for-the-season.md): a stranger guessing ids and
 * look-alike addresses, a parent with an old or forwarded link, and two requests at once. Every call goes through
 * `app.inject` against the real database.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { findMyRegistrationAnswer, personalLinkHeader } from "../../shared/camp/camp-my-registration.ts";
import { hasCamp, type FamilySeasonView } from "../../shared/family/family-page.ts";
import type { Database } from "../db/database.ts";
import { familyLinks } from "../db/schema/events-orders.ts";
import { anonymiseEndedEvents } from "../privacy/event-retention.ts";
import {
  buildCampTestApp,
  campAdminToken,
  clearCampTables,
  companion,
  createTestTransport,
  draft,
  postRegistration,
  sibling,
  type TestApp,
} from "../test-support/camp.ts";
import { clearTables } from "../test-support/clear-tables.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, grading, order, participant, postOrder } from "../test-support/events.ts";

// Before the camp (28 November) and the grading (12 December), while both take registrations.
const start = new Date("2026-11-25T10:00:00Z");
let now = start;
const linkPattern = /\/min-side\/([A-Za-z0-9_-]{43})/g;

describe.each(databaseKinds)("«Min side» under attack, on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let transport: ReturnType<typeof createTestTransport>;

  beforeAll(async () => {
    now = start;
    database = await createTestDatabase(kind);
    ({ app, transport } = await buildCampTestApp(database, { clock: () => now }));
    const admin = await campAdminToken(app);
    await createPublished(app, admin, "gradering-desember", grading({ capacity: 40 }));
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(async () => {
    now = start;
    await app.outbox.drain();
    await clearCampTables(database);
    await clearTables(database, ["mail_outbox"], { side: "order" });
    await database.db.delete(familyLinks);
    transport.sent.length = 0;
  });

  const get = (token: string) => app.inject({ url: `/api/MinPamelding/Get/${token}` });
  const season = async (token: string) => {
    const res = await get(token);
    expect(res.statusCode).toBe(200);
    return res.json() as FamilySeasonView;
  };
  const find = (email: string) => app.inject({ method: "POST", url: "/api/MinPamelding/Find", payload: { email } });
  const newLink = (token: string) => app.inject({ method: "POST", url: `/api/MinPamelding/NewLink/${token}` });
  const eventView = (token: string, orderId?: string) =>
    app.inject({ url: `/api/Arrangement/MinPamelding/${token}${orderId ? `?orderId=${encodeURIComponent(orderId)}` : ""}` });
  const eventCancel = (token: string, orderId?: string, body: object = {}) =>
    app.inject({ method: "POST", url: `/api/Arrangement/Cancel/${token}${orderId ? `?orderId=${encodeURIComponent(orderId)}` : ""}`, payload: body });
  const campCall = (action: string, token: string, orderId: string | undefined, payload: object) =>
    app.inject({ method: "POST", url: `/api/MinPamelding/${action}/${token}${orderId ? `?orderId=${encodeURIComponent(orderId)}` : ""}`, payload });
  /** Every camp self-service call, with a body each would accept. */
  const campCalls = (token: string, orderId?: string) => [
    campCall("Change", token, orderId, { otherInfo: "Endret av en annen" }),
    campCall("Grading", token, orderId, { gradering: false }),
    campCall("AddCompanion", token, orderId, companion()),
    campCall("Pay", token, orderId, {}),
    campCall("Cancel", token, orderId, { person: "athlete" }),
  ];
  const mailsTo = async (address: string) => {
    await app.findMyRegistrationQueue.idle();
    await app.outbox.drain();
    return transport.sent.filter((mail) => mail.to === address);
  };
  const linksIn = (text: string) => [...new Set([...text.matchAll(linkPattern)].map((match) => match[1]!))];
  const newLinkMails = async (address: string) => (await mailsTo(address)).filter((mail) => mail.subject.startsWith("Ny lenke"));

  async function gradingOrder(email: string, firstName: string) {
    const before = transport.sent.length;
    const graded = await postOrder(
      app,
      "gradering-desember",
      order({ contact: { firstName: "Kari", lastName: "Nordmann", email, telephone: "91234567" }, participants: [participant({ firstName })] }),
    );
    expect(graded.body, email).toBe("Done");
    await app.outbox.drain();
    const confirmation = transport.sent.slice(before).find((mail) => mail.subject.includes("Cupgradering"))!;
    const [row] = (await database.db.execute(sql`select order_id, email_key from event_orders where owner_kind = 'order' order by id desc limit 1`))
      .rows as { order_id: string; email_key: string }[];
    return { orderId: row!.order_id, emailKey: row!.email_key, orderLink: linksIn(confirmation.text)[0]! };
  }

  /** A camp registration (card/cash) and a grading for one child, both with `email`. */
  async function family(email: string, firstName: string) {
    const body = draft({ email, firstName, age: 30 });
    const camp = await postRegistration(app, body);
    expect(camp.body).toBe("Done");
    const submission = String(camp.headers[personalLinkHeader]).split("/").pop()!;
    const [campRow] = (await database.db.execute(sql`select order_id from event_orders where draft_id = ${body.draftId}`)).rows as {
      order_id: string;
    }[];
    const graded = await gradingOrder(email, firstName);
    return { campOrderId: campRow!.order_id, gradingOrderId: graded.orderId, orderLink: graded.orderLink, submission };
  }

  async function found(email: string, mailbox = email): Promise<string> {
    const before = transport.sent.length;
    expect((await find(email)).json()).toEqual({ message: findMyRegistrationAnswer });
    const mails = (await mailsTo(mailbox))
      .filter((mail) => transport.sent.indexOf(mail) >= before)
      .filter((mail) => mail.subject.startsWith("Lenken til påmeldingene dine"));
    expect(mails).toHaveLength(1);
    return linksIn(mails[0]!.text)[0]!;
  }

  it("«Send meg en ny lenke» from an ended grading's own page mails a link that opens that grading", async () => {
    const graded = await gradingOrder("familie@example.no", "Ola");
    // The grading is over, its personal data not blanked yet: its own link shows it, read-only.
    now = new Date("2026-12-14T10:00:00Z");
    const before = await season(graded.orderLink);
    expect(before.events).toEqual([expect.objectContaining({ orderId: graded.orderId, cancellable: false })]);
    expect(before.link.scope).toBe("order");
    const renewed = await newLink(graded.orderLink);
    expect(renewed.statusCode).toBe(200);
    expect((await get(graded.orderLink)).statusCode).toBe(404);
    const mails = await newLinkMails("familie@example.no");
    expect(mails).toHaveLength(1);
    const [fresh] = linksIn(mails[0]!.text);
    // The family is not left with a mail whose link opens nothing: the new link opens what the old one did.
    const after = await get(fresh!);
    expect(after.statusCode).toBe(200);
    expect((after.json() as FamilySeasonView).events.map((event) => event.orderId)).toEqual([graded.orderId]);
    expect((await eventView(fresh!)).json()).toMatchObject({ orderId: graded.orderId, cancellable: false });
    expect((await eventCancel(fresh!)).statusCode).toBe(409);
  });

  it("after «Send meg en ny lenke» no older link works on any call, page or old address", async () => {
    const ola = await family("familie@example.no", "Ola");
    const first = await found("familie@example.no");
    expect((await newLink(first)).statusCode).toBe(200);
    const [fresh] = linksIn((await newLinkMails("familie@example.no"))[0]!.text);
    // Without the site the page of a working link is the app's own 404 too: the route's answer for a link that
    // opens nothing is told apart by its body.
    const unknownPage = (await app.inject({ url: `/min-side/${"x".repeat(43)}` })).body;
    expect((await app.inject({ url: `/min-side/${fresh}` })).body).not.toBe(unknownPage);
    for (const old of [first, ola.orderLink, ola.submission]) {
      expect((await get(old)).statusCode, old).toBe(404);
      const page = await app.inject({ url: `/min-side/${old}` });
      expect([page.statusCode, page.body]).toEqual([404, unknownPage]);
      for (const base of ["/vinterleir/min-pamelding", "/arrangementer/min-pamelding"]) {
        const moved = await app.inject({ url: `${base}/${old}` });
        expect(moved.headers.location).toBe(`/min-side/${old}`);
        expect((await app.inject({ url: moved.headers.location! })).body).toBe(unknownPage);
      }
      expect((await newLink(old)).statusCode).toBe(404);
      for (const orderId of [undefined, ola.gradingOrderId]) {
        expect((await eventView(old, orderId)).statusCode).toBe(404);
        expect((await eventCancel(old, orderId)).statusCode).toBe(404);
      }
      for (const orderId of [undefined, ola.campOrderId])
        for (const res of await Promise.all(campCalls(old, orderId))) expect(res.statusCode, res.body).toBe(404);
    }
    // Nothing changed through them, and the new link still opens everything.
    const view = await season(fresh!);
    expect(view).toMatchObject({ orderId: ola.campOrderId, status: "confirmed", otherInfo: "" });
    expect(view.events).toEqual([expect.objectContaining({ orderId: ola.gradingOrderId, status: "confirmed" })]);
  });

  it("a renewal ends the Done page's link of a group holding the family's child, though its first athlete moved address", async () => {
    const body = draft({ email: "familie@example.no", firstName: "Ola", age: 30, siblings: [sibling({ firstName: "Kari" })] });
    const registered = await postRegistration(app, body);
    expect(registered.body).toBe("Done");
    const submission = String(registered.headers[personalLinkHeader]).split("/").pop()!;
    const link = await found("familie@example.no");
    const before = await season(link);
    const members = (view: FamilySeasonView) => (hasCamp(view) ? (view.group?.members ?? []).map((member) => member.orderId) : []);
    const [first, second] = members(before);
    // The first athlete's contact address is changed to the other parent's; Kari stays with the family's address.
    expect((await campCall("Change", link, first, { email: "annen@example.no" })).statusCode).toBe(200);
    expect(members(await season(submission))).toContain(second);
    now = new Date("2026-11-25T10:11:00Z");
    expect((await newLink(await found("familie@example.no"))).statusCode).toBe(200);
    // The Done page's link opened Kari through the group: it ends with the family's other links.
    expect((await get(submission)).statusCode).toBe(404);
    for (const res of await Promise.all(campCalls(submission, second))) expect(res.statusCode).toBe(404);
  });

  it("two renewals at once (the same link twice, or two of the family's links) leave exactly one working link", async () => {
    const ola = await family("familie@example.no", "Ola");
    const first = await found("familie@example.no");
    const same = await Promise.all([newLink(first), newLink(first)]);
    expect(same.map((res) => res.statusCode).sort()).toEqual([200, 404]);
    let mails = await newLinkMails("familie@example.no");
    expect(mails).toHaveLength(1);
    const [second] = linksIn(mails[0]!.text);
    expect((await get(second!)).statusCode).toBe(200);

    transport.sent.length = 0;
    // The grading's own link died with the first renewal; a fresh address link and one made by Find race now.
    now = new Date("2026-11-25T10:30:00Z");
    const third = await found("familie@example.no");
    const both = await Promise.all([newLink(second!), newLink(third)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 404]);
    mails = await newLinkMails("familie@example.no");
    expect(mails).toHaveLength(1);
    const [last] = linksIn(mails[0]!.text);
    for (const old of [first, second!, third, ola.orderLink, ola.submission]) expect((await get(old)).statusCode).toBe(404);
    expect((await season(last!)).events).toHaveLength(1);
    const left = await database.db.select().from(familyLinks).where(eq(familyLinks.emailKey, "familie@example.no"));
    expect(left).toHaveLength(1);
  });

  it("a renewal during a cancel through the old link: the cancel is done once, and the family keeps a working link", async () => {
    const ola = await family("familie@example.no", "Ola");
    const first = await found("familie@example.no");
    transport.sent.length = 0;
    const [cancelled, renewed, eventCancelled] = await Promise.all([
      campCall("Cancel", first, ola.campOrderId, { person: "athlete" }),
      newLink(first),
      eventCancel(first, ola.gradingOrderId),
    ]);
    expect(renewed.statusCode).toBe(200);
    expect([200, 404]).toContain(cancelled.statusCode);
    expect([200, 404]).toContain(eventCancelled.statusCode);
    const mails = await newLinkMails("familie@example.no");
    expect(mails).toHaveLength(1);
    const [fresh] = linksIn(mails[0]!.text);
    const view = await season(fresh!);
    expect(view).toMatchObject({ status: cancelled.statusCode === 200 ? "cancelled" : "confirmed" });
    expect(view.events[0]!.status).toBe(eventCancelled.statusCode === 200 ? "cancelled" : "confirmed");
    expect((await get(first)).statusCode).toBe(404);
    // Through the new link a cancel already done changes nothing more.
    expect((await eventCancel(fresh!, ola.gradingOrderId)).json()).toMatchObject({ changed: eventCancelled.statusCode !== 200 });
  });

  it("look-alike addresses are other families: neither their links nor their ids reach the family's things", async () => {
    const familie = await family("familie@example.no", "Ola");
    // Case and spaces are the same address; these are not.
    const lookAlikes = [
      "familie+grudge@example.no",
      "familie@example.no.",
      "famİlie@example.no",
      "famılie@example.no",
      "familie@examp1e.no",
      "familie.@example.no",
      "fami\u0301lie@example.no",
    ];
    const strangers = [];
    for (const [index, address] of lookAlikes.entries()) strangers.push({ address, ...(await gradingOrder(address, `Fremmed${index}`)) });
    const same = await gradingOrder("  FAMILIE@Example.NO ", "Kari");
    expect(same.emailKey).toBe("familie@example.no");
    for (const stranger of strangers) expect(stranger.emailKey, stranger.address).not.toBe("familie@example.no");

    const link = await found("familie@example.no");
    const view = await season(link);
    expect(view.events.map((event) => event.orderId).sort()).toEqual([familie.gradingOrderId, same.orderId].sort());
    for (const stranger of strangers) {
      expect(JSON.stringify(view)).not.toContain(stranger.orderId);
      expect((await eventView(link, stranger.orderId)).statusCode).toBe(404);
      expect((await eventCancel(link, stranger.orderId)).statusCode).toBe(404);
      // The stranger's own order link opens only the stranger's order, never the family's.
      expect((await season(stranger.orderLink)).events.map((event) => event.orderId)).toEqual([stranger.orderId]);
      expect((await eventView(stranger.orderLink, familie.gradingOrderId)).statusCode).toBe(404);
      expect((await eventCancel(stranger.orderLink, familie.gradingOrderId)).statusCode).toBe(404);
      for (const res of await Promise.all(campCalls(stranger.orderLink, familie.campOrderId))) expect(res.statusCode).toBe(404);
    }
    // «Finn påmeldingen min» for a look-alike mails the look-alike's own things to the look-alike only.
    const strangerLink = await found("familie+grudge@example.no");
    const strangerView = await season(strangerLink);
    expect(strangerView.orderId).toBeUndefined();
    expect(strangerView.events.map((event) => event.orderId)).toEqual([strangers[0]!.orderId]);
    // Its renewal ends none of the family's links.
    expect((await newLink(strangerLink)).statusCode).toBe(200);
    expect((await newLink(strangers[1]!.orderLink)).statusCode).toBe(200);
    for (const token of [link, familie.orderLink, familie.submission, same.orderLink]) expect((await get(token)).statusCode).toBe(200);
  });

  it("an address link acts on no other family's camp registration, whatever order id a camp call names", async () => {
    const a = await family("a@example.no", "Anna");
    const b = await family("b@example.no", "Bjørn");
    const linkA = await found("a@example.no");
    for (const token of [linkA, a.submission, a.orderLink])
      for (const guess of [b.campOrderId, b.gradingOrderId, a.gradingOrderId, "VL26-ZZZZZZ", "x".repeat(500)])
        for (const res of await Promise.all(campCalls(token, guess))) expect(res.statusCode, `${guess} ${res.body}`).toBeOneOf([400, 404]);
    // A repeated order id (an array) names nothing either.
    const repeated = await app.inject({
      method: "POST",
      url: `/api/MinPamelding/Cancel/${linkA}?orderId=${a.campOrderId}&orderId=${b.campOrderId}`,
      payload: { person: "athlete" },
    });
    expect(repeated.statusCode).toBeOneOf([400, 404]);
    const twice = await app.inject({ url: `/api/Arrangement/MinPamelding/${linkA}?orderId=${a.gradingOrderId}&orderId=${b.gradingOrderId}` });
    expect(twice.statusCode).toBeOneOf([400, 404]);
    const viewB = await season(await found("b@example.no"));
    expect(viewB).toMatchObject({ status: "confirmed", otherInfo: "", gradering: false, persons: [expect.objectContaining({ kind: "athlete" })] });
    expect(viewB.events[0]).toMatchObject({ status: "confirmed" });
  });

  it("«Finn påmeldingen min» answers alike for every address and mails at most once per 10 minutes", async () => {
    await family("familie@example.no", "Ola");
    const answers = await Promise.all(
      ["familie@example.no", "ukjent@example.no", "FAMILIE@EXAMPLE.NO", "familie+x@example.no"].map(async (email) => {
        const res = await find(email);
        return { status: res.statusCode, body: res.body, cache: res.headers["cache-control"] };
      }),
    );
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    for (let minute = 0; minute < 10; minute++) {
      now = new Date(start.getTime() + minute * 60_000);
      await find("familie@example.no");
    }
    await app.findMyRegistrationQueue.idle();
    const mails = (await mailsTo("familie@example.no")).filter((mail) => mail.subject.startsWith("Lenken til påmeldingene dine"));
    expect(mails).toHaveLength(1);
    expect(await mailsTo("ukjent@example.no")).toEqual([]);
    expect(await mailsTo("familie+x@example.no")).toEqual([]);
  });

  it("ended, anonymised and cancelled things: read-only while the order's own link lives, 404 once blanked", async () => {
    const ola = await family("familie@example.no", "Ola");
    const link = await found("familie@example.no");
    // A cancelled order stays on the page, owes nothing, and a second cancel changes nothing.
    expect((await eventCancel(link, ola.gradingOrderId)).json()).toMatchObject({ changed: true });
    expect((await eventCancel(link, ola.gradingOrderId)).json()).toMatchObject({ changed: false });
    expect((await eventCancel(ola.orderLink)).json()).toMatchObject({ changed: false });
    expect((await season(link)).events[0]).toMatchObject({ status: "cancelled", cancellable: false, money: { outstanding: 0 } });
    // The grading over (and the camp): no longer the address's, still its own link's (read-only).
    now = new Date("2026-12-14T10:00:00Z");
    expect((await get(link)).statusCode).toBe(404);
    expect((await eventView(link, ola.gradingOrderId)).statusCode).toBe(404);
    expect((await eventView(ola.orderLink)).json()).toMatchObject({ cancellable: false, event: { ended: true } });
    expect((await eventCancel(ola.orderLink)).json()).toMatchObject({ changed: false });
    // Blanked after the event: the order's link answers 404 everywhere, and nothing names the family.
    now = new Date("2027-06-01T10:00:00Z");
    await anonymiseEndedEvents(database.db, now, 30);
    for (const res of [await get(ola.orderLink), await eventView(ola.orderLink), await eventCancel(ola.orderLink), await newLink(ola.orderLink)])
      expect(res.statusCode).toBe(404);
  });
});

describe("«Min side»'s writes are rate-limited per client address", () => {
  let database: Database;
  let app: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    ({ app } = await buildCampTestApp(database, { clock: () => start, env: { PUBLIC_POST_RATE_LIMIT: "2" } }));
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("«Finn påmeldingen min» and «Send meg en ny lenke» answer 429 past the limit", async () => {
    const finds = [];
    for (let i = 0; i < 3; i++)
      finds.push((await app.inject({ method: "POST", url: "/api/MinPamelding/Find", payload: { email: `x${i}@example.no` } })).statusCode);
    expect(finds).toEqual([200, 200, 429]);
    const renewals = [];
    for (let i = 0; i < 3; i++)
      renewals.push((await app.inject({ method: "POST", url: `/api/MinPamelding/NewLink/${"A".repeat(42)}${i}` })).statusCode);
    expect(renewals).toEqual([404, 404, 429]);
  });
});
