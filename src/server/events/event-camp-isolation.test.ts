/**
 * The camp and the events share the orders (a camp registration is an order of its edition's event, of kind
 * «vinterleir», with neither amount nor places), the positions, the ledger, the waiting-list offers and the door
 * log (each with its own owner column). Nothing of one kind may reach the other: a door action id, an undo, an
 * offer token, a ledger figure, a family link (one table holds the camp's and the orders' links), a line of the
 * change log; nor may a camp registration's order id or row id be taken for an event order's by the door, the
 * event admin, an event order's family page, or the events' jobs (waiting list, Vipps, retention).
 */
import { randomUUID } from "node:crypto";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventDoorListSchema, eventDoorMessages } from "../../shared/events/event-door.ts";
import { eventMyOrderMessages } from "../../shared/events/event-my-order.ts";
import { checkInMessages } from "../../shared/camp/camp-checkin.ts";
import { ledgerFigures } from "../../shared/camp/camp-ledger.ts";
import type { Database, Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { campArrivals } from "../camp/checkin/camp-arrivals.ts";
import { eventCheckinActions } from "../db/schema/events-checkin.ts";
import { eventOrders, eventWaitlistOffers, familyLinks, orderChanges } from "../db/schema/events-orders.ts";
import { eventPayments } from "../db/schema/events-money.ts";
import { events } from "../db/schema/events.ts";
import { figuresOf } from "../camp/camp-ledger-store.ts";
import { updateCampRegistrations } from "../camp/camp-registration-rows.ts";
import { newOfferToken, offerTokenHash } from "./offer-token.ts";
import { buildCampTestApp, campAdminToken, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, grading, order, participant, postOrder } from "../test-support/events.ts";
import { actOnLanding, buildVippsTestApp, startVippsPayment, type Paying } from "../test-support/vipps.ts";
import { deleteExpiredEventAccounting, forgetAnonymisedEventOrderMails } from "../privacy/event-order-retention.ts";
import { anonymiseEndedEvents } from "../privacy/event-retention.ts";
import { eventFigures } from "./event-ledger.ts";
import { runEventWaitlistOnce } from "./event-waitlist.ts";
import { eventOwnerOf } from "./event-vipps-side.ts";
import {
  createFamilyLink as createCampFamilyLink,
  createSubmissionLink,
  deleteExpiredLinks,
  registrationsOfLink,
} from "../camp/camp-personal-link.ts";
import { registrationChanges } from "../camp/camp-self-service.ts";
import { exportEventOrderPerson, exportPerson } from "../privacy/person-data.ts";
import { forgetEventOrder } from "../privacy/person-forget.ts";
import { blankEventOrders } from "../privacy/event-retention.ts";
import { anonymiseRegistrations } from "../privacy/camp-retention.ts";
import { orderOfLink } from "./event-my-order.ts";
import { createFamilyLink } from "./family-links.ts";

const now = new Date("2026-10-15T10:00:00Z");
const slug = "gradering-oktober";

/** The tables the camp shares with the events, each row its own or an order's (`order_id`). */
const sharedTables = [
  "event_positions",
  "event_ledger_entries",
  "event_payments",
  "event_waitlist_offers",
  "event_checkin_actions",
  "family_links",
  "order_changes",
];

/** Every row the camp holds: its registrations (orders of its editions' events), what names them, its payments' actions, its mails. */
async function campRows(db: Db) {
  const rows = async (query: SQL) => (await db.execute(query)).rows;
  const shared = await Promise.all(
    sharedTables.map(
      async (table) =>
        [table, await rows(sql`select * from ${sql.identifier(table)} where owner_kind is distinct from 'order' order by id`)] as const,
    ),
  );
  return {
    orders: await rows(sql`select o.* from event_orders o join events e on e.id = o.event_id where e.kind = 'vinterleir' order by o.id`),
    ...Object.fromEntries(shared),
    paymentActions: await rows(
      sql`select * from event_payment_actions where payment_id in (select id from event_payments where owner_kind = 'camp') order by id`,
    ),
    refusals: await rows(sql`select * from camp_checkin_refusals order by action_id`),
    mails: await rows(sql`select * from mail_outbox where dedupe_key like 'camp-%' order by id`),
  };
}

describe.each(databaseKinds)("the camp and the events kept apart in the shared tables on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let token: string;
  let registrationId: number;
  let campOrderId: string;
  let orderRowId: number;
  let orderId: string;

  const campAct = (body: Record<string, unknown>) =>
    app.inject({ method: "POST", url: `/api/VinterleirAdmin/CheckIn/Action/${token}`, payload: body });
  const eventAct = (body: Record<string, unknown>) =>
    app.inject({ method: "POST", url: `/api/ArrangementInnsjekk/CheckIn/${slug}/${token}`, payload: body });
  const eventDoor = async () => EventDoorListSchema.parse((await app.inject({ url: `/api/ArrangementInnsjekk/Get/${slug}/${token}` })).json());
  const campCheckinsOf = () => campArrivals(database.db, [registrationId]);
  const eventActions = () => database.db.select().from(eventCheckinActions).where(eq(eventCheckinActions.ownerKind, "order"));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    token = await campAdminToken(app);
    const body = draft({ firstName: "Leir", lastName: "Deltaker" });
    expect((await postRegistration(app, body)).body).toBe("Done");
    [{ id: registrationId, orderId: campOrderId }] = (await database.db
      .select({ id: campRegistrations.id, orderId: campRegistrations.orderId })
      .from(campRegistrations)
      .where(eq(campRegistrations.draftId, body.draftId))) as [{ id: number; orderId: string }];
    await createPublished(app, token, slug, grading({ registrationOpensAt: "2026-10-01T08:00:00+02:00", capacity: 5 }));
    expect((await postOrder(app, slug, order({ participants: [participant()] }))).body).toBe("Done");
    [{ id: orderRowId, orderId }] = (await database.db
      .select({ id: eventOrders.id, orderId: eventOrders.orderId })
      .from(eventOrders)
      .innerJoin(events, eq(events.id, eventOrders.eventId))
      .where(eq(events.slug, slug))) as [{ id: number; orderId: string }];
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("a camp registration is an order of its edition's event, without amount or places, and never the grading's order", async () => {
    const [camp] = await database.db
      .select({ kind: events.kind, slug: events.slug, amount: eventOrders.amount, places: eventOrders.places })
      .from(eventOrders)
      .innerJoin(events, eq(events.id, eventOrders.eventId))
      .where(eq(eventOrders.id, registrationId));
    expect(camp).toMatchObject({ kind: "vinterleir", amount: null, places: null });
    expect(camp!.slug).toMatch(/^vinterleir-\d{4}$/);
    expect(campOrderId).toMatch(/^VL\d{2}-/);
    expect(orderRowId).not.toBe(registrationId);
    expect(orderId).not.toBe(campOrderId);
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

  it("a payment taken at the camp's door is the registration's alone: the event order owes as before", async () => {
    const eventBefore = (await eventFigures(database.db, [orderRowId])).get(orderRowId)!;
    const campBefore = await figuresOf(database.db, registrationId);
    const paid = await campAct({ actionId: randomUUID(), kind: "payment", personId: `a${registrationId}`, amount: 100, method: "cash" });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await figuresOf(database.db, registrationId)).toMatchObject({ paid: campBefore.paid + 100, charged: campBefore.charged });
    expect((await eventFigures(database.db, [orderRowId])).get(orderRowId)).toEqual(eventBefore);
    // The events' reader of the ledger, given the registration's row id (an order's row id too), finds none of the camp's entries.
    expect((await eventFigures(database.db, [registrationId])).get(registrationId)).toEqual(ledgerFigures([]));
    expect((await eventDoor()).entries[0]).toMatchObject({ charged: 350, paid: 0, outstanding: 350 });
    // And the other way round: the camp's figures hold the registration's own charge, never the event's.
    const [payment] = await database.db
      .select({ amount: eventPayments.amount })
      .from(eventPayments)
      .where(eq(eventPayments.orderId, registrationId))
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

  it("an offer token opens its own kind's offer at either address, and the answer never touches the other kind's", async () => {
    const campToken = newOfferToken();
    const eventToken = newOfferToken();
    const expiresAt = new Date(now.getTime() + 86_400_000);
    await database.db.insert(eventWaitlistOffers).values([
      { orderId: registrationId, ownerKind: "camp", tokenHash: offerTokenHash(campToken), state: "offered", offeredAt: now, expiresAt },
      { orderId: orderRowId, tokenHash: offerTokenHash(eventToken), state: "offered", offeredAt: now, expiresAt },
    ]);
    // One set of calls for every kind, also at the camp's first addresses: the offer's row says whose it is.
    for (const prefix of ["/api/Arrangement/Venteliste", "/api/Venteliste"]) {
      expect((await app.inject({ url: `${prefix}/Get/${campToken}` })).json()).toMatchObject({ kind: "vinterleir", state: "offered" });
      expect((await app.inject({ url: `${prefix}/Get/${eventToken}` })).json()).toMatchObject({ kind: "gradering", state: "offered" });
    }
    // Declining the event's offer cancels the event's order and leaves the camp's offer and registration as they were.
    expect((await app.inject({ method: "POST", url: `/api/Venteliste/Decline/${eventToken}` })).statusCode).toBe(200);
    const states = await database.db.execute<{ state: string }>(sql`select state from event_waitlist_offers order by id`);
    expect(states.rows.map((row) => row.state)).toEqual(["offered", "declined"]);
    const [camp] = await database.db
      .select({ status: campRegistrations.status })
      .from(campRegistrations)
      .where(eq(campRegistrations.id, registrationId));
    expect(camp!.status).not.toBe("cancelled");
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
    // «Min side» (docs/decisions/0042): the event order's own link opens its order on the season's page, and
    // nothing of the camp's.
    const season = await campGet(eventLink);
    expect(season.statusCode).toBe(200);
    expect(season.json()).toMatchObject({ link: { scope: "order" }, events: [expect.objectContaining({ orderId: expect.any(String) })] });
    expect(season.json().orderId).toBeUndefined();
    for (const link of [eventLink, ...lookAlikes(eventLink), ...campLinks.flatMap(lookAlikes)]) {
      if (link !== eventLink) expect((await campGet(link)).statusCode, link).toBe(404);
      // Each with a body its call takes (the route's schema answers an invalid one first), so the link is what says no.
      const bodies: Record<string, object> = { Cancel: { person: "athlete" }, Change: { telephone: "99999999" }, Pay: {} };
      for (const [call, payload] of Object.entries(bodies)) {
        const res = await app.inject({ method: "POST", url: `/api/MinPamelding/${call}/${encodeURIComponent(link)}`, payload });
        expect(res.statusCode, `${call} ${link}`).toBe(404);
      }
    }
    expect(await statusOf()).toEqual(before);
    expect(await registrationChanges(database.db, registrationId)).toEqual([]);
  });

  it("a change logged on one side is never the other's, in the camp admin's log or in either export", async () => {
    const at = new Date(now.getTime() + 1000);
    await database.db.insert(orderChanges).values([
      { orderId: registrationId, ownerKind: "camp", at, actor: "deltaker", summary: "Endret telefon (leir)" },
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

  it("a camp registration's order id is unknown to the event's door, whatever it is sent with, and changes nothing", async () => {
    const before = await campRows(database.db);
    const actions = await eventActions();
    const door = await eventDoor();
    for (const body of [
      { actionId: randomUUID(), orderId: campOrderId, position: 0 },
      { actionId: randomUUID(), orderId: campOrderId, position: 0, undo: true },
      { orderId: campOrderId, position: 0 },
    ]) {
      const res = await eventAct(body);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ error: eventDoorMessages.unknownOrder });
    }
    expect(door.entries.map((entry) => entry.orderId)).toEqual([orderId]);
    expect(await eventDoor()).toEqual({ ...door, fetchedAt: expect.any(String) });
    expect(await eventActions()).toEqual(actions);
    expect(await campRows(database.db)).toEqual(before);
  });

  it("a camp registration's order id is unknown to the event admin's order actions, the order page and the lists", async () => {
    const before = await campRows(database.db);
    const cancel = await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Cancel/${campOrderId}/${token}`, payload: {} });
    expect(cancel.statusCode, cancel.body).toBe(404);
    expect(cancel.json()).toEqual({ error: eventMyOrderMessages.orderNotFound });
    const partial = await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Cancel/${campOrderId}/${token}`, payload: { position: 0 } });
    expect(partial.statusCode, partial.body).toBe(404);
    expect((await app.inject({ url: `/api/Arrangement/Order/${campOrderId}` })).statusCode).toBe(404);
    for (const url of [`/api/ArrangementAdmin/PersonExport/${campOrderId}/${token}`]) expect((await app.inject({ url })).statusCode, url).toBe(404);
    expect((await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Forget/${campOrderId}/${token}` })).statusCode).toBe(404);
    // Past the address's shape check too: the order id read by the event's privacy calls is an event order's only.
    expect(await exportEventOrderPerson(database.db, campOrderId, now)).toBeUndefined();
    expect(await forgetEventOrder(database.db, campOrderId, now)).toEqual({ kind: "not-found" });
    // The event's lists and downloads hold its own order alone.
    const participants = (await app.inject({ url: `/api/ArrangementAdmin/Participants/${slug}/${token}` })).json() as { orderId: string }[];
    expect(participants.map((row) => row.orderId)).toEqual([orderId]);
    const csv = await app.inject({ url: `/api/ArrangementAdmin/GetCsv/${slug}/${token}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(orderId);
    expect(csv.body).not.toContain(campOrderId);
    expect(await campRows(database.db)).toEqual(before);
  });

  it("the database refuses a row of either side naming the other side's order, and an order of the other side's event", async () => {
    const rejected = async (statement: SQL) => {
      const error = await database.db.execute(statement).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      // 23503: a foreign key (over the order and the row's side) refused it.
      const cause = (error as { code?: string; cause?: { code?: string } } | undefined)?.cause ?? (error as { code?: string } | undefined);
      expect(cause?.code, String(error)).toBe("23503");
    };
    const before = await campRows(database.db);
    // A row names every order by order_id and carries its side as its writer sets it: a row claiming either side
    // for the other side's order is refused.
    const claims = [
      { side: "order", names: registrationId },
      { side: "camp", names: orderRowId },
    ];
    for (const { side, names } of claims) {
      await rejected(sql`insert into event_payments (order_id, owner_kind, reference, method, amount, state, created_at, updated_at)
        values (${names}, ${side}, 'FEIL-SIDE', 'card_cash', 100, 'unpaid', ${now}, ${now})`);
      await rejected(sql`insert into event_ledger_entries (order_id, owner_kind, at, actor, reason, kind, person, item, label, amount)
        values (${names}, ${side}, ${now}, 'test', 'Feil side', 'charge', 'athlete', 'athlete', 'Feil side', 100)`);
      await rejected(sql`insert into event_positions (order_id, owner_kind, position, kind, first_name, last_name, age, answers)
        values (${names}, ${side}, 50, 'companion', 'Feil', 'Side', 30, '{}'::jsonb)`);
      await rejected(sql`insert into event_checkin_actions (action_id, kind, order_id, owner_kind, person_id, day, account_username, account_name, at)
        values (${"00000000-0000-4000-8000-0000000000ff"}, 'checkin', ${names}, ${side}, 'a1', '2026-10-15', 'test', 'Test', ${now})`);
      // Declined, so that only the side can refuse it (an open offer may be there already).
      await rejected(sql`insert into event_waitlist_offers (order_id, owner_kind, token_hash, state, offered_at, expires_at)
        values (${names}, ${side}, ${"y".repeat(64)}, 'declined', ${now}, ${now})`);
      await rejected(
        sql`insert into family_links (token_hash, order_id, owner_kind, created_at) values (${"x".repeat(64)}, ${names}, ${side}, ${now})`,
      );
      await rejected(
        sql`insert into order_changes (order_id, owner_kind, at, actor, summary) values (${names}, ${side}, ${now}, 'test', 'Feil side')`,
      );
    }
    // A writer that forgets its side writes an event order's row: refused for a camp order.
    await rejected(sql`insert into order_changes (order_id, at, actor, summary) values (${registrationId}, ${now}, 'test', 'Feil side')`);
    await rejected(sql`insert into family_links (token_hash, order_id, created_at) values (${"x".repeat(64)}, ${registrationId}, ${now})`);
    // An order's side is its event's: no camp order under the grading, no event order under the camp's edition.
    const grading = sql`(select event_id from event_orders where id = ${orderRowId})`;
    const edition = sql`(select event_id from event_orders where id = ${registrationId})`;
    await rejected(sql`insert into event_orders (event_id, order_id, draft_id, status, method, first_name, last_name, email, telephone, created_at, owner_kind)
      values (${grading}, 'VL26-FEILSIDE', 'feil-1', 'confirmed', 'card_cash', 'Feil', 'Side', 'feil@example.no', '90000000', ${now}, 'camp')`);
    await rejected(sql`insert into event_orders (event_id, order_id, draft_id, status, method, first_name, last_name, email, telephone, amount, places, created_at)
      values (${edition}, 'GR26-FEILSIDE', 'feil-2', 'confirmed', 'card_cash', 'Feil', 'Side', 'feil@example.no', '90000000', 100, 1, ${now})`);
    expect(await campRows(database.db)).toEqual(before);
  });

  it("the camp's unopened links expiring, and either side's personal data going, leave the other side's links", async () => {
    const unopenedEvent = await createFamilyLink(database.db, { orderId: orderRowId }, now);
    const unopenedCamp = await createSubmissionLink(database.db, registrationId, now);
    const eventLinkRows = async () => (await database.db.select().from(familyLinks).where(eq(familyLinks.ownerKind, "order"))).length;
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
    const campRows = await database.db.select().from(familyLinks).where(eq(familyLinks.ownerKind, "camp"));
    await database.db.transaction((tx) => blankEventOrders(tx, eq(eventOrders.id, orderRowId), now));
    expect(await eventLinkRows()).toBe(0);
    expect(await orderOfLink(database.db, unopenedEvent)).toBeUndefined();
    expect(await database.db.select().from(familyLinks).where(eq(familyLinks.ownerKind, "camp"))).toEqual(campRows);
    expect(await database.db.select().from(orderChanges)).toEqual([]);
  });
});

describe.each(databaseKinds)("the events' jobs beside the camp's registrations on %s", (kind) => {
  // Before the 2026 camp (CAMP_YEAR), so its edition has not ended and the events' jobs meet its registrations.
  const jobsNow = new Date("2025-12-05T12:00:00Z");
  const gradingSlug = "gradering-desember";
  let database: Database;
  let built: Awaited<ReturnType<typeof buildVippsTestApp>>;
  let vippsCamp: Paying;
  let waitingId: number;
  let pendingRedirect: string;
  let eventOrderIds: number[];

  const leaderOrderRows = async () =>
    (await database.db.execute(sql`select o.* from event_orders o join events e on e.id = o.event_id where e.kind <> 'vinterleir' order by o.id`))
      .rows;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    built = await buildVippsTestApp(database, () => jobsNow, { timeoutMs: 500 });
    const token = await campAdminToken(built.app);
    // The camp: one registration paying with Vipps (its payment due), one by card put on the camp's waiting list
    // with an offer past its time, a change logged and a link of its own.
    vippsCamp = await startVippsPayment(built.app);
    const body = draft({ firstName: "Venter", lastName: "Leir" });
    expect((await postRegistration(built.app, body)).body).toBe("Done");
    [{ id: waitingId }] = (await database.db.select({ id: eventOrders.id }).from(eventOrders).where(eq(eventOrders.draftId, body.draftId))) as [
      { id: number },
    ];
    expect(await updateCampRegistrations(database.db, waitingId, { status: "waiting", waitlistRank: 1 })).toEqual([waitingId]);
    await database.db.insert(eventWaitlistOffers).values({
      orderId: waitingId,
      ownerKind: "camp",
      tokenHash: offerTokenHash(newOfferToken()),
      state: "offered",
      offeredAt: new Date(jobsNow.getTime() - 2 * 86_400_000),
      expiresAt: new Date(jobsNow.getTime() - 86_400_000),
    });
    await database.db
      .insert(orderChanges)
      .values({ orderId: waitingId, ownerKind: "camp", at: jobsNow, actor: "deltaker", summary: "Endret telefon" });
    await createSubmissionLink(database.db, waitingId, jobsNow);

    // The grading: its one place held by an order paying with Vipps, the next order waiting.
    await createPublished(
      built.app,
      token,
      gradingSlug,
      grading({
        firstDay: "2025-12-12",
        lastDay: "2025-12-12",
        registrationOpensAt: "2025-11-01T08:00:00+01:00",
        registrationClosesAt: "2025-12-10T23:59:00+01:00",
        capacity: 1,
      }),
    );
    const paying = await postOrder(built.app, gradingSlug, order({ vipps: true, participants: [participant()] }));
    expect(paying.statusCode, paying.body).toBe(200);
    pendingRedirect = paying.body;
    expect((await postOrder(built.app, gradingSlug, order({ participants: [participant({ firstName: "Per" })] }))).statusCode).toBe(200);
    eventOrderIds = (await leaderOrderRows()).map((row) => Number(row.id));
    expect((await leaderOrderRows()).map((row) => row.status)).toEqual(["pending_payment", "waiting"]);
    // The card registration's confirmation is sent now, not between a test's two readings of the camp's rows.
    await built.app.outbox.drain();
  });
  afterAll(async () => {
    await built?.sim.settled();
    await built?.app.close();
    await database?.close();
  });

  it("the one waiting-list job expires the camp's offer past its time, and changes nothing else of the camp's", async () => {
    const rowsOf = async () => (await campRows(database.db)) as Record<string, Record<string, unknown>[]>;
    const before = await rowsOf();
    // The grading's one place is held by the order paying with Vipps, and the camp's waiting registration already had its offer.
    expect(await runEventWaitlistOnce(database.db, jobsNow, { publicBaseUrl: "https://klubb.example" })).toBe(0);
    await built.app.waitlist.drain();
    const { event_waitlist_offers: offers, ...rest } = await rowsOf();
    const { event_waitlist_offers: offersBefore, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    expect(offers).toEqual(offersBefore!.map((offer) => ({ ...offer, state: "expired", ended_at: expect.anything() })));
    expect(offers!.map((offer) => [offer.order_id, offer.owner_kind])).toEqual([[waitingId, "camp"]]);
    expect(await database.db.select().from(eventWaitlistOffers).where(eq(eventWaitlistOffers.ownerKind, "order"))).toEqual([]);
  });

  it("the one Vipps reconciliation, all payments due, settles the event's order through the events' side and leaves the camp's registrations alone", async () => {
    await database.db.update(eventPayments).set({ nextCheckAt: new Date(jobsNow.getTime() - 60_000), claimedUntil: null });
    // The camp's payment is looked up at Vipps by the same job (still open there): only its check times move.
    const campRowsBesidesChecks = async () => {
      const rows: Record<string, Record<string, unknown>[]> = await campRows(database.db);
      const payments = (rows["event_payments"] ?? []).map(({ last_checked_at: _checked, next_check_at: _next, ...rest }) => rest);
      return { ...rows, event_payments: payments };
    };
    const before = await campRowsBesidesChecks();
    await actOnLanding(built.app, pendingRedirect, "abort");
    await built.sim.settled();
    await built.app.vipps!.service.reconcileOnce();
    await built.app.waitlist.drain();
    // The aborted order gave its place back, and the grading's waiting order was offered it.
    expect((await leaderOrderRows()).map((row) => row.status)).toEqual(["cancelled", "waiting"]);
    expect(
      await database.db.select({ state: eventWaitlistOffers.state }).from(eventWaitlistOffers).where(eq(eventWaitlistOffers.ownerKind, "order")),
    ).toEqual([{ state: "offered" }]);
    expect(await campRowsBesidesChecks()).toEqual(before);
    // The camp's order id is no event order's, and a webhook for the camp's payment leaves the events' orders alone.
    expect(await eventOwnerOf(database.db, vippsCamp.orderId)).toBeUndefined();
    const orders = await leaderOrderRows();
    await built.app.vipps!.service.onWebhook(vippsCamp.reference);
    expect(await leaderOrderRows()).toEqual(orders);
    expect(await campRowsBesidesChecks()).toEqual(before);
  });

  it("the events' retention, every event long over, blanks and then deletes the events' orders and none of the camp's", async () => {
    const before = await campRows(database.db);
    expect(await anonymiseEndedEvents(database.db, new Date("2031-01-01T00:00:00Z"), 0)).toBe(eventOrderIds.length);
    await forgetAnonymisedEventOrderMails(database.db);
    expect(await campRows(database.db)).toEqual(before);
    expect(await deleteExpiredEventAccounting(database.db, new Date("2040-01-01T00:00:00Z"), () => new Date("2030-01-01T00:00:00Z"))).toBe(
      eventOrderIds.length,
    );
    expect(await leaderOrderRows()).toEqual([]);
    expect(await campRows(database.db)).toEqual(before);
  });
});
