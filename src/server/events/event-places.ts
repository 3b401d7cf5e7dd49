/**
 * An event's places as the database counts them, for both sides (the leader's events and the camp's editions):
 * one lock and one count. Every check-and-change of who holds a place takes the event row's lock first; the count
 * is the database's functions (`event_holders`, `event_line_fits`, `event_places_counted`, migrations 0031, 0052
 * and 0059), the very ones the order statement decides by, so the page and the decision cannot disagree.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { events } from "../db/schema/events.ts";

/**
 * Locks the event row that `event` (a condition over `events`) names, FOR UPDATE: two requests, or two processes on
 * one PostgreSQL, never both take the last place. Answers the event's id (undefined when there is none).
 */
export async function lockPlaces(tx: Pick<Db, "execute">, event: SQL): Promise<number | undefined> {
  const result = await tx.execute<{ id: number }>(sql`select ${events.id} as id from ${events} where ${event} for update`);
  const id = result.rows[0]?.id;
  return id === undefined ? undefined : Number(id);
}

/** An event's places at a moment, as `event_places_counted` answers them. */
export interface PlacesCounted {
  /** The places held (event_holders). */
  held: number;
  /** The places a new order may take: the capacity less those held, less what the waiting line takes first; null without a capacity. */
  open: number | null;
  /** The sleepover places held (the camp's athletes who sleep over); 0 for an event's orders. */
  sleepoversHeld: number;
  /** The sleepover places a new order may take: the sleepover capacity less those held, less what the waiting line takes first; null without one. */
  sleepoversOpen: number | null;
}

/** An event's limits: its places and its sleepover places (only the camp has those), each null for no limit. */
export interface PlaceLimits {
  capacity: number | null;
  sleepoverCapacity: number | null;
}

/** The places of the event that `event` names, within `limits`; an event not found holds none. */
export async function placesCounted(db: Pick<Db, "execute">, event: SQL, limits: PlaceLimits, at: Date): Promise<PlacesCounted> {
  const { capacity, sleepoverCapacity } = limits;
  const result = await db.execute<{ held: number; places_open: number | null; sleepover_held: number; sleepover_open: number | null }>(sql`
    select c.held, c.places_open, c.sleepover_held, c.sleepover_open
      from ${events},
           event_places_counted(${events.id}, ${capacity}::integer, ${sleepoverCapacity}::integer, ${at.toISOString()}::timestamptz) c
     where ${event}`);
  const row = result.rows[0];
  if (!row) return { held: 0, open: capacity, sleepoversHeld: 0, sleepoversOpen: sleepoverCapacity };
  const count = (value: number | null) => (value === null ? null : Number(value));
  return {
    held: Number(row.held),
    open: count(row.places_open),
    sleepoversHeld: Number(row.sleepover_held),
    sleepoversOpen: count(row.sleepover_open),
  };
}

/**
 * The waiting orders that get the places free now, first in line first: the database's rule of the line
 * (`event_line_fits`, the one the count and the order statement go by): going through the orders in line, each one
 * whose places and sleepover places both fit what is still free takes them; one that does not fit is passed.
 * `free` and `sleepoversFree` null: no limit.
 */
export async function lineGettingPlaces(
  tx: Pick<Db, "execute">,
  eventId: number,
  free: number | null,
  sleepoversFree: number | null,
): Promise<number[]> {
  const result = await tx.execute<{ order_id: number }>(
    sql`select order_id from event_line_fits(${eventId}, ${free}::integer, ${sleepoversFree}::integer) where fits`,
  );
  return result.rows.map((row) => Number(row.order_id));
}
