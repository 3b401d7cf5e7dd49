import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";

/**
 * Places in a camp edition with a capacity. Every check-and-change of who holds a place (a registration,
 * an offer from the waiting list, a lost payment taken up again, removal from the list) runs in a
 * transaction that first takes the edition's advisory lock, so two requests (or two processes on one
 * PostgreSQL) never both take the last place. PGlite runs one transaction at a time anyway.
 */
export async function lockEditionPlaces(tx: Db, editionYear: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('skitaekwondo:camp-places'), ${editionYear}::int)`);
}

/** Payment states in which an attempt can no longer be paid: a pending registration with only such attempts holds no place. */
export const deadPaymentStates = ["failed", "aborted", "expired", "terminated"] as const;
const deadList = sql.raw(deadPaymentStates.map((state) => `'${state}'`).join(", "));

/**
 * Athletes holding a place: confirmed; awaiting payment with an attempt that can still be paid (its own, or a group payment it has a share of; a payment
 * that ended cancelled gives the place up); waiting with an offer that is open at `now`. `exceptRegistrationId`:
 * not counting this one (it asks for a place itself). `only` narrows further, over the order `r` and its athlete `a`.
 *
 * The registrations counted are those of the view `camp_registration_view` (an order of the edition's event with its
 * athlete); they are read from its tables here so that the edition is found by its event's slug and its orders
 * through the index on (event_id, status), as this runs under the edition's lock on every registration.
 */
export async function placesHeld(db: Pick<Db, "execute">, editionYear: number, now: Date, exceptRegistrationId = 0, only = sql``): Promise<number> {
  const result = await db.execute<{ held: number }>(sql`
    select count(*)::int as held
      from events e
      join event_orders r on r.event_id = e.id
      join event_positions a on a.camp_registration_id = r.id and a.position = 0 and a.kind = 'athlete'
     where e.slug = ${`vinterleir-${editionYear}`} and e.kind = 'vinterleir'
       and r.status in ('confirmed', 'pending_payment', 'waiting') and r.id <> ${exceptRegistrationId} ${only}
       and (r.status = 'confirmed'
         or (r.status = 'pending_payment'
             and (exists (select 1 from event_payments p where p.camp_registration_id = r.id and p.state not in (${deadList}))
               or exists (select 1 from payment_shares s join event_payments p on p.id = s.payment_id
                           where s.registration_id = r.id and p.state not in (${deadList}))))
         or (r.status = 'waiting'
             and exists (select 1 from event_waitlist_offers o
                          where o.camp_registration_id = r.id and o.state = 'offered' and o.expires_at > ${now.toISOString()}::timestamptz)))`);
  return Number(result.rows[0]?.held ?? 0);
}

/** Sleepover places held: the athletes holding a place (as `placesHeld` counts them) who sleep over (the athlete's answer). */
export function sleepoverPlacesHeld(db: Pick<Db, "execute">, editionYear: number, now: Date): Promise<number> {
  return placesHeld(db, editionYear, now, 0, sql`and (a.answers->>'sleepover')::boolean`);
}
