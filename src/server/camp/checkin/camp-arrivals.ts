import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { eventCheckinActions } from "../../db/schema/events.ts";

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
 * Who stands checked in on which camp day, read from the door's log as an event's door reads it: a person
 * is in on a day while a check-in of theirs has no undo after it (the log's order is the order the actions
 * arrived, so the last to arrive decides), since the first such check-in. Ordered by day.
 */
export async function campArrivals(db: Pick<Db, "select">, registrationIds: readonly number[]): Promise<CampArrival[]> {
  if (registrationIds.length === 0) return [];
  // Spelled out: drizzle leaves a single table's columns unqualified, which inside the subquery would mean the undo's.
  const outer = (column: string) => sql.raw(`"event_checkin_actions"."${column}"`);
  const undone = sql`exists (select 1 from event_checkin_actions as undo where undo.camp_registration_id = ${outer("camp_registration_id")}
    and undo.person_id = ${outer("person_id")} and undo.day = ${outer("day")} and undo.kind = 'undo-checkin' and undo.id > ${outer("id")})`;
  const rows = await db
    .select({
      registrationId: eventCheckinActions.campRegistrationId,
      personId: eventCheckinActions.personId,
      day: eventCheckinActions.day,
      at: sql<Date>`min(${eventCheckinActions.at})`.mapWith(eventCheckinActions.at),
    })
    .from(eventCheckinActions)
    .where(and(inArray(eventCheckinActions.campRegistrationId, [...registrationIds]), eq(eventCheckinActions.kind, "checkin"), sql`not ${undone}`))
    .groupBy(eventCheckinActions.campRegistrationId, eventCheckinActions.personId, eventCheckinActions.day)
    .orderBy(eventCheckinActions.day, eventCheckinActions.personId);
  return rows.map((row) => ({ registrationId: row.registrationId!, personId: row.personId!, day: row.day!, at: row.at }));
}
