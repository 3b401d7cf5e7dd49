import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { eventCheckinActions } from "../db/schema/events-checkin.ts";

/**
 * The door's log, read once for every kind of event (docs/decisions/0040-one-offline-door.md): the rows of
 * event_checkin_actions in the order they were carried out, and what stands from them. An event's door
 * checks in a participant (or a sale's order, picked up); the camp's a person on a camp day, and also takes
 * money. Which thing an action is about is the kind's part (`keyOf`); the rule of what stands is one.
 */

export type DoorLogRow = typeof eventCheckinActions.$inferSelect;

/** The log of these orders (`side: "order"`) or camp registrations (`side: "camp"`), oldest first. */
export async function doorLog(db: Pick<Db, "select">, side: "order" | "camp", ids: readonly number[]): Promise<DoorLogRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(eventCheckinActions)
    .where(and(inArray(eventCheckinActions.orderId, [...ids]), eq(eventCheckinActions.ownerKind, side)))
    .orderBy(asc(eventCheckinActions.id));
}

/** An undo of a check-in: an event's door writes «undo», the camp's «undo-checkin» (its undo-payment is money). */
const checkInUndos = ["undo", "undo-checkin"] as const satisfies readonly DoorLogRow["kind"][];
const undoesCheckIn = (kind: DoorLogRow["kind"]) => (checkInUndos as readonly string[]).includes(kind);

/** Of a log row, what the rule of what stands reads and what names the thing checked in. */
const checkInColumns = {
  id: eventCheckinActions.id,
  orderId: eventCheckinActions.orderId,
  position: eventCheckinActions.position,
  personId: eventCheckinActions.personId,
  day: eventCheckinActions.day,
  kind: eventCheckinActions.kind,
  at: eventCheckinActions.at,
};
export type DoorCheckInRow = Pick<DoorLogRow, keyof typeof checkInColumns>;

/**
 * Only the check-ins and their undos of these orders, oldest first, with only `checkInColumns`: enough for
 * `standingCheckIns`, without the money rows and the columns a list of who is in never reads (at a camp of a
 * thousand, reading whole rows cost about twice as long).
 */
export async function doorCheckIns(db: Pick<Db, "select">, side: "order" | "camp", ids: readonly number[]): Promise<DoorCheckInRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(checkInColumns)
    .from(eventCheckinActions)
    .where(
      and(
        inArray(eventCheckinActions.orderId, [...ids]),
        eq(eventCheckinActions.ownerKind, side),
        inArray(eventCheckinActions.kind, ["checkin", ...checkInUndos]),
      ),
    )
    .orderBy(asc(eventCheckinActions.id));
}

/**
 * Who stands checked in: a thing is in while a check-in of it has no undo after it (the last to arrive
 * decides), since the earliest check-in after its last undo; the answer is that check-in's row. A check-in
 * that found its state already standing, or an undo that found nobody in, changes nothing here either.
 */
export function standingCheckIns<Row extends Pick<DoorLogRow, "kind" | "at">>(rows: readonly Row[], keyOf: (row: Row) => string): Map<string, Row> {
  const standing = new Map<string, Row>();
  for (const row of rows) {
    const key = keyOf(row);
    if (undoesCheckIn(row.kind)) standing.delete(key);
    else if (row.kind === "checkin") {
      const since = standing.get(key);
      if (!since || row.at < since.at) standing.set(key, row);
    }
  }
  return standing;
}

/** An event door's action as the person export shows it. */
export interface EventDoorAction {
  id: number;
  orderId: number;
  /** The participant's position; null for a sale's order picked up whole. */
  position: number | null;
  kind: "checkin" | "undo";
  accountName: string;
  at: Date;
  /** False for an action that found its state already standing. */
  changed: boolean;
}

/** The door log of these event orders, in the order the actions were carried out. */
export async function eventDoorActions(db: Pick<Db, "select">, orderIds: readonly number[]): Promise<EventDoorAction[]> {
  return (await doorLog(db, "order", orderIds)).flatMap(({ id, orderId, position, kind, accountName, at, changed }) =>
    orderId !== null && (kind === "checkin" || kind === "undo") ? [{ id, orderId, position, kind, accountName, at, changed }] : [],
  );
}
