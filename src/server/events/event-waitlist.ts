/**
 * The one waiting line of every event, the camp's editions included. An order that does not fit is stored as
 * `waiting` and waits whole: a family gets its places together. When places are free, the orders in line
 * without an open or expired offer are gone through (the database's rule of the line, `event_line_fits`), and
 * each one whose size fits what is still free gets an offer (a camp athlete who sleeps over only when a sleepover
 * place is free too; those behind may pass one who does not fit): a random token whose SHA-256 alone is stored,
 * valid the kind's hours but never past the registration's close, sent by the one offer mail as a link. An open
 * offer holds its places. An offer left unanswered expires and the places pass on; whoever's offer expired
 * stays on the list (the admin sees it) but gets no second offer by itself.
 *
 * Written once for both sides; what only a kind knows (its registration window and capacity, its offers'
 * hours, the column naming its order, what its mail says) is its `LineKind` (camp/camp-offer-kind.ts,
 * event-offer-kind.ts). Everything runs under the event row's lock (`select … for update`, event-places.ts),
 * the lock every change to who holds a place takes, counting places afresh: two processes never offer the
 * same place twice, and offering again when nothing changed does nothing.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { eventWaitlistOffers } from "../db/schema/events-orders.ts";
import { events } from "../db/schema/events.ts";
import { PeriodicJob } from "../jobs/periodic-job.ts";
import { queueMail } from "../mail/outbox.ts";
import { campLineKind } from "../camp/camp-offer-kind.ts";
import { newOfferToken, offerTokenHash } from "./offer-token.ts";
import { offerMailKey, renderOfferMail } from "./event-waitlist-mail.ts";
import { eventLineKind } from "./event-offer-kind.ts";
import type { EventDeps } from "./event-deps.ts";
import { lineGettingPlaces, lockPlaces, placesCounted } from "./event-places.ts";
import type { LineKind } from "./offer-answers.ts";

type Tx = Db;

export interface EventWaitlistDeps {
  /** The site's address, for the link in the offer mail. */
  publicBaseUrl: string;
}

/** Each side's part, by the event's side (`events.owner_kind`); read when called, so no import order matters. */
const lineKindOf = (side: string | null): LineKind => (side === "camp" ? campLineKind : eventLineKind);

/** Marks the event's open offers past their deadline expired, whichever side the order is. */
async function expireDueOffers(tx: Tx, eventId: number, now: Date): Promise<void> {
  await tx.execute(sql`
    update event_waitlist_offers o set state = 'expired', ended_at = ${now.toISOString()}::timestamptz
      from event_orders r
     where r.id = o.order_id and r.event_id = ${eventId}
       and o.state = 'offered' and o.expires_at <= ${now.toISOString()}::timestamptz`);
}

/**
 * Inside a transaction: takes the event's lock (or holds it already), expires what is due, then offers the
 * free places to the orders in line whose size fits, one mail each. Nothing while the event takes no
 * registrations (a sale, unpublished, outside its window). Answers how many offers were made (kick the
 * outbox after commit).
 */
export async function offerEventPlacesIn(tx: Tx, eventId: number, now: Date, deps: EventWaitlistDeps): Promise<number> {
  const event = eq(events.id, eventId);
  if ((await lockPlaces(tx, event)) === undefined) return 0;
  const [row] = await tx.select({ side: events.ownerKind }).from(events).where(event);
  const kind = lineKindOf(row!.side);
  await expireDueOffers(tx, eventId, now);
  const window = await kind.window(tx, eventId);
  if (!window || now.getTime() < window.opensAt || now.getTime() >= window.closesAt) return 0;
  const { capacity, sleepoverCapacity } = window;
  const places = await placesCounted(tx, event, window, now);
  const free = capacity === null ? null : capacity - places.held;
  if (free !== null && free <= 0) return 0;
  const sleepoversFree = sleepoverCapacity === null ? null : Math.max(0, sleepoverCapacity - places.sleepoversHeld);
  // The orders in line whose places and sleepover places fit what is free, first in line first (the database's rule of the line).
  const chosen = await lineGettingPlaces(tx, eventId, free, sleepoversFree);
  const expiresAt = new Date(Math.min(now.getTime() + kind.validityHours * 3600_000, window.closesAt));
  for (const orderId of chosen) {
    const token = newOfferToken();
    const [offer] = await tx
      .insert(eventWaitlistOffers)
      .values({ ...kind.offerOf(orderId), tokenHash: offerTokenHash(token), state: "offered", offeredAt: now, expiresAt })
      .returning({ id: eventWaitlistOffers.id });
    const data = await kind.offerMail(tx, orderId);
    const content = renderOfferMail(data, token, expiresAt, deps.publicBaseUrl, now);
    await queueMail(tx, { dedupeKey: offerMailKey(data.kind, offer!.id), to: data.email, ...content }, now);
  }
  return chosen.length;
}

/**
 * Offers the event's free places to its waiting line (see above). Safe to call at any time and from any
 * process, as often as wanted: after a cancellation, a raised capacity, a payment that ended unpaid, a
 * declined or expired offer. Answers how many offers were made; their mails are queued (kick the outbox).
 */
export async function offerEventPlaces(db: Db, eventId: number, now: Date, deps: EventWaitlistDeps): Promise<number> {
  return db.transaction((tx) => offerEventPlacesIn(tx, eventId, now, deps));
}

/**
 * One pass of the job: for every event with someone waiting, expire what is due and offer what is free
 * (this also catches places freed in another process, or by a payment that ended unpaid). Answers how many
 * offers were made.
 */
export async function runEventWaitlistOnce(db: Db, now: Date, deps: EventWaitlistDeps): Promise<number> {
  // Events not yet over (a day's margin for the time zone): an ended event's line has nothing to move into;
  // an ended one's open offers are still expired when due.
  const since = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const result = await db.execute<{ event_id: number }>(sql`
    select distinct r.event_id from event_orders r join events e on e.id = r.event_id
     where r.status = 'waiting'
       and (e.last_day >= ${since} or exists (
             select 1 from event_waitlist_offers o where o.order_id = r.id and o.state = 'offered'))
     order by r.event_id`);
  let offers = 0;
  for (const row of result.rows) offers += await offerEventPlaces(db, Number(row.event_id), now, deps);
  return offers;
}

/**
 * Runs `runEventWaitlistOnce` every `intervalMs` and when kicked (one run at a time per process, another
 * right after if kicked meanwhile). Several processes on one PostgreSQL may run it together: offers are made
 * under each event's lock, counting places afresh, so no place is offered twice; the mails' dedupe keys are
 * the offers' ids.
 */
export class WaitlistJob extends PeriodicJob<number> {
  constructor(deps: EventDeps, intervalMs: number) {
    super({
      intervalMs,
      log: deps.log,
      failureMessage: "waiting-list run failed",
      run: async () => {
        const offers = await runEventWaitlistOnce(deps.db, deps.now(), { publicBaseUrl: deps.publicBaseUrl });
        if (offers > 0) deps.kickOutbox();
        return offers;
      },
    });
  }
}
