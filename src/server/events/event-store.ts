/**
 * Reads the club's events for the public list, an event's page and the admin: the stored definition with
 * what the database counts (places taken, stock left).
 */
import { and, asc, eq, inArray, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import type { EventDetail, EventSummary } from "../../shared/events/event-api.ts";
import type { EventDefinition, EventKind } from "../../shared/events/event-definition.ts";
import { campEventKind, isLeaderKind } from "../../shared/events/event-kinds.ts";
import { eventState, hasEnded } from "../../shared/events/event-rules.ts";
import type { Db } from "../db/database.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { eventStock, events } from "../db/schema/events.ts";
import { campPlaces, campPlacesTaken } from "../camp/camp-places.ts";
import { storedEdition } from "../camp/camp-editions.ts";
import { campEvents } from "../camp/camp-events.ts";
import { registrationStateAt } from "../../shared/camp/camp-edition-data.ts";

type EventTableRow = typeof events.$inferSelect;
/**
 * An event of a kind the event admin makes (gradering, kurs, salg). The camp's editions share the table but
 * are read through the camp's own store (camp-editions.ts) until its registrations move onto the engine.
 */
export type EventRow = Omit<EventTableRow, "kind" | "definition"> & { kind: EventKind; definition: EventDefinition };
type Reader = Pick<Db, "select">;

export const eventPagePath = (slug: string) => `/arrangementer/${slug}`;

/** The events of the event admin's kinds. */
export const leaderEvents = ne(events.kind, campEventKind);

/**
 * The orders of events of the event admin's kinds. A camp registration is an order of its edition's event in
 * the same table (with its own order id, VL…, and row id): every read of the events' code by an order's id,
 * row id or link is scoped by this or by its event's id, so a camp order is never taken for an event's.
 */
export const leaderOrders: SQL = sql`${eventOrders.eventId} in (select ${events.id} from ${events} where ${leaderEvents})`;

type OrderTableRow = typeof eventOrders.$inferSelect;
type Owned<Row> = { [Key in keyof Row]: Key extends "amount" | "places" ? Exclude<Row[Key], null> : Row[Key] };
/** An order of an event of the event admin's kinds as stored: its amount and places are always set. */
export type EventOrderRow = Owned<OrderTableRow>;

/**
 * An order read as an event's (scoped by `leaderOrders` or its event): its amount and places are stored for
 * every order of the leader's kinds and null only for a camp registration's, so a null here means a camp
 * order slipped past the scope, which is refused rather than read as 0.
 */
export function asEventOrder<Row extends { id: number; amount?: number | null; places?: number | null }>(row: Row): Owned<Row> {
  if (row.amount === null || row.places === null)
    throw new Error(`Order row ${row.id} has no amount or places: a camp registration, not an event's order`);
  return row as Owned<Row>;
}

/** The row as an event of the event admin's kinds; undefined for none or a camp edition. */
export function leaderEvent(row: EventTableRow | undefined): EventRow | undefined {
  return row && isLeaderKind(row.kind) ? (row as EventRow) : undefined;
}

export async function eventBySlug(db: Reader, slug: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.slug, slug));
  return leaderEvent(row);
}

/** The event an order belongs to (orders belong only to the event admin's kinds). */
export async function eventById(db: Reader, id: number): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return leaderEvent(row);
}

/**
 * The database counts an event's places, once, for every reader (migration 0031): `held` are the places of
 * confirmed orders, of orders waiting for their Vipps payment and of waiting orders with an offer open at
 * `at`; `open` what a new order may take (capacity less held, less what the waiting line takes first; null
 * without a capacity), the very count the order statement decides by.
 */
export interface EventPlaces {
  held: number;
  open: number | null;
}

export async function eventPlaces(db: Reader, eventIds: readonly number[], at: Date): Promise<Map<number, EventPlaces>> {
  const places = new Map<number, EventPlaces>();
  if (eventIds.length === 0) return places;
  const moment = sql`${at.toISOString()}::timestamptz`;
  const rows = await db
    .select({
      id: events.id,
      held: sql<number>`event_places_held(${events.id}, ${moment})`,
      open: sql<number | null>`event_places_open(${events.id}, (${events.definition}->>'capacity')::integer, ${moment})`,
    })
    .from(events)
    .where(inArray(events.id, [...eventIds]));
  for (const row of rows) places.set(row.id, { held: Number(row.held), open: row.open === null ? null : Number(row.open) });
  return places;
}

/** The places held per event (see `eventPlaces`). */
export async function placesTaken(db: Reader, eventIds: readonly number[], at: Date): Promise<Map<number, number>> {
  const places = await eventPlaces(db, eventIds, at);
  return new Map(eventIds.map((id) => [id, places.get(id)?.held ?? 0]));
}

export async function stockOf(db: Reader, eventIds: readonly number[]) {
  if (eventIds.length === 0) return [];
  return db
    .select()
    .from(eventStock)
    .where(inArray(eventStock.eventId, [...eventIds]))
    .orderBy(asc(eventStock.eventId), asc(eventStock.itemId), asc(eventStock.variant));
}

