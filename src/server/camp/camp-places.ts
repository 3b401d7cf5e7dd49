import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { lockPlaces, placesCounted, type PlaceLimits, type PlacesCounted } from "../events/event-places.ts";
import { campEventOfYear } from "./camp-events.ts";

/**
 * A camp edition's places, read from the database's count of its event (events/event-places.ts): the camp's
 * registrations are orders of the edition's event, counted by the same functions and under the same lock as every
 * event's order, so the edition's page, the admin and each registration's decision read one figure.
 */

/**
 * Every check-and-change of who holds a place in an edition (a registration, an offer from the waiting list, a lost
 * payment taken up again, removal from the list, a sleepover taken) runs in a transaction that first takes this
 * lock: its event's row, FOR UPDATE, as an event's order does. Answers the event's id.
 */
export function lockEditionPlaces(tx: Pick<Db, "execute">, editionYear: number): Promise<number | undefined> {
  return lockPlaces(tx, campEventOfYear(editionYear));
}

/**
 * The edition's places at `now` (`event_places_counted`): athletes holding one (confirmed; awaiting payment with an
 * attempt that can still be paid, its own or a group payment it has a share of; waiting with an offer open), the
 * places a new registration may take within the edition's `limits` (the capacity and the sleepover capacity, null:
 * no limit), those in line for an offer taking a freed place first (a sleeper only when a sleepover place is free
 * too), and the sleepover places held and open likewise.
 */
export function campPlaces(db: Pick<Db, "execute">, editionYear: number, limits: PlaceLimits, now: Date): Promise<PlacesCounted> {
  return placesCounted(db, campEventOfYear(editionYear), limits, now);
}

/** Places not free for a new registration (as `registrationStateAt` takes them): the capacity less what is open. */
export function campPlacesTaken(places: PlacesCounted, capacity: number | null): number {
  return capacity === null || places.open === null ? places.held : capacity - places.open;
}

/**
 * Payment states in which an attempt can no longer be paid: a pending registration with only such attempts holds no
 * place (the database's `event_holders` names the same states; camp-places.test.ts holds the two together).
 */
export const deadPaymentStates = ["failed", "aborted", "expired", "terminated"] as const;

/** Whether registrations that hold nothing now (every attempt ended) fit again, and the places free for them. */
export interface FitAgain {
  fits: boolean;
  /** Places free for them (null: no limit). */
  free: number | null;
  /** False when the places would do but the sleepover places would not. */
  sleepoversFit: boolean;
}

/**
 * Under the edition's lock: whether `ids` (pending registrations whose attempts all ended, so they hold no place
 * in the count) fit again: a place each, and a sleepover place each one that sleeps over, as a new registration
 * would need.
 */
export async function fitAgain(tx: Db, editionYear: number, limits: PlaceLimits, now: Date, ids: readonly number[]): Promise<FitAgain> {
  const places = await campPlaces(tx, editionYear, limits, now);
  const sleepers =
    places.sleepoversOpen === null || ids.length === 0
      ? 0
      : (
          await tx
            .select({ id: campRegistrations.id })
            .from(campRegistrations)
            .where(and(inArray(campRegistrations.id, [...ids]), eq(campRegistrations.sleepover, true)))
        ).length;
  const placesFit = places.open === null || places.open >= ids.length;
  const sleepoversFit = places.sleepoversOpen === null || places.sleepoversOpen >= sleepers;
  return { fits: placesFit && sleepoversFit, free: places.open, sleepoversFit };
}
