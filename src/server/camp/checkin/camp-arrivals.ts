import type { Db } from "../../db/database.ts";
import { doorCheckIns, standingCheckIns } from "../../events/door-log.ts";

export interface CampArrival {
  registrationId: number;
  /** `a{registrationId}` the athlete, `c{companionId}` a companion. */
  personId: string;
  /** The camp day, YYYY-MM-DD (Oslo). */
  day: string;
  /** When the person was checked in that day (the first check-in since the last undo). */
  at: Date;
}

/**
 * Who stands checked in on which camp day, read from the door's log by the rule every door reads it with
 * (`standingCheckIns`): the camp's part is only that a check-in is of a person on a day. Ordered by day,
 * then person.
 */
export async function campArrivals(db: Pick<Db, "select">, registrationIds: readonly number[]): Promise<CampArrival[]> {
  const log = await doorCheckIns(db, "camp", registrationIds);
  const standing = standingCheckIns(log, (row) => `${row.orderId}:${row.personId}:${row.day}`);
  return [...standing.values()]
    .map((row) => ({ registrationId: row.orderId, personId: row.personId!, day: row.day!, at: row.at }))
    .sort((a, b) => compare(a.day, b.day) || compare(a.personId, b.personId));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
