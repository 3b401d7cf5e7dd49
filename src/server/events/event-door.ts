/**
 * The door of a grading, a course or a sale (docs/decisions/0030-event-door.md): the list with what each
 * order owes (the event ledger, one source), and check-in (or a sale's pick-up) with undo. The action is
 * carried out by the one door every kind shares (`door-core.ts`: once per action id, with the order row
 * locked, refusals leaving no trace) and what stands is read from the log by its one rule (`door-log.ts`);
 * this file is the events' part: an order by its order id, a participant by position, no money.
 */
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { CampAccountView } from "../admin-auth/camp-account.ts";
import {
  atTheDoor,
  eventDoorCounts,
  eventDoorMessages,
  type EventDoorAction,
  type EventDoorAnswer,
  type EventDoorEntry,
  type EventDoorList,
} from "../../shared/events/event-door.ts";
import { campSlugPattern } from "../../shared/events/event-definition.ts";
import { eventEndsAt, hasEnded, saleLineText } from "../../shared/events/event-rules.ts";
import type { Db } from "../db/database.ts";
import { clubs } from "../db/schema/clubs.ts";
import { grades } from "../db/schema/grades.ts";
import { eventOrders, eventPositions } from "../db/schema/events-orders.ts";
import { HttpError } from "../errors.ts";
import { applyDoorAction, DoorRefusal, type DoorActionKind } from "./door-core.ts";
import { doorLog, standingCheckIns } from "./door-log.ts";
import { eventFigures } from "./event-ledger.ts";
import { positionsOf } from "./event-positions.ts";
import { eventBySlug, type EventRow } from "./event-store.ts";

/** The event behind a door: a club event (not a winter camp) whose last day has not ended. */
async function doorEvent(db: Db, slug: string, now: Date): Promise<EventRow> {
  if (campSlugPattern.test(slug)) throw new HttpError(409, eventDoorMessages.camp);
  const row = await eventBySlug(db, slug);
  if (!row) throw new HttpError(404, eventDoorMessages.notFound);
  if (hasEnded(row.definition, now)) throw new HttpError(409, eventDoorMessages.past);
  return row;
}

const key = (orderId: number, position: number | null) => `${orderId}:${position ?? "order"}`;

/** Every order of the event as the door shows it, in the order they came. */
async function doorEntries(db: Db, event: EventRow): Promise<EventDoorEntry[]> {
  // An order whose personal data is deleted names nobody to look for, as at the camp's door.
  const orders = await db
    .select()
    .from(eventOrders)
    .where(and(eq(eventOrders.eventId, event.id), isNull(eventOrders.anonymisedAt)))
    .orderBy(asc(eventOrders.id));
  const ids = orders.map((order) => order.id);
  if (ids.length === 0) return [];
  const [{ people, items }, figures, actions, clubRows, gradeRows] = await Promise.all([
    positionsOf(db, ids),
    eventFigures(db, ids),
    doorLog(db, "order", ids),
    db.select().from(clubs),
    db.select().from(grades),
  ]);
  // What stands now, by the rule every door reads its log with.
  const checkIns = standingCheckIns(actions, (row) => key(row.orderId!, row.position));
  const done = (orderId: number, position: number | null) => {
    const row = checkIns.get(key(orderId, position));
    return row ? { at: row.at.toISOString(), by: row.accountName } : null;
  };

  return orders.map((order) => {
    const money = figures.get(order.id);
    return {
      orderId: order.orderId,
      status: order.status,
      contactName: `${order.firstName} ${order.lastName}`.trim(),
      charged: money?.charged ?? 0,
      paid: money?.paid ?? 0,
      outstanding: money?.outstanding ?? 0,
      persons: people
        .filter((person) => person.orderId === order.id)
        .map((person) => ({
          position: person.position,
          name: `${person.firstName} ${person.lastName}`.trim(),
          club: clubRows.find((club) => club.clubId === person.clubId)?.name ?? null,
          grade: gradeRows.find((grade) => grade.gradeId === person.gradeId)?.name ?? null,
          checkedIn: event.kind === "salg" ? null : done(order.id, person.position),
          ...(person.cancelledAt ? { cancelled: true } : {}),
        })),
      items: items.filter((line) => line.orderId === order.id).map(saleLineText),
      pickedUp: event.kind === "salg" ? done(order.id, null) : null,
    };
  });
}

