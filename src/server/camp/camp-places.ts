import type { Db } from "../db/database.ts";
import { lockPlaces, placesCounted, type PlacesCounted } from "../events/event-places.ts";
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
 * places a new registration may take with `capacity` (null: no limit), those in line for an offer taking a freed
 * place first, and the athletes holding one who sleep over.
 */
export function campPlaces(db: Pick<Db, "execute">, editionYear: number, capacity: number | null, now: Date): Promise<PlacesCounted> {
  return placesCounted(db, campEventOfYear(editionYear), capacity, now);
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
