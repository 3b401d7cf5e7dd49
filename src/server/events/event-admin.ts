/**
 * The event admin: the list (the club's events and, read through a small adapter, the camp's editions),
 * create or replace, publish, copy, and the participants. A camp edition is edited in «Leirer», never here.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { AdminEvent, AdminParticipant } from "../../shared/events/event-api.ts";
import { campSlugPattern, eventMessages, EventSlugSchema, type EventDefinition } from "../../shared/events/event-definition.ts";
import { answerText, answerTo, copyEventDefinition, eventState, hasEnded, participantKey, saleLineText } from "../../shared/events/event-rules.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { clubs } from "../db/schema/clubs.ts";
import { grades } from "../db/schema/grades.ts";
import { eventOrders, eventWaitlistOffers } from "../db/schema/events-orders.ts";
import { eventStock, events } from "../db/schema/events.ts";
import { currentEditionView, storedEdition } from "../camp/camp-editions.ts";
import { campEvents } from "../camp/camp-events.ts";
import { newMemberMessageSlug } from "../../shared/messages/message.ts";
import { shownState } from "../../shared/events/waitlist-offer.ts";
import { HttpError } from "../errors.ts";
import { fieldChanges, type FieldChange } from "../../shared/change-log.ts";
import { logEventChange } from "./event-changes.ts";
import { eventLedgers } from "./event-ledger.ts";
import { moneyByMethod, personMoney, type PersonMoney } from "../../shared/payments/person-money.ts";
import { ledgerFigures, sumFigures } from "../../shared/camp/camp-ledger.ts";
import type { EventMoney } from "../../shared/events/event-api.ts";
import { positionsOf } from "./event-positions.ts";
import { eventBySlug, eventPlaces, leaderEvent, leaderEvents, stockOf } from "./event-store.ts";

export const eventAdminMessages = {
  notFound: "Fant ikke arrangementet.",
  campHere: "Vinterleiren endres i fanen «Leirer».",
  exists: eventMessages.slugTaken,
  campCopyMixed: "En vinterleir kan bare kopieres til en ny vinterleir (for eksempel vinterleir-2027).",
  soldMoreThan: (name: string, variant: string) =>
    `Det er allerede solgt flere av ${name} i ${variant} enn antallet du skrev. Skriv minst så mange som er solgt.`,
} as const;

function phaseOf(firstDay: string, lastDay: string, at: Date): AdminEvent["phase"] {
  if (hasEnded({ lastDay }, at)) return "past";
  return at.toISOString().slice(0, 10) >= firstDay ? "running" : "upcoming";
}

/** The camp's editions as the event list shows them: `vinterleir-YYYY`, read only. */
async function campEditionEntries(db: Db, at: Date): Promise<AdminEvent[]> {
  const rows = (await db.select().from(events).where(campEvents).orderBy(desc(events.slug))).map((row) => {
    const { data, publishedAt } = storedEdition(row);
    return { year: data.year, data, publishedAt };
  });
  const counts = await db
    .select({ year: campRegistrations.editionYear, status: campRegistrations.status, n: sql<number>`count(*)::int` })
    .from(campRegistrations)
    .groupBy(campRegistrations.editionYear, campRegistrations.status);
  const count = (year: number, keep: (status: string) => boolean) =>
    counts.filter((row) => row.year === year && keep(row.status)).reduce((sum, row) => sum + Number(row.n), 0);
  // A published edition's window as families meet it (places and the waiting line counted as «Leirer» does).
  const states = new Map<number, AdminEvent["state"]>();
  for (const row of rows) {
    if (row.publishedAt === null || hasEnded(row.data, at)) continue;
    states.set(row.year, (await currentEditionView(db, at, row.year))?.state ?? null);
  }
  return rows.map((row) => ({
    slug: `vinterleir-${row.year}`,
    kind: "vinterleir" as const,
    title: `Vinterleir ${row.year}`,
    firstDay: row.data.firstDay,
    lastDay: row.data.lastDay,
    registrationOpensAt: row.data.registrationOpensAt,
    published: row.publishedAt !== null,
    phase: phaseOf(row.data.firstDay, row.data.lastDay, at),
    state: states.get(row.year) ?? null,
    participants: count(row.year, (status) => status === "confirmed" || status === "pending_payment"),
    waiting: count(row.year, (status) => status === "waiting"),
    definition: null,
  }));
}

