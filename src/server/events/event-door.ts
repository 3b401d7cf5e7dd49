/**
 * The door of a grading, a course or a sale (docs/decisions/0030-event-door.md): the list with what each
 * order owes (the event ledger, one source), and check-in (or a sale's pick-up) with undo. Every change is
 * a new row of event_checkin_actions, written with the order row locked, so two doors never act twice; an
 * action sent with the phone's action id is carried out once however often it is sent, as at the camp's
 * door (docs/decisions/0040-one-offline-door.md).
 */
import { and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
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
import { eventCheckinActions, eventOrders, eventPositions } from "../db/schema/events.ts";
import { HttpError } from "../errors.ts";
import { eventDoorActions } from "./event-door-log.ts";
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
    eventDoorActions(db, ids),
    db.select().from(clubs),
    db.select().from(grades),
  ]);
  // What stands now: the latest action of each order and position that changed something.
  const standing = new Map<string, { at: string; by: string } | null>();
  for (const action of actions)
    if (action.changed)
      standing.set(key(action.orderId, action.position), action.kind === "checkin" ? { at: action.at.toISOString(), by: action.accountName } : null);

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
          checkedIn: event.kind === "salg" ? null : (standing.get(key(order.id, person.position)) ?? null),
          ...(person.cancelledAt ? { cancelled: true } : {}),
        })),
      items: items.filter((line) => line.orderId === order.id).map(saleLineText),
      pickedUp: event.kind === "salg" ? (standing.get(key(order.id, null)) ?? null) : null,
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
 * up), or take it back. Idempotent: what already stands is answered with `duplicate` and changes nothing.
 * The order row is locked first, so the same action from two doors at once has one effect. An action with
 * an `actionId` is carried out once per id, the camp door's rule: sent again (a queue whose answer was
 * lost), it answers `duplicate` even when a later action has changed what stands since; the same id with
 * another action is refused (409). Among different actions the last to arrive decides what stands.
 */
export async function eventDoorAction(db: Db, slug: string, action: EventDoorAction, account: CampAccountView, now: Date): Promise<EventDoorAnswer> {
  const event = await doorEvent(db, slug, now);
  const sale = event.kind === "salg";
  if (sale && action.position !== undefined) throw new HttpError(400, eventDoorMessages.noPositionForSale);
  if (!sale && action.position === undefined) throw new HttpError(400, eventDoorMessages.positionNeeded);
  const position = action.position ?? null;
  const undo = action.undo === true;

  const duplicate = await db.transaction(async (tx) => {
    // An order whose personal data is deleted (on request, or after the event) is unknown here: its
    // check-ins went with its names, and an action a phone queued before then must not write a new one.
    const locked = await tx.execute<{ id: number; status: string }>(
      sql`select id, status from event_orders where order_id = ${action.orderId} and event_id = ${event.id} and anonymised_at is null for update`,
    );
    const order = locked.rows[0];
    if (!order) throw new HttpError(404, eventDoorMessages.unknownOrder);
    const orderId = Number(order.id);
    if (action.actionId) {
      const [earlier] = await tx
        .select({ orderId: eventCheckinActions.orderId, position: eventCheckinActions.position, kind: eventCheckinActions.kind })
        .from(eventCheckinActions)
        .where(eq(eventCheckinActions.actionId, action.actionId));
      if (earlier) {
        const same = earlier.orderId === orderId && earlier.position === position && (earlier.kind === "undo") === undo;
        if (!same) throw new HttpError(409, eventDoorMessages.reusedActionId);
        return true;
      }
    }
    if (position !== null) {
      const [person] = await tx
        .select({ id: eventPositions.id, cancelledAt: eventPositions.cancelledAt })
        .from(eventPositions)
        .where(and(eq(eventPositions.orderId, orderId), eq(eventPositions.position, position), ne(eventPositions.kind, "item")));
      if (!person) throw new HttpError(404, eventDoorMessages.unknownParticipant);
      // A participant cancelled alone is not coming: taking an earlier check-in back is still allowed.
      if (!undo && person.cancelledAt) throw new HttpError(409, eventDoorMessages.cancelledParticipant);
    }
    // Taking back is always allowed (an order cancelled after its check-in); checking in only at the door's orders.
    if (!undo && !atTheDoor({ status: order.status as EventDoorEntry["status"] })) {
      const cancelled = order.status === "cancelled";
      throw new HttpError(
        409,
        sale
          ? cancelled
            ? eventDoorMessages.cancelledSale
            : eventDoorMessages.waitingSale
          : cancelled
            ? eventDoorMessages.cancelled
            : eventDoorMessages.waiting,
      );
    }
    const [latest] = await tx
      .select({ kind: eventCheckinActions.kind })
      .from(eventCheckinActions)
      .where(
        and(
          eq(eventCheckinActions.orderId, orderId),
          position === null ? isNull(eventCheckinActions.position) : eq(eventCheckinActions.position, position),
          eq(eventCheckinActions.changed, true),
        ),
      )
      .orderBy(desc(eventCheckinActions.id))
      .limit(1);
    const checkedIn = latest?.kind === "checkin";
    const changed = checkedIn === undo;
    // Nothing to change and no id to remember: nothing written.
    if (!changed && !action.actionId) return true;
    const inserted = await tx
      .insert(eventCheckinActions)
      .values({
        orderId,
        position,
        kind: undo ? "undo" : "checkin",
        accountUsername: account.username,
        accountName: account.name,
        at: now,
        actionId: action.actionId ?? null,
        changed,
      })
      .onConflictDoNothing({ target: eventCheckinActions.actionId })
      .returning({ id: eventCheckinActions.id });
    // The id was taken meanwhile by an action on another order (whose lock this one does not hold).
    if (inserted.length === 0) throw new HttpError(409, eventDoorMessages.reusedActionId);
    return !changed;
  });

  const entries = await doorEntries(db, event);
  const entry = entries.find((candidate) => candidate.orderId === action.orderId)!;
  return { duplicate, entry, counts: eventDoorCounts(event.kind, entries) };
}
