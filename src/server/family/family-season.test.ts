import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { personalLinkHeader } from "../../shared/camp/camp-my-registration.ts";
import { findMyRegistrationAnswer } from "../../shared/camp/camp-my-registration.ts";
import { familyPageMessages, newLinkAnswer, type FamilySeasonView } from "../../shared/family/family-page.ts";
import type { Database } from "../db/database.ts";
import { eventOrders, familyLinks } from "../db/schema/events-orders.ts";
import {
  buildCampTestApp,
  campAdminToken,
  clearCampTables,
  createTestTransport,
  draft,
  postRegistration,
  type TestApp,
} from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, grading, order, participant, postOrder } from "../test-support/events.ts";
import { deleteExpiredLinks } from "../camp/camp-personal-link.ts";
import { clearTables } from "../test-support/clear-tables.ts";

// Before the camp (28 November) and the grading (12 December), while both take registrations.
let now = new Date("2026-11-25T10:00:00Z");
const linkPattern = /\/min-side\/([A-Za-z0-9_-]{43})/g;

describe.each(databaseKinds)("«Min side», the family's season, on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let transport: ReturnType<typeof createTestTransport>;
  let admin: string;

  beforeAll(async () => {
    now = new Date("2026-11-25T10:00:00Z");
    database = await createTestDatabase(kind);
    ({ app, transport } = await buildCampTestApp(database, { clock: () => now }));
    admin = await campAdminToken(app);
    await createPublished(app, admin, "gradering-desember", grading({ capacity: 20 }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(async () => {
    now = new Date("2026-11-25T10:00:00Z");
    await app.outbox.drain();
    await clearCampTables(database);
    // The events' orders too (the grading itself stays), and every address link.
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
    app.inject({ url: `/api/Arrangement/MinPamelding/${token}${orderId ? `?orderId=${orderId}` : ""}` });
  const eventCancel = (token: string, orderId?: string, body: object = {}) =>
    app.inject({ method: "POST", url: `/api/Arrangement/Cancel/${token}${orderId ? `?orderId=${orderId}` : ""}`, payload: body });
  const sentTo = async (address: string) => {
    await app.findMyRegistrationQueue.idle();
    await app.outbox.drain();
    return transport.sent.filter((mail) => mail.to === address);
  };
  const linksIn = (text: string) => [...new Set([...text.matchAll(linkPattern)].map((match) => match[1]!))];

  /** A camp registration (card/cash) and a grading for one child, both with `email`; answers their order ids and links. */
  async function family(email: string, firstName: string) {
    const body = draft({ email, firstName, age: 30 });
    const camp = await postRegistration(app, body);
    expect(camp.body).toBe("Done");
    const submission = String(camp.headers[personalLinkHeader]).split("/").pop()!;
    const [campRow] = (await database.db.execute(sql`select order_id from event_orders where draft_id = ${body.draftId}`)).rows as {
      order_id: string;
    }[];
    const before = transport.sent.length;
    const graded = await postOrder(
      app,
      "gradering-desember",
      order({ contact: { firstName: "Kari", lastName: "Nordmann", email, telephone: "91234567" }, participants: [participant({ firstName })] }),
    );
    expect(graded.body).toBe("Done");
    await app.outbox.drain();
    const confirmation = transport.sent.slice(before).find((mail) => mail.subject.includes("Cupgradering"))!;
    const [gradingRow] = (
      await database.db.execute(sql`select order_id, email_key from event_orders where owner_kind = 'order' order by id desc limit 1`)
    ).rows as { order_id: string; email_key: string }[];
    return {
      campOrderId: campRow!.order_id,
      gradingOrderId: gradingRow!.order_id,
      emailKey: gradingRow!.email_key,
      submission,
      orderLink: linksIn(confirmation.text)[0]!,
    };
  }

  /** «Finn påmeldingen min» for `email`: the one mail's one link. */
  async function found(email: string): Promise<string> {
    const before = transport.sent.length;
    expect((await find(email)).json()).toEqual({ message: findMyRegistrationAnswer });
    const mails = (await sentTo(email.toLowerCase()))
      .filter((mail) => transport.sent.indexOf(mail) >= before)
      .filter((mail) => mail.subject.startsWith("Lenken til påmeldingene dine"));
    expect(mails).toHaveLength(1);
    const links = linksIn(`${mails[0]!.text}${mails[0]!.html}`);
    expect(links).toHaveLength(1);
    return links[0]!;
  }

  it("a child at the camp and a grading with one address: Find sends one mail with one link, and Get holds both", async () => {
    const ola = await family("Familie@Example.no", "Ola");
    // The event order stores the address as compared, what the address link looks it up by.
    expect(ola.emailKey).toBe("familie@example.no");
    const link = await found("familie@example.no");
    const mail = (await sentTo("familie@example.no")).find((candidate) => candidate.subject.startsWith("Lenken til påmeldingene dine"))!;
    expect(mail.text).toContain("Hei Kari!");
    expect(mail.text).toContain(`Ola Nordmann, vinterleir 2026 (ordrenummer ${ola.campOrderId})`);
    expect(mail.text).toContain(`Ola Nordmann, Cupgradering desember (ordrenummer ${ola.gradingOrderId})`);

    const view = await season(link);
    // The camp's fields as before, and the grading beside them.
    expect(view).toMatchObject({ orderId: ola.campOrderId, status: "confirmed", link: { scope: "address" } });
    expect(view.events.map((event) => [event.orderId, event.event.kind, event.status, event.money.charged])).toEqual([
      [ola.gradingOrderId, "gradering", "confirmed", 350],
    ]);
    // The grading's confirmation link opens «Min side» with that order; the old addresses lead there.
    const own = await season(ola.orderLink);
    expect(own).toMatchObject({ link: { scope: "order" }, events: [expect.objectContaining({ orderId: ola.gradingOrderId })] });
    expect(own.orderId).toBeUndefined();
    for (const old of [`/arrangementer/min-pamelding/${ola.orderLink}`, `/vinterleir/min-pamelding/${link}`]) {
      const res = await app.inject({ url: old });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/min-side/${old.split("/").pop()}`);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    // An unknown one leads there too, and «Min side» answers it with 404.
    expect((await app.inject({ url: `/vinterleir/min-pamelding/${"x".repeat(43)}` })).headers.location).toBe(`/min-side/${"x".repeat(43)}`);
    expect((await app.inject({ url: `/min-side/${"x".repeat(43)}` })).statusCode).toBe(404);
  });

  it("the address link acts on its own event order through the event's calls; a cancelled order owes nothing", async () => {
    const ola = await family("familie@example.no", "Ola");
    const link = await found("familie@example.no");
    // Without an order id an address link names no event order.
    expect((await eventView(link)).statusCode).toBe(404);
    expect((await eventView(link, ola.gradingOrderId)).json()).toMatchObject({ orderId: ola.gradingOrderId, cancellable: true });
    const cancelled = await eventCancel(link, ola.gradingOrderId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", changed: true, money: { charged: 0, outstanding: 0 } });
    const after = await season(link);
    expect(after.events[0]).toMatchObject({ status: "cancelled", cancellable: false, money: { charged: 0, outstanding: 0 } });
    // After the event has ended the order is no longer the season's, and no call through the address link reaches it.
    now = new Date("2026-12-13T10:00:00Z");
    expect((await eventView(link, ola.gradingOrderId)).statusCode).toBe(404);
  });

  it("a link of family A never reads or acts on family B's orders, whatever order id it names", async () => {
    const a = await family("a@example.no", "Anna");
    const b = await family("b@example.no", "Bjørn");
    const linkA = await found("a@example.no");
    const seen = await season(linkA);
    expect(seen.events.map((event) => event.orderId)).toEqual([a.gradingOrderId]);
    expect(JSON.stringify(seen)).not.toContain(b.gradingOrderId);
    expect(JSON.stringify(seen)).not.toContain(b.campOrderId);
    // Another family's order ids, ids of no order, and what a guess might try; a camp order is no event order.
    const guesses = [b.gradingOrderId, b.campOrderId, "GR26-ZZZZZZ", "VL26-ZZZZZZ", "' or 1=1 --", "%00"];
    for (const token of [linkA, a.orderLink, a.submission]) {
      for (const guess of [...guesses, a.campOrderId]) {
        const query = encodeURIComponent(guess);
        const what = `${token === linkA ? "address" : token === a.orderLink ? "order" : "submission"} ${guess}`;
        expect((await eventView(token, query)).statusCode, what).toBeOneOf([400, 404]);
        expect((await eventCancel(token, query)).statusCode, what).toBeOneOf([400, 404]);
      }
      for (const guess of guesses) {
        const query = encodeURIComponent(guess);
        const cancelled = await app.inject({
          method: "POST",
          url: `/api/MinPamelding/Cancel/${token}?orderId=${query}`,
          payload: { person: "athlete" },
        });
        expect(cancelled.statusCode, guess).toBeOneOf([400, 404]);
      }
    }
    // A camp submission's link opens no event order at all, even the family's own.
    expect((await eventView(a.submission, a.gradingOrderId)).statusCode).toBe(404);
    // The event order's own link opens only its order.
    expect((await eventView(a.orderLink)).json()).toMatchObject({ orderId: a.gradingOrderId });
    const rows = (await database.db.execute(sql`select status from event_orders where order_id in (${b.gradingOrderId}, ${b.campOrderId})`)).rows;
    expect(rows).toEqual([{ status: "confirmed" }, { status: "confirmed" }]);
    expect((await season(b.orderLink)).events[0]).toMatchObject({ status: "confirmed" });
  });

  it("«Send meg en ny lenke» ends every older link of the family and mails a new one that works; Find ends none", async () => {
    const ola = await family("familie@example.no", "Ola");
    const other = await family("andre@example.no", "Per");
    const first = await found("familie@example.no");
    // Asking again (a stranger may) ends no link.
    now = new Date("2026-11-25T10:11:00Z");
    const second = await found("familie@example.no");
    expect((await get(first)).statusCode).toBe(200);
    // A camp submission's link was never mailed: it cannot shut the family's links.
    const refused = await newLink(ola.submission);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(familyPageMessages.newLinkNotHere);

    const renewed = await newLink(first);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toEqual({ message: newLinkAnswer });
    for (const old of [first, second, ola.orderLink, ola.submission]) {
      expect((await get(old)).statusCode).toBe(404);
      expect((await eventView(old, ola.gradingOrderId)).statusCode).toBe(404);
    }
    expect((await newLink(first)).statusCode).toBe(404);
    const mails = (await sentTo("familie@example.no")).filter((mail) => mail.subject.startsWith("Ny lenke"));
    expect(mails.map((mail) => mail.outboxId + mail.text)).toHaveLength(1);
    expect(mails[0]!.text).toContain("Hei Kari!");
    expect(mails[0]!.text).toContain("virker ikke lenger");
    const [fresh] = linksIn(mails[0]!.text);
    const view = await season(fresh!);
    expect(view).toMatchObject({ orderId: ola.campOrderId, events: [expect.objectContaining({ orderId: ola.gradingOrderId })] });
    // Another family's links are untouched.
    expect((await get(other.orderLink)).statusCode).toBe(200);
    expect((await get(other.submission)).statusCode).toBe(200);
    // An event order's link (mailed to the address) may ask too.
    const renewedAgain = await newLink(other.orderLink);
    expect(renewedAgain.statusCode).toBe(200);
    expect((await get(other.orderLink)).statusCode).toBe(404);
  });

  it("a family with only an event order gets one address link that opens it, and it lives while the event has not ended", async () => {
    const answer = await postOrder(app, "gradering-desember", order({ participants: [participant()] }));
    expect(answer.body).toBe("Done");
    const link = await found("kari@example.no");
    const view = await season(link);
    expect(view.orderId).toBeUndefined();
    expect(view.events).toHaveLength(1);
    // Never opened, it is not an expired camp link: retention keeps it until the grading is over.
    await database.db.update(familyLinks).set({ usedAt: null });
    await deleteExpiredLinks(database.db, now);
    expect((await get(link)).statusCode).toBe(200);
    await database.db.update(familyLinks).set({ usedAt: null });
    now = new Date("2026-12-13T10:00:00Z");
    await deleteExpiredLinks(database.db, now);
    expect(await database.db.select().from(familyLinks).where(eq(familyLinks.emailKey, "kari@example.no"))).toEqual([]);
    expect((await database.db.select({ key: eventOrders.emailKey }).from(eventOrders).where(eq(eventOrders.ownerKind, "order")))[0]).toEqual({
      key: "kari@example.no",
    });
  });
});