/** `GET /api/ArrangementAdmin/Get/{token}`: every event, upcoming first, then running, then past. */
export async function adminEvents(db: Db, at: Date): Promise<AdminEvent[]> {
  const rows = (await db.select().from(events).where(leaderEvents)).map((row) => leaderEvent(row)!);
  const ids = rows.map((row) => row.id);
  const [places, stock, waiting] = await Promise.all([
    eventPlaces(db, ids, at),
    stockOf(db, ids),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ eventId: eventOrders.eventId, n: sql<number>`count(*)::int` })
          .from(eventOrders)
          .where(and(inArray(eventOrders.eventId, ids), eq(eventOrders.status, "waiting")))
          .groupBy(eventOrders.eventId),
  ]);
  const own: AdminEvent[] = rows.map((row) => {
    const event = row.definition;
    const counted = places.get(row.id);
    return {
      slug: row.slug,
      kind: event.kind,
      title: event.title,
      firstDay: event.firstDay,
      lastDay: event.lastDay,
      registrationOpensAt: event.registrationOpensAt,
      published: row.publishedAt !== null,
      phase: phaseOf(event.firstDay, event.lastDay, at),
      state: eventState(
        event,
        at,
        event.kind === "salg" ? null : (counted?.open ?? null),
        stock.filter((line) => line.eventId === row.id).reduce((sum, line) => sum + line.stock, 0),
      ),
      participants: counted?.held ?? 0,
      waiting: Number(waiting.find((line) => line.eventId === row.id)?.n ?? 0),
      definition: event as unknown as Record<string, unknown>,
      stockLeft: stock.filter((line) => line.eventId === row.id).map(({ itemId, variant, stock }) => ({ itemId, variant, stock })),
    };
  });
  const order = { running: 0, upcoming: 1, past: 2 } as const;
  return [...own, ...(await campEditionEntries(db, at))].sort(
    (a, b) => order[a.phase] - order[b.phase] || (a.phase === "past" ? b.firstDay.localeCompare(a.firstDay) : a.firstDay.localeCompare(b.firstDay)),
  );
}

/**
 * Addresses the site uses itself: under /arrangementer, and the key the new-member admin's messages are
 * logged under (an event by that address would open that log to the event admin's «Send melding»).
 */
const reservedSlugs = new Set(["admin", newMemberMessageSlug]);

function checkSlug(slug: string): string {
  if (campSlugPattern.test(slug)) throw new HttpError(409, eventAdminMessages.campHere);
  if (reservedSlugs.has(slug)) throw new HttpError(400, "Denne adressen brukes av nettstedet selv. Velg en annen.");
  const parsed = EventSlugSchema.safeParse(slug);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? eventMessages.id);
  return parsed.data;
}

/** Who saves, and for a copy the address it was copied from (the change log says both). */
interface StoreOptions {
  account: string;
  /** A new event's form: an address already taken is refused rather than replaced. */
  createOnly: boolean;
  copiedFrom?: string;
}

/**
 * Creates or replaces an event and, in the same transaction, logs field by field what changed (who, when).
 * A save that changes nothing changes nothing: no new version, nothing logged.
 */
async function store(db: Db, slug: string, event: EventDefinition, now: Date, options: StoreOptions): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(events).where(eq(events.slug, slug)).for("update");
    // The camp's editions are edited in «Leirer», never here (their addresses are refused before this too).
    if (row && !leaderEvent(row)) throw new HttpError(409, eventAdminMessages.campHere);
    const existing = leaderEvent(row);
    let id: number;
    // A new event's form never replaces another event that happens to have the same address.
    if (existing && options.createOnly) throw new HttpError(409, eventAdminMessages.exists);
    const changes: FieldChange[] = [
      ...(options.copiedFrom === undefined ? [] : [{ field: "copiedFrom", from: null, to: options.copiedFrom }]),
      ...fieldChanges(existing?.definition, event),
    ];
    if (existing && changes.length === 0) return { created: false };
    if (existing) {
      // Orders tie the event down: its kind cannot change, and it cannot be moved back to a day already over
      // (retention would then blank its families at once and start the accounting clock early).
      const movedIntoPast = event.lastDay < existing.lastDay && hasEnded(event, now);
      if (existing.kind !== event.kind || movedIntoPast) {
        const [any] = await tx.select({ id: eventOrders.id }).from(eventOrders).where(eq(eventOrders.eventId, existing.id)).limit(1);
        if (any) throw new HttpError(409, existing.kind !== event.kind ? eventMessages.kindChanged : eventMessages.movedIntoPast);
      }
      await tx
        .update(events)
        .set({ kind: event.kind, definition: event, lastDay: event.lastDay, version: sql`${events.version} + 1`, updatedAt: now })
        .where(eq(events.id, existing.id));
      id = existing.id;
    } else {
      const [inserted] = await tx
        .insert(events)
        .values({ slug, kind: event.kind, definition: event, lastDay: event.lastDay, createdAt: now, updatedAt: now })
        .returning({ id: events.id });
      id = inserted!.id;
    }
    if (event.kind === "salg") await restock(tx, id, existing?.kind === "salg" ? existing.definition : undefined, event);
    else await tx.delete(eventStock).where(eq(eventStock.eventId, id));
    const action = existing ? "updated" : options.copiedFrom === undefined ? "created" : "copied";
    await logEventChange(tx, { eventId: id, account: options.account, action, changes, at: now });
    return { created: !existing };
  });
}