function summaryOf(row: EventRow, places: EventPlaces | undefined, stockLeft: number, at: Date): EventSummary {
  const event = row.definition;
  const left = event.kind === "salg" ? null : (places?.open ?? null);
  return {
    slug: row.slug,
    kind: event.kind,
    title: event.title,
    firstDay: event.firstDay,
    lastDay: event.lastDay,
    state: eventState(event, at, left, stockLeft),
    placesLeft: left,
    url: eventPagePath(row.slug),
    venue: event.venue,
    registrationOpensAt: event.registrationOpensAt,
    registrationClosesAt: event.registrationClosesAt,
    pricing: {
      price: event.kind === "salg" ? null : event.price,
      priceBands: event.kind === "kurs" ? event.priceBands : [],
      itemPrices: event.kind === "salg" ? event.items.map((item) => item.price) : [],
    },
  };
}

/**
 * The winter camp's published editions that have not ended, read through the camp's own store and the database's
 * count of its places (a small adapter: the camp keeps its code), so next year's camp is listed beside this year's.
 */
async function campSummaries(db: Reader & Pick<Db, "execute">, at: Date): Promise<EventSummary[]> {
  const rows = (
    await db
      .select()
      .from(events)
      .where(and(campEvents, isNotNull(events.publishedAt)))
  )
    .map((row) => storedEdition(row).data)
    .filter((data) => !hasEnded(data, at));
  const summaries: EventSummary[] = [];
  for (const data of rows) {
    const { year } = data;
    // The database's count of the edition's places, as its own page shows it (camp-editions.ts).
    const places = await campPlaces(db, year, data, at);
    // The camp's own rule (camp-edition-data.ts): closed from the camp's start unless it stays open during it.
    const { state, placesLeft: left } = registrationStateAt(data, at, campPlacesTaken(places, data.capacity));
    summaries.push({
      slug: `vinterleir-${year}`,
      kind: "vinterleir",
      title: `Vinterleir ${year}`,
      firstDay: data.firstDay,
      lastDay: data.lastDay,
      state,
      placesLeft: left,
      url: "/vinterleir",
      venue: data.venue,
      registrationOpensAt: data.registrationOpensAt,
      registrationClosesAt: data.registrationClosesAt,
    });
  }
  return summaries;
}

/** `GET /api/Arrangement/Get`: published events that have not ended (the winter camps too), soonest first. */
export async function publishedEvents(db: Reader & Pick<Db, "execute">, at: Date): Promise<EventSummary[]> {
  const rows = (
    await db
      .select()
      .from(events)
      .where(and(leaderEvents, isNotNull(events.publishedAt)))
  )
    .map((row) => leaderEvent(row)!)
    .filter((row) => !hasEnded(row.definition, at));
  const ids = rows.map((row) => row.id);
  const [places, stock] = await Promise.all([eventPlaces(db, ids, at), stockOf(db, ids)]);
  const own = rows.map((row) =>
    summaryOf(
      row,
      places.get(row.id),
      stock.filter((line) => line.eventId === row.id).reduce((sum, line) => sum + line.stock, 0),
      at,
    ),
  );
  return [...own, ...(await campSummaries(db, at))].sort((a, b) => a.firstDay.localeCompare(b.firstDay) || a.title.localeCompare(b.title));
}

/** `GET /api/Arrangement/Get/{slug}`: a published event (ended ones too: the page says it is over). */
export async function eventDetail(db: Reader, slug: string, at: Date): Promise<EventDetail | undefined> {
  const row = await eventBySlug(db, slug);
  if (!row?.publishedAt) return undefined;
  const [places, stock] = await Promise.all([eventPlaces(db, [row.id], at), stockOf(db, [row.id])]);
  const event: EventDefinition = row.definition;
  const summary = summaryOf(
    row,
    places.get(row.id),
    stock.reduce((sum, line) => sum + line.stock, 0),
    at,
  );
  const left = (itemId: string, variant: string) => stock.find((line) => line.itemId === itemId && line.variant === variant)?.stock ?? 0;
  return {
    ...summary,
    kind: event.kind,
    description: event.description,
    capacity: event.capacity,
    price: event.kind === "salg" ? null : event.price,
    priceBands: event.kind === "kurs" ? event.priceBands : [],
    startTime: event.kind === "gradering" ? event.startTime : null,
    homeClubOnly: event.kind === "gradering" ? event.homeClubOnly : null,
    minAge: event.kind === "gradering" ? event.minAge : null,
    maxAge: event.kind === "gradering" ? event.maxAge : null,
    minGradeId: event.kind === "gradering" ? event.minGradeId : null,
    maxGradeId: event.kind === "gradering" ? event.maxGradeId : null,
    sleepover: event.kind === "kurs" ? event.sleepover : null,
    questions: event.kind === "kurs" ? event.questions : [],
    items:
      event.kind === "salg"
        ? event.items.map((item) => ({
            id: item.id,
            name: item.name,
            price: item.price,
            variants: item.variants.map((variant) => ({ id: variant.id, left: left(item.id, variant.id) })),
          }))
        : [],
    pickUpPlace: event.kind === "salg" ? event.pickUpPlace : null,
    pickUpTime: event.kind === "salg" ? event.pickUpTime : null,
    waitingListOpen: summary.state === "full" && event.kind !== "salg",
  };
}

/** A key that changes whenever the public list would: the pages rendered from it follow. */
export async function publishedEventsKey(db: Reader & Pick<Db, "execute">, at: Date): Promise<{ key: string; list: EventSummary[] }> {
  const list = await publishedEvents(db, at);
  return {
    key: JSON.stringify(list.map((event) => [event.slug, event.state, event.placesLeft, event.title, event.firstDay, event.lastDay, event.venue])),
    list,
  };
}
