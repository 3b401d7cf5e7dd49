/**
 * The camp and the events share the ledger, the waiting-list offers and the door log (each with its own owner
 * column) and so one id sequence each, while a camp registration and an event order may have the same row id.
 * Nothing of one kind may reach the other: a door action id, an undo, an offer token, a ledger figure, a family
 * link (one table holds the camp's and the orders' links), a line of the change log.
 */
import { randomUUID } from "node:crypto";
import { asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventDoorListSchema, eventDoorMessages } from "../../shared/events/event-door.ts";
import { checkInMessages } from "../../shared/camp/camp-checkin.ts";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { campArrivals } from "../camp/checkin/camp-arrivals.ts";
import { eventCheckinActions, eventOrders, eventPayments, eventWaitlistOffers, familyLinks, orderChanges } from "../db/schema/events.ts";
import { figuresOf } from "../camp/camp-ledger-store.ts";
import { newOfferToken, offerTokenHash } from "../camp/camp-waitlist-offer-token.ts";
import { buildCampTestApp, campAdminToken, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, grading, order, participant, postOrder } from "../test-support/events.ts";
import { eventFigures } from "./event-ledger.ts";
import {
  createFamilyLink as createCampFamilyLink,
  createSubmissionLink,
  deleteExpiredLinks,
  registrationsOfLink,
} from "../camp/camp-personal-link.ts";
import { registrationChanges } from "../camp/camp-self-service.ts";
import { exportEventOrderPerson, exportPerson } from "../privacy/person-data.ts";
import { blankEventOrders } from "../privacy/event-retention.ts";
import { anonymiseRegistrations } from "../privacy/retention.ts";
import { orderOfLink } from "./event-my-order.ts";
import { createFamilyLink } from "./family-links.ts";

const now = new Date("2026-10-15T10:00:00Z");
const slug = "gradering-oktober";