/**
 * A sale's stock after the leader saved it. Each size's number is how many are for sale in all; what is
 * left moves by the change the leader made (`stock + new − old`, one conditional UPDATE under the event's
 * lock), never by what the form happened to show: a save during a sale cannot put sold items back on sale.
 * A new size starts with its number; a size taken out goes.
 */
async function restock(tx: Db, eventId: number, before: EventDefinition | undefined, after: Extract<EventDefinition, { kind: "salg" }>) {
  const total = (event: EventDefinition | undefined, itemId: string, variant: string) =>
    event?.kind === "salg" ? (event.items.find((item) => item.id === itemId)?.variants.find((size) => size.id === variant)?.stock ?? 0) : 0;
  const sizes = after.items.flatMap((item) =>
    item.variants.map((variant) => ({
      itemId: item.id,
      name: item.name,
      variant: variant.id,
      change: variant.stock - total(before, item.id, variant.id),
      stock: variant.stock,
    })),
  );
  const kept = sql.join(
    sizes.map((size) => sql`(${size.itemId}::text, ${size.variant}::text)`),
    sql`, `,
  );
  await tx.execute(
    sql`delete from ${eventStock} where ${eventStock.eventId} = ${eventId} and (${eventStock.itemId}, ${eventStock.variant}) not in (${kept})`,
  );
  for (const size of sizes) {
    const [row] = await tx
      .insert(eventStock)
      .values({ eventId, itemId: size.itemId, variant: size.variant, stock: size.stock })
      .onConflictDoUpdate({
        target: [eventStock.eventId, eventStock.itemId, eventStock.variant],
        set: { stock: sql`${eventStock.stock} + ${size.change}` },
        setWhere: sql`${eventStock.stock} + ${size.change} >= 0`,
      })
      .returning({ stock: eventStock.stock });
    if (!row) throw new HttpError(409, eventAdminMessages.soldMoreThan(size.name, size.variant));
  }
}

/**
 * `PUT …/Put/{slug}/{token}`: create or replace (the route validated the definition: 400 when invalid); with
 * `createOnly` (a new event's form) an address already taken is refused (409) and nothing is replaced.
 */
export async function putEvent(
  db: Db,
  rawSlug: string,
  event: EventDefinition,
  now: Date,
  { account, createOnly = false }: { account: string; createOnly?: boolean },
) {
  const slug = checkSlug(rawSlug);
  return store(db, slug, event, now, { account, createOnly });
}

/**
 * «Publiser»: visitors see the event. The row is locked, so two publishes at once log it once; publishing an
 * event already published changes nothing.
 */
export async function publishEvent(db: Db, rawSlug: string, account: string, now: Date): Promise<void> {
  if (campSlugPattern.test(rawSlug)) throw new HttpError(409, eventAdminMessages.campHere);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(events).where(eq(events.slug, rawSlug)).for("update");
    const event = leaderEvent(row);
    if (!event) throw new HttpError(404, eventAdminMessages.notFound);
    if (event.publishedAt) return;
    await tx
      .update(events)
      .set({ publishedAt: now, version: sql`${events.version} + 1`, updatedAt: now })
      .where(eq(events.id, event.id));
    const changes = [{ field: "publishedAt", from: null, to: now.toISOString() }];
    await logEventChange(tx, { eventId: event.id, account, action: "published", changes, at: now });
  });
}

/** «Kopier fra forrige gang»: a draft `weeks` whole weeks later (stock as it was first written). */
export async function copyEvent(db: Db, fromSlug: string, rawToSlug: string, weeks: number, account: string, now: Date): Promise<void> {
  if (campSlugPattern.test(fromSlug) || campSlugPattern.test(rawToSlug)) throw new HttpError(400, eventAdminMessages.campCopyMixed);
  const toSlug = checkSlug(rawToSlug);
  const from = await eventBySlug(db, fromSlug);
  if (!from) throw new HttpError(404, eventAdminMessages.notFound);
  if (await eventBySlug(db, toSlug)) throw new HttpError(409, eventAdminMessages.exists);
  await store(db, toSlug, copyEventDefinition(from.definition, weeks), now, { account, createOnly: true, copiedFrom: from.slug });
}

