import { asc, inArray } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { eventCheckinActions } from "../db/schema/events.ts";

/** An event door's action as its log holds it (the camp's door writes other kinds, for its registrations). */
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
  if (orderIds.length === 0) return [];
  const rows = await db
    .select()
    .from(eventCheckinActions)
    .where(inArray(eventCheckinActions.orderId, [...orderIds]))
    .orderBy(asc(eventCheckinActions.id));
  return rows.flatMap(({ id, orderId, position, kind, accountName, at, changed }) =>
    orderId !== null && (kind === "checkin" || kind === "undo") ? [{ id, orderId, position, kind, accountName, at, changed }] : [],
  );
}
