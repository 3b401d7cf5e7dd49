import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatKroner } from "../../shared/format.ts";
import { messageInputMessages, newMemberMessageSlug, type MessageLogEntry } from "../../shared/messages/message.ts";
import type { Database } from "../db/database.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { events } from "../db/schema/events.ts";
import { messages } from "../db/schema/messages.ts";
import { appendEventEntries } from "../events/event-ledger.ts";
import { anonymiseEndedEvents } from "../privacy/event-retention.ts";
import { testAdminCredentials } from "../test-support/app.ts";
import { buildCampTestApp, campAdminToken, countRows, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, grading, order, participant, postOrder } from "../test-support/events.ts";

const now = new Date("2026-11-26T12:00:00Z");
const slug = "gradering-desember";
const linkPattern = /\/min-side\/([A-Za-z0-9_-]{43})/;

describe.each(databaseKinds)("«Send melding» to a grading's families on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let transport: Awaited<ReturnType<typeof buildCampTestApp>>["transport"];
  let leder: string;
  const orderIds: Record<"paid" | "unpaid", string> = { paid: "", unpaid: "" };
  /** The unpaid family's link from its confirmation mail: a message must not put it out of use. */
  let confirmationLink = "";

  const send = (body: object, to = slug) => app.inject({ method: "POST", url: `/api/Melding/Send/${to}/${leder}`, payload: body });
  const log = async () => (await app.inject({ url: `/api/Melding/Get/${slug}/${leder}` })).json() as MessageLogEntry[];
  const myOrder = (link: string) => app.inject({ url: `/api/Arrangement/MinPamelding/${link}` });
  const mailsWith = (subject: string) => transport.sent.filter((mail) => mail.subject === subject);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app, transport } = await buildCampTestApp(database, { clock: () => now }));
    leder = await campAdminToken(app);
    await createPublished(app, leder, slug, grading({ capacity: 5 }));
    for (const [key, firstName, email] of [
      ["paid", "Ola", "anne@example.no"],
      ["unpaid", "Siri", "berit@example.no"],
    ] as const) {
      const contact = { firstName: key === "paid" ? "Anne" : "Berit", lastName: "Nordmann", email, telephone: "91234567" };
      const answer = await postOrder(app, slug, order({ contact, participants: [participant({ firstName })] }));
      expect(answer.body).toBe("Done");
      const [row] = await database.db.select().from(eventOrders).where(eq(eventOrders.email, email));
      orderIds[key] = row!.orderId;
      // The paid family pays its grading in full at the kiosk: the ledger says so, as the admin reads it.
      if (key === "paid")
        await appendEventEntries(database.db, [
          { orderId: row!.id, at: now, actor: "test", reason: "Betalt", kind: "payment", method: "card_cash", amount: 350 },
        ]);
    }
    await app.outbox.drain();
    confirmationLink = linkPattern.exec(transport.sent.find((mail) => mail.to === "berit@example.no")?.text ?? "")?.[1] ?? "";
    expect(confirmationLink).not.toBe("");
    transport.sent.length = 0;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("«unpaid» sends exactly one mail, to the family that owes, with a working link to its order, and the log lists it", async () => {
    const sent = await send({ segment: "unpaid", subject: "Husk betaling", body: "Hei {navn}, {deltakere} har {beløp} igjen å betale." });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ recipients: 1 });
    await app.outbox.drain();

    const [mail, ...others] = mailsWith("Husk betaling");
    expect(others).toEqual([]);
    expect(mail!.to).toBe("berit@example.no");
    // The text greets by itself: one greeting, the leader's, in the text and the HTML alike.
    expect(mail!.text).toMatch(new RegExp(`^Hei Berit, Siri har ${formatKroner(350)} igjen å betale\\.\\n`));
    expect(mail!.text).not.toContain("Hei Berit!");
    expect(mail!.html.match(/\bHei\b/g)).toHaveLength(1);
    expect(mail!.text).not.toContain("Ola");
    // The link opens the family's own order; the confirmation's link still does too.
    const link = linkPattern.exec(mail!.text)?.[1];
    expect(link).toBeDefined();
    expect(link).not.toBe(confirmationLink);
    for (const opened of [link!, confirmationLink]) {
      const page = await myOrder(opened);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject({ orderId: orderIds.unpaid });
    }
    // The club's copy: the text as written, no family's link.
    const copy = transport.sent.find((candidate) => candidate.subject === "Kopi: Husk betaling");
    expect(copy?.text).toContain("1 familie (Har noe igjen å betale)");
    expect(copy?.text).not.toMatch(linkPattern);

    const [entry] = await log();
    expect(entry).toMatchObject({ segment: "unpaid", subject: "Husk betaling", recipients: 1, createdBy: testAdminCredentials.CAMP_ADMIN_USERNAME });
    expect(entry!.families).toEqual([{ address: "berit@example.no", participants: "Siri Nordmann", state: "sent", error: null }]);
  });

  it("«checked in» reaches the families of those the door checked in on the grading's day", async () => {
    const door = await app.inject({
      method: "POST",
      url: `/api/ArrangementInnsjekk/CheckIn/${slug}/${leder}`,
      payload: { orderId: orderIds.paid, position: 0 },
    });
    expect(door.statusCode, door.body).toBe(200);
    const preview = await app.inject({
      method: "POST",
      url: `/api/Melding/Preview/${slug}/${leder}`,
      payload: { message: { segment: "notCheckedIn", day: "2026-12-12", subject: "Hvor er dere?", body: "Vi venter." } },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ to: "berit@example.no", recipients: [{ orderIds: [orderIds.unpaid], participants: "Siri Nordmann" }] });
    const sent = await send({ segment: "checkedIn", day: "2026-12-12", subject: "Takk for i dag", body: "Godt gradert!" });
    expect(sent.statusCode, sent.body).toBe(201);
    await app.outbox.drain();
    expect(mailsWith("Takk for i dag").map((mail) => mail.to)).toEqual(["anne@example.no"]);
  });

  it("refuses, in Norwegian and storing nothing, what does not apply to a grading, and answers 404 for an unknown slug", async () => {
    const before = await countRows(database, "messages");
    const refused = async (body: object, message: string) => {
      const res = await send({ subject: "Nei", body: "Nei", ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: message });
    };
    await refused({ segment: "sleepover" }, messageInputMessages.campOnlySegment);
    await refused({ segment: "checkedIn", day: "2026-12-13" }, messageInputMessages.eventDay);
    await refused({ segment: "all", attachProgramme: true }, messageInputMessages.programmeOnlyCamp);
    await refused({ segment: "picked", orderIds: ["GR26-FINNESIKKE"] }, messageInputMessages.unknownEventOrder);
    const unknown = await send({ segment: "all", subject: "Nei", body: "Nei" }, "gradering-som-ikke-finnes");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "Fant ikke arrangementet." });
    expect((await app.inject({ url: `/api/Melding/Get/gradering-som-ikke-finnes/${leder}` })).statusCode).toBe(404);
    expect(await countRows(database, "messages")).toBe(before);
  });

  it("never reaches the new-member admin's messages: its key is no event's address, not even an event stored under it", async () => {
    // The new-member admin's log (its own credential) is kept under this key; a camp leader must not read it.
    await database.db.insert(messages).values({
      eventSlug: newMemberMessageSlug,
      segment: "all",
      subject: "Velkommen",
      body: "Hei",
      createdBy: "nye",
      createdAt: now,
      sendAt: now,
      queuedAt: now,
    });
    const refused = await app.inject({
      method: "PUT",
      url: `/api/ArrangementAdmin/Put/${newMemberMessageSlug}/${leder}?create=1`,
      payload: grading(),
    });
    expect(refused.statusCode, refused.body).toBe(400);
    // An event stored under it before it was refused.
    const [existing] = await database.db.select().from(events).where(eq(events.slug, slug));
    const { id: _id, ...copy } = existing!;
    await database.db.insert(events).values({ ...copy, slug: newMemberMessageSlug });
    expect((await app.inject({ url: `/api/Melding/Get/${newMemberMessageSlug}/${leder}` })).statusCode).toBe(404);
    expect((await send({ segment: "all", subject: "Nei", body: "Nei" }, newMemberMessageSlug)).statusCode).toBe(404);
  });

  it("with the grading's personal data, the message's link stops working and the log keeps only counts and states", async () => {
    const link = linkPattern.exec(mailsWith("Husk betaling")[0]?.text ?? "")?.[1];
    expect((await myOrder(link!)).statusCode).toBe(200);
    // 30 days after the grading (12 December), as the retention runs it.
    expect(await anonymiseEndedEvents(database.db, new Date("2027-01-13T12:00:00Z"), 30)).toBe(2);
    expect((await myOrder(link!)).statusCode).toBe(404);
    expect(await countRows(database, "family_links")).toBe(0);
    const entry = (await log()).find((candidate) => candidate.segment === "unpaid");
    expect(entry).toMatchObject({ subject: null, recipients: 1, counts: { queued: 0, sent: 1, failed: 0 } });
    expect(entry!.families).toEqual([{ address: null, participants: null, state: "sent", error: null }]);
  });
});