describe.each(databaseKinds)("the camp and the events kept apart in the shared tables on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let token: string;
  let registrationId: number;
  let orderRowId: number;
  let orderId: string;

  const campAct = (body: Record<string, unknown>) =>
    app.inject({ method: "POST", url: `/api/VinterleirAdmin/CheckIn/Action/${token}`, payload: body });
  const eventAct = (body: Record<string, unknown>) =>
    app.inject({ method: "POST", url: `/api/ArrangementInnsjekk/CheckIn/${slug}/${token}`, payload: body });
  const eventDoor = async () => EventDoorListSchema.parse((await app.inject({ url: `/api/ArrangementInnsjekk/Get/${slug}/${token}` })).json());
  const campCheckinsOf = () => campArrivals(database.db, [registrationId]);
  const eventActions = () => database.db.select().from(eventCheckinActions).where(isNotNull(eventCheckinActions.orderId));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    token = await campAdminToken(app);
    const body = draft({ firstName: "Leir", lastName: "Deltaker" });
    expect((await postRegistration(app, body)).body).toBe("Done");
    [{ id: registrationId }] = (await database.db
      .select({ id: campRegistrations.id })
      .from(campRegistrations)
      .where(eq(campRegistrations.draftId, body.draftId))) as [{ id: number }];
    await createPublished(app, token, slug, grading({ registrationOpensAt: "2026-10-01T08:00:00+02:00", capacity: 5 }));
    expect((await postOrder(app, slug, order({ participants: [participant()] }))).body).toBe("Done");
    [{ id: orderRowId, orderId }] = (await database.db.select({ id: eventOrders.id, orderId: eventOrders.orderId }).from(eventOrders)) as [
      { id: number; orderId: string },
    ];
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("a camp registration and an event order share a row id here, so what follows is tested where ids coincide", () => {
    expect(orderRowId).toBe(registrationId);
  });

  it("a door action id of one kind is refused by the other kind's door, and changes nothing there", async () => {
    const campId = randomUUID();
    expect((await campAct({ actionId: campId, kind: "checkin", personId: `a${registrationId}` })).statusCode).toBe(200);
    for (const body of [
      { actionId: campId, orderId, position: 0 },
      { actionId: campId.toUpperCase(), orderId, position: 0 },
      { actionId: campId, orderId, position: 0, undo: true },
    ]) {
      const res = await eventAct(body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ error: eventDoorMessages.reusedActionId });
    }
    expect(await eventActions()).toEqual([]);
    expect((await eventDoor()).entries[0]!.persons[0]!.checkedIn).toBeNull();

    const eventId = randomUUID();
    expect((await eventAct({ actionId: eventId, orderId, position: 0 })).statusCode).toBe(200);
    const before = await figuresOf(database.db, registrationId);
    for (const body of [
      { actionId: eventId, kind: "checkin", personId: `a${registrationId}` },
      { actionId: eventId, kind: "undo-checkin", personId: `a${registrationId}` },
      { actionId: eventId, kind: "payment", personId: `a${registrationId}`, amount: 100 },
      { actionId: eventId, kind: "undo-payment", personId: `a${registrationId}` },
    ]) {
      const res = await campAct(body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ error: checkInMessages.reusedActionId });
    }
    expect(await figuresOf(database.db, registrationId)).toEqual(before);
    expect((await campCheckinsOf()).length).toBe(1);
    // The event's check-in stands; the camp's refusals are not the leader's «refused at the door» list.
    expect((await eventDoor()).entries[0]!.persons[0]!.checkedIn).not.toBeNull();
    expect((await app.inject({ url: `/api/VinterleirAdmin/CheckIn/Refused/${token}` })).json()).toEqual({ refusals: [] });
  });

  it("a payment taken at the camp's door is the registration's alone: the event order with the same row id owes as before", async () => {
    const eventBefore = (await eventFigures(database.db, [orderRowId])).get(orderRowId)!;
    const campBefore = await figuresOf(database.db, registrationId);
    const paid = await campAct({ actionId: randomUUID(), kind: "payment", personId: `a${registrationId}`, amount: 100, method: "cash" });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await figuresOf(database.db, registrationId)).toMatchObject({ paid: campBefore.paid + 100, charged: campBefore.charged });
    expect((await eventFigures(database.db, [orderRowId])).get(orderRowId)).toEqual(eventBefore);
    expect((await eventDoor()).entries[0]).toMatchObject({ charged: 350, paid: 0, outstanding: 350 });
    // And the other way round: the camp's figures hold the registration's own charge, never the event's.
    const [payment] = await database.db
      .select({ amount: eventPayments.amount })
      .from(eventPayments)
      .where(eq(eventPayments.campRegistrationId, registrationId))
      .orderBy(asc(eventPayments.id))
      .limit(1);
    expect(campBefore.charged).toBe(payment!.amount);
    const ledger = (await app.inject({ url: `/api/VinterleirAdmin/Ledger/${registrationId}/${token}` })).json() as { amount: number }[];
    expect(ledger.map((entry) => entry.amount)).not.toContain(350);
    // The camp's undo takes back the camp's payment, never anything of the event's.
    expect((await campAct({ actionId: randomUUID(), kind: "undo-payment", personId: `a${registrationId}` })).statusCode).toBe(200);
    expect(await figuresOf(database.db, registrationId)).toMatchObject({ paid: campBefore.paid });
    expect((await eventFigures(database.db, [orderRowId])).get(orderRowId)).toEqual(eventBefore);
  });

  it("an offer token of one kind is unknown to the other kind's offer calls, and its offer is left as it was", async () => {
    const campToken = newOfferToken();
    const eventToken = newOfferToken();
    const expiresAt = new Date(now.getTime() + 86_400_000);
    await database.db.insert(eventWaitlistOffers).values([
      { campRegistrationId: registrationId, tokenHash: offerTokenHash(campToken), state: "offered", offeredAt: now, expiresAt },
      { orderId: orderRowId, tokenHash: offerTokenHash(eventToken), state: "offered", offeredAt: now, expiresAt },
    ]);
    for (const [offerToken, prefix] of [
      [campToken, "/api/Arrangement/Venteliste"],
      [eventToken, "/api/Venteliste"],
    ] as const) {
      expect((await app.inject({ url: `${prefix}/Get/${offerToken}` })).statusCode).toBe(404);
      expect((await app.inject({ method: "POST", url: `${prefix}/Accept/${offerToken}` })).statusCode).toBe(404);
      expect((await app.inject({ method: "POST", url: `${prefix}/Decline/${offerToken}` })).statusCode).toBe(404);
    }
    const states = await database.db.execute<{ state: string }>(sql`select state from event_waitlist_offers order by id`);
    expect(states.rows.map((row) => row.state)).toEqual(["offered", "offered"]);
  });

  it("a link of one kind opens nothing of the other kind, nor does a look-alike of it, and changes nothing there", async () => {
    const [{ emailKey }] = (await database.db
      .select({ emailKey: campRegistrations.emailKey })
      .from(campRegistrations)
      .where(eq(campRegistrations.id, registrationId))) as [{ emailKey: string }];
    const campLinks = [await createSubmissionLink(database.db, registrationId, now), await createCampFamilyLink(database.db, emailKey, now)];
    const eventLink = await createFamilyLink(database.db, { orderId: orderRowId }, now);
    const campGet = (link: string) => app.inject({ url: `/api/MinPamelding/Get/${encodeURIComponent(link)}` });
    const eventGet = (link: string) => app.inject({ url: `/api/Arrangement/MinPamelding/${encodeURIComponent(link)}` });
    // Each opens its own side.
    for (const link of campLinks) expect((await campGet(link)).statusCode).toBe(200);
    expect((await eventGet(eventLink)).statusCode).toBe(200);

    const statusOf = async () => ({
      camp: (
        await database.db.select({ status: campRegistrations.status }).from(campRegistrations).where(eq(campRegistrations.id, registrationId))
      )[0],
      order: (await database.db.select({ status: eventOrders.status }).from(eventOrders).where(eq(eventOrders.id, orderRowId)))[0],
    });
    const before = await statusOf();
    // base64 for base64url is a look-alike only of a secret that holds a - or _: each must differ from the secret.
    const lookAlikes = (link: string) =>
      [
        link.toUpperCase(),
        link.toLowerCase(),
        `${link}=`,
        link.replaceAll("-", "+").replaceAll("_", "/"),
        link.slice(0, 42),
        `${link}A`,
        ` ${link}`,
      ].filter((alike) => alike !== link);
    for (const link of campLinks.flatMap((own) => [own, ...lookAlikes(own)])) {
      expect((await eventGet(link)).statusCode, link).toBe(404);
      const cancel = await app.inject({ method: "POST", url: `/api/Arrangement/Cancel/${encodeURIComponent(link)}`, payload: {} });
      expect(cancel.statusCode, link).toBe(404);
    }
    for (const link of [eventLink, ...lookAlikes(eventLink), ...campLinks.flatMap(lookAlikes)]) {
      expect((await campGet(link)).statusCode, link).toBe(404);
      for (const call of ["Cancel", "Change", "Pay"]) {
        const res = await app.inject({
          method: "POST",
          url: `/api/MinPamelding/${call}/${encodeURIComponent(link)}`,
          payload: { telephone: "99999999" },
        });
        expect(res.statusCode, `${call} ${link}`).toBe(404);
      }
    }
    expect(await statusOf()).toEqual(before);
    expect(await registrationChanges(database.db, registrationId)).toEqual([]);
  });

  it("a change logged on one side is never the other's, in the camp admin's log or in either export", async () => {
    const at = new Date(now.getTime() + 1000);
    await database.db.insert(orderChanges).values([
      { campRegistrationId: registrationId, at, actor: "deltaker", summary: "Endret telefon (leir)" },
      { orderId: orderRowId, at, actor: "deltaker", summary: "Avbestilte (arrangement)" },
    ]);
    expect((await registrationChanges(database.db, registrationId)).map((change) => change.summary)).toEqual(["Endret telefon (leir)"]);
    const camp = await exportPerson(database.db, registrationId, now);
    expect(camp!.changes.map((change) => change.what)).toEqual(["Endret telefon (leir)"]);
    for (const other of camp!.eventOrders) expect(other.changes).toEqual([]);
    const event = await exportEventOrderPerson(database.db, orderId, now);
    expect(event!.eventOrders.map((own) => own.changes.map((change) => change.what))).toEqual([["Avbestilte (arrangement)"]]);
    for (const part of event!.campRegistrations) expect(part.changes).toEqual([]);
  });

  it("the camp's unopened links expiring, and either side's personal data going, leave the other side's links", async () => {
    const unopenedEvent = await createFamilyLink(database.db, { orderId: orderRowId }, now);
    const unopenedCamp = await createSubmissionLink(database.db, registrationId, now);
    const eventLinkRows = async () => (await database.db.select().from(familyLinks).where(isNotNull(familyLinks.orderId))).length;
    const eventLinks = await eventLinkRows();
    // Long after the camp: its unopened links are dead and go; the order's (never marked opened) stay and open it.
    await deleteExpiredLinks(database.db, new Date("2030-01-01T00:00:00Z"));
    expect(await registrationsOfLink(database.db, unopenedCamp, now)).toBeUndefined();
    expect(await eventLinkRows()).toBe(eventLinks);
    expect((await orderOfLink(database.db, unopenedEvent))?.id).toBe(orderRowId);

    // The camp registration with the same row id is forgotten: the order's links stay.
    const laterCamp = await createSubmissionLink(database.db, registrationId, now);
    expect(await anonymiseRegistrations(database.db, { registrationIds: [registrationId] }, now)).toEqual([registrationId]);
    expect(await registrationsOfLink(database.db, laterCamp, now)).toBeUndefined();
    expect(await eventLinkRows()).toBe(eventLinks);
    expect((await orderOfLink(database.db, unopenedEvent))?.id).toBe(orderRowId);
    expect((await database.db.select().from(orderChanges).where(eq(orderChanges.orderId, orderRowId))).length).toBe(1);

    // And the order blanked takes only its own links and changes.
    const campRows = await database.db.select().from(familyLinks).where(isNull(familyLinks.orderId));
    await database.db.transaction((tx) => blankEventOrders(tx, eq(eventOrders.id, orderRowId), now));
    expect(await eventLinkRows()).toBe(0);
    expect(await orderOfLink(database.db, unopenedEvent)).toBeUndefined();
    expect(await database.db.select().from(familyLinks).where(isNull(familyLinks.orderId))).toEqual(campRows);
    expect(await database.db.select().from(orderChanges)).toEqual([]);
  });
});