/** `GET …/Money/{slug}/{token}`: the event's totals from its orders' ledgers, by the shared functions. */
export async function eventMoney(db: Db, slug: string): Promise<EventMoney | undefined> {
  const row = await eventBySlug(db, slug);
  if (!row) return undefined;
  const orders = await db.select({ id: eventOrders.id }).from(eventOrders).where(eq(eventOrders.eventId, row.id));
  const ledgers = await eventLedgers(
    db,
    orders.map((order) => order.id),
  );
  const { charged, paid, refunded, refundOwed, kept, outstanding, net } = sumFigures([...ledgers.values()].map(ledgerFigures));
  return { orders: orders.length, charged, paid, refunded, refundOwed, kept, outstanding, net, byMethod: moneyByMethod(ledgers.values()) };
}

/** `GET …/Participants/{slug}/{token}`: every participant (or a sale's every line), with the order's money. */
export async function eventParticipantList(db: Db, slug: string, now: Date): Promise<AdminParticipant[] | undefined> {
  const row = await eventBySlug(db, slug);
  if (!row) return undefined;
  const orders = await db.select().from(eventOrders).where(eq(eventOrders.eventId, row.id)).orderBy(asc(eventOrders.id));
  const ids = orders.map((order) => order.id);
  if (ids.length === 0) return [];
  const [{ people, items }, ledgers, clubRows, gradeRows] = await Promise.all([
    positionsOf(db, ids),
    eventLedgers(db, ids),
    db.select().from(clubs),
    db.select().from(grades),
  ]);
  const event = row.definition;
  const questions = event.kind === "kurs" ? event.questions : [];
  // The line: waiting orders, oldest first; each with its latest offer.
  const line = orders.filter((order) => order.status === "waiting").sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  const offers = await db.select().from(eventWaitlistOffers).where(inArray(eventWaitlistOffers.orderId, ids)).orderBy(asc(eventWaitlistOffers.id));
  const latestOffer = new Map(offers.map((offer) => [offer.orderId, offer] as const));
  const list: AdminParticipant[] = [];
  for (const order of orders) {
    const ownPeople = people.filter((candidate) => candidate.orderId === order.id);
    const ownItems = items.filter((candidate) => candidate.orderId === order.id);
    // Each row's money from the order's ledger: a participant's by its position, a sale line's by its item and
    // variant (a second line of the same is a row of its own, with nothing on it); the first row takes the rest.
    const keys: string[] = [];
    const unique = (key: string) => (keys.includes(key) ? `${key}#${keys.length}` : key);
    for (const person of ownPeople) keys.push(unique(participantKey(person.position)));
    for (const line of ownItems) keys.push(unique(`item-${line.itemId}-${line.variant}`));
    const money = keys.length > 0 ? personMoney(ledgers.get(order.id) ?? [], keys) : new Map<string, PersonMoney>();
    const moneyOf = (index: number) => {
      const row = money.get(keys[index]!)!;
      return {
        charged: row.charged,
        paid: row.paid,
        refunded: row.refunded,
        refundOwed: row.refundOwed,
        outstanding: row.outstanding,
        paidWith: row.paidWith,
        refundedWith: row.refundedWith,
      };
    };
    const position = line.indexOf(order);
    const offer = order.status === "waiting" ? latestOffer.get(order.id) : undefined;
    const base = {
      orderId: order.orderId,
      status: order.status,
      contactName: `${order.firstName} ${order.lastName}`.trim(),
      email: order.email,
      telephone: order.telephone,
      method: order.method,
      waitlistPosition: position >= 0 ? position + 1 : null,
      offer: offer ? { state: shownState(offer, now), offeredAt: offer.offeredAt.toISOString(), expiresAt: offer.expiresAt.toISOString() } : null,
      anonymised: order.anonymisedAt !== null,
    };
    for (const [index, person] of ownPeople.entries()) {
      const answers: Record<string, string> = {};
      for (const question of questions) {
        answers[question.label] = answerText(answerTo(person.answers, question.id));
      }
      list.push({
        ...base,
        ...moneyOf(index),
        // A participant cancelled alone is cancelled on the list; the others keep the order's state.
        status: person.cancelledAt ? "cancelled" : base.status,
        name: `${person.firstName} ${person.lastName}`.trim(),
        age: person.age,
        club: clubRows.find((club) => club.clubId === person.clubId)?.name ?? null,
        grade: gradeRows.find((grade) => grade.gradeId === person.gradeId)?.name ?? null,
        gradeId: person.gradeId,
        answers,
        item: null,
      });
    }
    for (const [index, line] of ownItems.entries()) {
      list.push({
        ...base,
        ...moneyOf(ownPeople.length + index),
        name: base.contactName,
        age: null,
        club: null,
        grade: null,
        gradeId: null,
        answers: {},
        item: saleLineText(line),
      });
    }
  }
  return list;
}