/** `GET /api/ArrangementInnsjekk/Get/{slug}/{token}`. */
export async function eventDoorList(db: Db, slug: string, now: Date): Promise<EventDoorList> {
  const event = await doorEvent(db, slug, now);
  const entries = await doorEntries(db, event);
  const definition = event.definition;
  return {
    event: { slug: event.slug, kind: definition.kind, title: definition.title, firstDay: definition.firstDay, lastDay: definition.lastDay },
    fetchedAt: now.toISOString(),
    // The door closes then: nothing sent later is taken, so the phone keeps nothing longer.
    keepUntil: eventEndsAt(definition.lastDay).toISOString(),
    counts: eventDoorCounts(definition.kind, entries),
    entries,
  };
}

/**
 * `POST /api/ArrangementInnsjekk/CheckIn/{slug}/{token}`: check a participant in (a sale: the order picked
 * up), or take it back, through the one door (`door-core.ts`). Idempotent: what already stands is answered
 * with `duplicate` and changes nothing. An action with an `actionId` is carried out once per id, as at the
 * camp's door: sent again (a queue whose answer was lost), it answers `duplicate` even when a later action
 * has changed what stands since; the same id with another action is refused (409). Among different actions
 * the last to arrive decides what stands.
 */
export async function eventDoorAction(db: Db, slug: string, action: EventDoorAction, account: CampAccountView, now: Date): Promise<EventDoorAnswer> {
  const event = await doorEvent(db, slug, now);
  const sale = event.kind === "salg";
  if (sale && action.position !== undefined) throw new HttpError(400, eventDoorMessages.noPositionForSale);
  if (!sale && action.position === undefined) throw new HttpError(400, eventDoorMessages.positionNeeded);
  const { duplicate } = await applyDoorAction(db, eventDoorKind(event, action, account, now));
  const entries = await doorEntries(db, event);
  const entry = entries.find((candidate) => candidate.orderId === action.orderId)!;
  return { duplicate, entry, counts: eventDoorCounts(event.kind, entries) };
}

/** An event's part of a door action: its order by order id, a participant by position (none for a sale), no money. */
function eventDoorKind(
  event: EventRow,
  action: EventDoorAction,
  account: CampAccountView,
  now: Date,
): DoorActionKind<{ id: number; status: string }> {
  const sale = event.kind === "salg";
  const position = action.position ?? null;
  const undo = action.undo === true;
  return {
    actionId: action.actionId,
    lock: async (tx) => {
      // An order whose personal data is deleted (on request, or after the event) is unknown here: its
      // check-ins went with its names, and an action a phone queued before then must not write a new one.
      const locked = await tx.execute<{ id: number; status: string }>(
        sql`select id, status from event_orders where order_id = ${action.orderId} and event_id = ${event.id} and anonymised_at is null for update`,
      );
      const order = locked.rows[0];
      if (!order) throw new DoorRefusal(eventDoorMessages.unknownOrder, 404);
      return { id: Number(order.id), status: order.status };
    },
    sameAs: (earlier, order) => earlier.orderId === order.id && earlier.position === position && (earlier.kind === "undo") === undo,
    prepare: async (tx, order) => {
      if (position !== null) {
        const [person] = await tx
          .select({ id: eventPositions.id, cancelledAt: eventPositions.cancelledAt })
          .from(eventPositions)
          .where(and(eq(eventPositions.orderId, order.id), eq(eventPositions.position, position), ne(eventPositions.kind, "item")));
        if (!person) throw new DoorRefusal(eventDoorMessages.unknownParticipant, 404);
        // A participant cancelled alone is not coming: taking an earlier check-in back is still allowed.
        if (!undo && person.cancelledAt) throw new DoorRefusal(eventDoorMessages.cancelledParticipant);
      }
      // Taking back is always allowed (an order cancelled after its check-in); checking in only at the door's orders.
      if (!undo && !atTheDoor({ status: order.status as EventDoorEntry["status"] })) throw new DoorRefusal(notAtTheDoor(order.status, sale));
      const standing = standingCheckIns(await doorLog(tx, "order", [order.id]), (row) => key(order.id, row.position));
      const changed = standing.has(key(order.id, position)) === undo;
      // Nothing to change and no id to remember: nothing written.
      if (!changed && !action.actionId) return undefined;
      const kind = undo ? "undo" : "checkin";
      return { orderId: order.id, position, kind, accountUsername: account.username, accountName: account.name, at: now, changed };
    },
  };
}

/** Why an order that is not at the door cannot be checked in (a sale's: picked up). */
function notAtTheDoor(status: string, sale: boolean): string {
  const cancelled = status === "cancelled";
  if (sale) return cancelled ? eventDoorMessages.cancelledSale : eventDoorMessages.waitingSale;
  return cancelled ? eventDoorMessages.cancelled : eventDoorMessages.waiting;
}
