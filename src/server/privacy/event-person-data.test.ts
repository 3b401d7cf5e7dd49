import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventCheckinActions } from "../db/schema/events-checkin.ts";
import { eventLedgerEntries } from "../db/schema/events-money.ts";
import { eventOrders, eventPositions, familyLinks } from "../db/schema/events-orders.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { campAdminToken, draft, postRegistration } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, grading, order, participant, postOrder, sale } from "../test-support/events.ts";
import { actOnLanding, buildVippsTestApp } from "../test-support/vipps.ts";
import { eventMyOrderMessages } from "../../shared/events/event-my-order.ts";
import { isEventOrderMail } from "./event-order-retention.ts";
import { eventMessageForgotten } from "./person-forget.ts";

// A family with only a grading and a gear order (no camp registration), and another with the camp as well.
const family = { firstName: "Sigrid", lastName: "Hemmelighetsen", email: "Sigrid.Hemmelig@Example.no", telephone: "+4799911122" };
const familyKey = "sigrid.hemmelig@example.no";
const other = { firstName: "Olav", lastName: "Andresen", email: "olav.andresen@example.no", telephone: "+4790000001" };

describe.each(databaseKinds)("an event-only family's personal data on request on %s", (kind) => {
  let database: Database;
  let built: Awaited<ReturnType<typeof buildVippsTestApp>>;
  let token: string;
  const now = new Date("2026-10-15T10:00:00Z");
  const orderIds: Record<string, string> = {};

  const orderOf = async (draftId: string) =>
    (await database.db.select({ orderId: eventOrders.orderId }).from(eventOrders).where(eq(eventOrders.draftId, draftId)))[0]!.orderId;
  const exportOf = async (orderId: string) => {
    const res = await built.app.inject({ url: `/api/ArrangementAdmin/PersonExport/${orderId}/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("attachment");
    return res.json();
  };
  const forget = (orderId: string) => built.app.inject({ method: "POST", url: `/api/ArrangementAdmin/Forget/${orderId}/${token}` });
  const rowOf = async (orderId: string) => (await database.db.select().from(eventOrders).where(eq(eventOrders.orderId, orderId)))[0]!;
  /** The ledger as the accounts need it: every entry's kind and amount, and the list's figures. */
  const money = async (orderId: string) => {
    const { id } = await rowOf(orderId);
    const entries = await database.db
      .select({ kind: eventLedgerEntries.kind, amount: eventLedgerEntries.amount, method: eventLedgerEntries.method })
      .from(eventLedgerEntries)
      .where(eq(eventLedgerEntries.orderId, id))
      .orderBy(asc(eventLedgerEntries.id));
    const list = (await built.app.inject({ url: `/api/ArrangementAdmin/Participants/gradering-desember/${token}` })).json();
    const row = list.find((candidate: { orderId: string }) => candidate.orderId === orderId);
    return { entries, figures: { charged: row.charged, paid: row.paid, outstanding: row.outstanding } };
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    built = await buildVippsTestApp(database, () => now);
    token = await campAdminToken(built.app);
    const opens = { registrationOpensAt: "2026-10-01T08:00:00+02:00" };
    await createPublished(built.app, token, "gradering-desember", grading({ ...opens, capacity: 10 }));
    await createPublished(built.app, token, "klubbtoy", { ...sale(3), ...opens });
    const children = [
      participant({ firstName: "Sindre", lastName: "Hemmelighetsen" }),
      participant({ firstName: "Siri", lastName: "Hemmelighetsen" }),
    ];
    const graded = order({ contact: family, participants: children });
    expect((await postOrder(built.app, "gradering-desember", graded)).body).toBe("Done");
    orderIds.grading = await orderOf(graded.draftId);
    const gear = order({ contact: family, items: [{ itemId: "t-skjorte", variant: "S", quantity: 2 }] });
    expect((await postOrder(built.app, "klubbtoy", gear)).body).toBe("Done");
    orderIds.gear = await orderOf(gear.draftId);
    // The other family is at the camp as well as the grading.
    expect((await postRegistration(built.app, draft({ ...other, public: false }))).body).toBe("Done");
    const theirs = order({ contact: other, participants: [participant({ firstName: "Olav", lastName: "Andresen" })] });
    expect((await postOrder(built.app, "gradering-desember", theirs)).body).toBe("Done");
    orderIds.other = await orderOf(theirs.draftId);
    await built.app.outbox.drain();
  }, 60_000);
  afterAll(async () => {
    await built?.sim.settled();
    await built?.app.close();
    await database?.close();
  });

  it("the export from an event order holds every order of its address, and from another family's its camp registration too", async () => {
    const data = await exportOf(orderIds.gear!);
    expect(data).toMatchObject({ email: familyKey, campRegistrations: [], mails: [] });
    expect(data.eventOrders.map((entry: { orderId: string }) => entry.orderId)).toEqual([orderIds.grading, orderIds.gear]);
    expect(data.eventOrders[0]).toMatchObject({
      event: { title: "Cupgradering desember", kind: "Gradering" },
      contact: { firstName: "Sigrid", email: familyKey, telephone: family.telephone },
      participants: [{ name: "Sindre Hemmelighetsen" }, { name: "Siri Hemmelighetsen" }],
      mails: [expect.objectContaining({ status: "sent", recipient: familyKey, subject: expect.stringContaining(orderIds.grading!) })],
    });
    expect(data.eventOrders[1]).toMatchObject({ items: [{ line: "2 × T-skjorte (S)", amount: 400 }] });
    expect(JSON.stringify(data)).not.toContain("Andresen");

    const theirs = await exportOf(orderIds.other!);
    expect(theirs.campRegistrations).toEqual([
      expect.objectContaining({ registration: expect.objectContaining({ firstName: "Olav", email: other.email }), ledger: expect.any(Object) }),
    ]);
    expect(theirs.eventOrders.map((entry: { orderId: string }) => entry.orderId)).toEqual([orderIds.other]);
    // The camp's confirmation is the address's own mail; the order's goes with the order.
    expect(theirs.mails).toEqual([expect.objectContaining({ subject: expect.stringContaining("registrert") })]);
    expect(JSON.stringify(theirs)).not.toContain("Hemmelig");

    expect((await built.app.inject({ url: `/api/ArrangementAdmin/PersonExport/GR26-AAAAAA/${token}` })).statusCode).toBe(404);
  });

  it("deletion on request blanks one order's personal data now and keeps its money; refused while a Vipps payment is under way", async () => {
    // At the door first: the check-in names the child.
    const door = await built.app.inject({
      method: "POST",
      url: `/api/ArrangementInnsjekk/CheckIn/gradering-desember/${token}`,
      payload: { orderId: orderIds.grading, position: 0 },
    });
    expect(door.statusCode).toBe(200);
    // The family pays a further order with Vipps and has not finished.
    const paying = order({ contact: family, items: [{ itemId: "t-skjorte", variant: "M", quantity: 1 }], vipps: true });
    const landing = (await postOrder(built.app, "klubbtoy", paying)).body;
    const vippsOrder = await orderOf(paying.draftId);
    const busy = await forget(vippsOrder);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ error: eventMyOrderMessages.paymentBusy });
    expect((await rowOf(vippsOrder)).email).toBe(familyKey);
    await actOnLanding(built.app, landing, "approve");
    await built.sim.settled();
    await built.app.vipps!.service.reconcileOnce();
    expect((await rowOf(vippsOrder)).status).toBe("confirmed");

    // A leader's message to the grading's families, still in the outbox when the family asks (the mail server
    // said «try again later» to each of its three mails: both families' and the club's copy, whichever goes
    // first; what was queued before has gone).
    await built.app.outbox.drain();
    built.transport.failures = 3;
    const message = await built.app.inject({
      method: "POST",
      url: `/api/Melding/Send/gradering-desember/${token}`,
      payload: { segment: "all", subject: "Om graderingen", body: "Husk beltet." },
    });
    expect(message.statusCode, message.body).toBe(201);
    await built.app.outbox.drain();
    expect(built.transport.failures).toBe(0);

    const before = await money(orderIds.grading!);
    const otherBefore = await rowOf(orderIds.other!);
    const done = await forget(orderIds.grading!);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ changed: true, orderId: orderIds.grading, anonymisedAt: now.toISOString() });

    const blanked = await rowOf(orderIds.grading!);
    expect(blanked).toMatchObject({ firstName: "Anonymisert", lastName: "", email: "", telephone: "", status: "confirmed" });
    // Its links end: the confirmation's and the message's; the family's other orders keep theirs.
    expect(await database.db.select().from(familyLinks).where(eq(familyLinks.orderId, blanked.id))).toEqual([]);
    expect(
      await database.db
        .select()
        .from(familyLinks)
        .where(eq(familyLinks.orderId, (await rowOf(orderIds.gear!)).id)),
    ).not.toEqual([]);
    const people = await database.db.select().from(eventPositions).where(eq(eventPositions.orderId, blanked.id));
    expect(people.map(({ firstName, lastName, age }) => ({ firstName, lastName, age }))).toEqual([
      { firstName: "Anonymisert", lastName: "", age: 0 },
      { firstName: "Anonymisert", lastName: "", age: 0 },
    ]);
    expect(await database.db.select().from(eventCheckinActions).where(eq(eventCheckinActions.orderId, blanked.id))).toEqual([]);
    const mails = await database.db.select({ key: mailOutbox.dedupeKey }).from(mailOutbox);
    expect(mails.filter((mail) => isEventOrderMail(mail.key, blanked.id, []))).toEqual([]);
    const labels = await database.db
      .select({ label: eventLedgerEntries.label })
      .from(eventLedgerEntries)
      .where(eq(eventLedgerEntries.orderId, blanked.id));
    expect(labels.map((row) => row.label).join(" ")).not.toContain("Hemmelighetsen");
    // The accounts are as they were, and the list says it is done.
    expect(await money(orderIds.grading!)).toEqual(before);
    const list = (await built.app.inject({ url: `/api/ArrangementAdmin/Participants/gradering-desember/${token}` })).json();
    expect(list.filter((row: { orderId: string }) => row.orderId === orderIds.grading).map((row: { anonymised: boolean }) => row.anonymised)).toEqual(
      [true, true],
    );
    // The blank order's export is that order alone, naming nobody.
    const data = await exportOf(orderIds.grading!);
    expect(data).toMatchObject({ email: null, campRegistrations: [], mails: [] });
    expect(data.eventOrders).toHaveLength(1);
    expect(JSON.stringify(data)).not.toMatch(/Hemmelig|Sindre|Siri/);

    // The message's log forgets the family's address and names, and its mail to them not sent yet does not go.
    const [logged] = (await built.app.inject({ url: `/api/Melding/Get/gradering-desember/${token}` })).json();
    expect(logged.families).toEqual([
      { address: null, participants: null, state: "failed", error: eventMessageForgotten },
      { address: other.email, participants: "Olav Andresen", state: "queued", error: null },
    ]);
    const toFamily = await database.db.select({ key: mailOutbox.dedupeKey }).from(mailOutbox).where(eq(mailOutbox.recipient, familyKey));
    expect(toFamily.filter((mail) => mail.key.startsWith("message:"))).toEqual([]);

    // The family's other orders and the other family are untouched.
    const theirs = await database.db
      .select({ orderId: eventOrders.orderId, email: eventOrders.email, anonymisedAt: eventOrders.anonymisedAt })
      .from(eventOrders)
      .where(inArray(eventOrders.orderId, [orderIds.gear!, vippsOrder, orderIds.other!]))
      .orderBy(asc(eventOrders.id));
    expect(theirs).toEqual([
      { orderId: orderIds.gear, email: familyKey, anonymisedAt: null },
      { orderId: orderIds.other, email: other.email, anonymisedAt: null },
      { orderId: vippsOrder, email: familyKey, anonymisedAt: null },
    ]);
    expect(await rowOf(orderIds.other!)).toEqual(otherBefore);
    const [camp] = await database.db.select().from(campRegistrations);
    expect(camp).toMatchObject({ firstName: "Olav", email: other.email, anonymisedAt: null });

    // Asked again: nothing more happens.
    expect((await forget(orderIds.grading!)).json()).toMatchObject({ changed: false, orderId: orderIds.grading });
    expect((await forget("GR26-AAAAAA")).statusCode).toBe(404);
  });
});
