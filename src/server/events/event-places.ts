/**
 * An event's places as the database counts them, for both sides (the leader's events and the camp's editions):
 * one lock and one count. Every check-and-change of who holds a place takes the event row's lock first; the count
 * is the database's functions (`event_holders`, `event_line_fits`, `event_places_counted`, migrations 0031 and
 * 0052), the very ones the order statement decides by, so the page and the decision cannot disagree.
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
}

/** The places of the event that `event` names, with `capacity` (null: no limit); an event not found holds none. */
export async function placesCounted(db: Pick<Db, "execute">, event: SQL, capacity: number | null, at: Date): Promise<PlacesCounted> {
  const result = await db.execute<{ held: number; places_open: number | null; sleepover_held: number }>(sql`
    select c.held, c.places_open, c.sleepover_held
      from ${events}, event_places_counted(${events.id}, ${capacity}::integer, ${at.toISOString()}::timestamptz) c
     where ${event}`);
  const row = result.rows[0];
  if (!row) return { held: 0, open: capacity, sleepoversHeld: 0 };
  return { held: Number(row.held), open: row.places_open === null ? null : Number(row.places_open), sleepoversHeld: Number(row.sleepover_held) };
}

/**
 * The waiting orders that get the places free now, first in line first: the database's rule of the line
 * (`event_line_fits`, the one the count and the order statement go by): going through the orders in line, each one
 * whose size fits what is still free takes it. `free` null: no limit.
 */
export async function lineGettingPlaces(tx: Pick<Db, "execute">, eventId: number, free: number | null): Promise<number[]> {
  const result = await tx.execute<{ order_id: number }>(sql`select order_id from event_line_fits(${eventId}, ${free}::integer) where fits`);
  return result.rows.map((row) => Number(row.order_id));
}
