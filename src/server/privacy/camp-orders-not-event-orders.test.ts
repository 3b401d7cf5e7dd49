/**
 * A camp registration is an order of its edition's event in the table the events' orders are kept in. Whatever
 * reads the events' orders by address, by order id or by event must still never take it for one of theirs: the
 * person exports name it once (as the camp's), and the events' blanking, retention and messages never reach it.
 * The family's address is written in small letters, so the registration's stored address is the events' key.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MessageLogEntry } from "../../shared/messages/message.ts";
import type { Database } from "../db/database.ts";
import { campRegistrationColumns, campRegistrations } from "../db/schema/camp.ts";
import { eventLedgerEntries, eventPayments } from "../db/schema/events-money.ts";
import { eventOrders, eventPositions } from "../db/schema/events-orders.ts";
import { buildCampTestApp, campAdminToken, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, eventIdOf, grading, order, participant, postOrder } from "../test-support/events.ts";
import { deleteExpiredEventAccounting, forgetAnonymisedEventOrderMails } from "./event-order-retention.ts";
import { anonymiseEndedEvents, blankEventOrders } from "./event-retention.ts";

const address = "leirsen.familie@example.no";
const camper = { firstName: "Kamilla", lastName: "Leirsen" };
const gradingSlug = "gradering-desember";

describe.each(databaseKinds)("a camp registration is never taken for an event's order on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let transport: Awaited<ReturnType<typeof buildCampTestApp>>["transport"];
  let token: string;
  const now = new Date("2026-10-15T10:00:00Z");
  let registrationId = 0;
  let campOrderId = "";
  let gradingOrderId = "";

  /** Everything the camp keeps about the registration: the view's row, its order, its positions, ledger and payments. */
  const campRecord = async () => ({
    registration: (await database.db.select(campRegistrationColumns).from(campRegistrations).where(eq(campRegistrations.id, registrationId)))[0],
    order: (await database.db.select().from(eventOrders).where(eq(eventOrders.id, registrationId)))[0],
    positions: await database.db
      .select()
      .from(eventPositions)
      .where(eq(eventPositions.orderId, registrationId))
      .orderBy(asc(eventPositions.position)),
    ledger: await database.db
      .select()
      .from(eventLedgerEntries)
      .where(eq(eventLedgerEntries.orderId, registrationId))
      .orderBy(asc(eventLedgerEntries.id)),
    payments: await database.db.select().from(eventPayments).where(eq(eventPayments.orderId, registrationId)).orderBy(asc(eventPayments.id)),
  });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app, transport } = await buildCampTestApp(database, { clock: () => now }));
    token = await campAdminToken(app);
    const registered = draft({ ...camper, email: address, public: false });
    expect((await postRegistration(app, registered)).body).toBe("Done");
    const [row] = await database.db
      .select({ id: campRegistrations.id, orderId: campRegistrations.orderId, email: campRegistrations.email, emailKey: campRegistrations.emailKey })
      .from(campRegistrations)
      .where(eq(campRegistrations.draftId, registered.draftId));
    registrationId = row!.id;
    campOrderId = row!.orderId;
    // The registration's stored address is exactly what the events' orders hold: the address's key.
    expect(row).toMatchObject({ email: address, emailKey: address });

    await createPublished(app, token, gradingSlug, grading({ registrationOpensAt: "2026-10-01T08:00:00+02:00" }));
    const contact = { firstName: "Lise", lastName: "Leirsen", email: address, telephone: "91234567" };
    const graded = order({ contact, participants: [participant({ firstName: "Sindre", lastName: "Leirsen" })] });
    expect((await postOrder(app, gradingSlug, graded)).body).toBe("Done");
    const [gradingOrder] = await database.db
      .select({ orderId: eventOrders.orderId })
      .from(eventOrders)
      .where(eq(eventOrders.eventId, await eventIdOf(database, gradingSlug)));
    gradingOrderId = gradingOrder!.orderId;
    await app.outbox.drain();
    transport.sent.length = 0;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("the camp's export names the registration once, and the address's event orders without it", async () => {
    const res = await app.inject({ url: `/api/VinterleirAdmin/PersonExport/${registrationId}/${token}` });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.registration).toMatchObject({ id: registrationId, orderId: campOrderId, ...camper });
    expect(data.eventOrders.map((entry: { orderId: string }) => entry.orderId)).toEqual([gradingOrderId]);
  });

  it("the events' export from the family's order holds the registration once, as the camp's, and refuses the registration's order id", async () => {
    const res = await app.inject({ url: `/api/ArrangementAdmin/PersonExport/${gradingOrderId}/${token}` });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.campRegistrations).toEqual([
      expect.objectContaining({ registration: expect.objectContaining({ id: registrationId, orderId: campOrderId }) }),
    ]);
    expect(data.eventOrders.map((entry: { orderId: string }) => entry.orderId)).toEqual([gradingOrderId]);
    expect((await app.inject({ url: `/api/ArrangementAdmin/PersonExport/${campOrderId}/${token}` })).statusCode).toBe(404);
  });

  it("a message to the grading's families reaches the event order's family only; the camp's message the registration once", async () => {
    const send = (slug: string, subject: string) =>
      app.inject({ method: "POST", url: `/api/Melding/Send/${slug}/${token}`, payload: { segment: "all", subject, body: "Hei {navn}." } });
    const log = async (slug: string) => (await app.inject({ url: `/api/Melding/Get/${slug}/${token}` })).json() as MessageLogEntry[];

    const toGrading = await send(gradingSlug, "Om graderingen");
    expect(toGrading.statusCode, toGrading.body).toBe(201);
    expect(toGrading.json()).toMatchObject({ recipients: 1 });
    const [gradingEntry] = await log(gradingSlug);
    expect(gradingEntry!.families).toEqual([expect.objectContaining({ address, participants: "Sindre Leirsen" })]);

    const toCamp = await send("vinterleir-2026", "Om leiren");
    expect(toCamp.statusCode, toCamp.body).toBe(201);
    expect(toCamp.json()).toMatchObject({ recipients: 1 });
    const [campEntry] = await log("vinterleir-2026");
    expect(campEntry!.families).toEqual([expect.objectContaining({ address, participants: "Kamilla Leirsen" })]);

    await app.outbox.drain();
    const gradingMails = transport.sent.filter((mail) => mail.subject === "Om graderingen");
    expect(gradingMails.map((mail) => mail.to)).toEqual([address]);
    expect(gradingMails[0]!.text).not.toContain("Kamilla");
    const campMails = transport.sent.filter((mail) => mail.subject === "Om leiren");
    expect(campMails.map((mail) => mail.to)).toEqual([address]);
    expect(campMails[0]!.text).not.toContain("Sindre");
  });

  it("the events' forgetting, blanking and retention never reach the registration", async () => {
    const before = await campRecord();
    expect(before.registration).toMatchObject({ ...camper, email: address, anonymisedAt: null });
    expect(before.ledger.length).toBeGreaterThan(0);
    expect(before.payments.length).toBeGreaterThan(0);

    expect((await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Forget/${campOrderId}/${token}` })).statusCode).toBe(404);
    expect(await database.db.transaction((tx) => blankEventOrders(tx, eq(eventOrders.id, registrationId), now))).toEqual([]);
    expect(await campRecord()).toEqual(before);

    // Long after every event and the camp: the events' rules blank and then delete the grading's order alone.
    const later = new Date("2040-01-01T00:00:00Z");
    expect(await anonymiseEndedEvents(database.db, later, 30)).toBe(1);
    await forgetAnonymisedEventOrderMails(database.db);
    expect(await campRecord()).toEqual(before);
    expect(await deleteExpiredEventAccounting(database.db, later, () => new Date("2031-01-01T00:00:00Z"))).toBe(1);
    expect(await campRecord()).toEqual(before);
    expect((await database.db.select({ orderId: eventOrders.orderId }).from(eventOrders)).map((row) => row.orderId)).toEqual([campOrderId]);
  });
});
