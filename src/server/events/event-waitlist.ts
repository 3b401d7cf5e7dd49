/**
 * The waiting list of a grading or a course (the camp's design, src/server/camp/camp-waitlist.ts). An order
 * that does not fit is stored as `waiting` and waits whole: a family gets its places together. When places
 * are free, the orders in line (oldest first) without an open or expired offer are gone through, and each
 * one whose size fits what is still free gets an offer: a random token whose SHA-256 alone is stored, valid
 * `eventOfferValidityHours` but never past the registration's close, sent by mail as a link. An open offer
 * holds its places (event-store.ts `holdsPlaces`). An offer left unanswered expires and the places pass on;
 * whoever's offer expired stays on the list (the admin sees it) but gets no second offer by itself.
 *
 * Everything runs under the event row's lock (`select … for update`, event-places.ts), the lock every change to who holds a
 * place takes, counting places afresh: two processes never offer the same place twice, and calling
 * `offerEventPlaces` again when nothing changed does nothing.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import { eventOfferValidityHours } from "../../shared/events/event-waitlist.ts";
import { placesLeft } from "../../shared/events/event-rules.ts";
import type { Db } from "../db/database.ts";
import { eventOrders, eventWaitlistOffers, events } from "../db/schema/events.ts";
import { PeriodicJob } from "../jobs/periodic-job.ts";
import { queueMail } from "../mail/outbox.ts";
import { newOfferToken, offerTokenHash } from "./offer-token.ts";
import { offerMailKey, renderOfferMail } from "./event-waitlist-mail.ts";
import { eventOfferMailData } from "./event-waitlist-view.ts";
import type { EventDeps } from "./event-deps.ts";
import { eventById, leaderEvents, placesTaken } from "./event-store.ts";
import { lineGettingPlaces, lockPlaces } from "./event-places.ts";

type Tx = Db;

export interface EventWaitlistDeps {
  /** The site's address, for the link in the offer mail. */
  publicBaseUrl: string;
}

/**
 * Locks the event row (`lockPlaces`): every check-and-change of who holds a place of the event takes this lock
 * first. Only an event of the leader's kinds: a camp edition's row is the camp's to lock (camp-places.ts), by the
 * same lock.
 */
export async function lockEventPlaces(tx: Pick<Db, "execute">, eventId: number): Promise<void> {
  await lockPlaces(tx, and(eq(events.id, eventId), leaderEvents)!);
}

/** Marks the event's open offers past their deadline expired; answers how many. */
async function expireDueOffers(tx: Tx, eventId: number, now: Date): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    update event_waitlist_offers o set state = 'expired', ended_at = ${now.toISOString()}::timestamptz
      from event_orders r
     where r.id = o.order_id and r.event_id = ${eventId}
       and o.state = 'offered' and o.expires_at <= ${now.toISOString()}::timestamptz
    returning o.id`);
  return result.rows.length;
}

/**
 * Inside a transaction that holds the event's lock (or takes it here): expires what is due, then offers the
 * free places to the orders in line whose size fits, one mail each. Nothing for a sale, an unpublished event
 * or outside the registration window. Answers how many offers were made (kick the outbox after commit).
 */
export async function offerEventPlacesIn(tx: Tx, eventId: number, now: Date, deps: EventWaitlistDeps): Promise<number> {
  await lockEventPlaces(tx, eventId);
  const row = await eventById(tx, eventId);
  if (!row || row.definition.kind === "salg") return 0;
  await expireDueOffers(tx, eventId, now);
  const event = row.definition;
  const closesAt = Date.parse(event.registrationClosesAt);
  if (!row.publishedAt || now.getTime() < Date.parse(event.registrationOpensAt) || now.getTime() >= closesAt) return 0;
  const free = placesLeft(event, (await placesTaken(tx, [eventId], now)).get(eventId) ?? 0);
  if (free !== null && free <= 0) return 0;
  // The orders in line whose size fits what is free, first in line first (the database's rule of the line).
  const chosen = await lineGettingPlaces(tx, eventId, free);
  if (chosen.length === 0) return 0;
  const expiresAt = new Date(Math.min(now.getTime() + eventOfferValidityHours * 3600_000, closesAt));
  for (const orderId of chosen) {
    const token = newOfferToken();
    const [offer] = await tx
      .insert(eventWaitlistOffers)
      .values({ orderId, tokenHash: offerTokenHash(token), state: "offered", offeredAt: now, expiresAt })
      .returning({ id: eventWaitlistOffers.id });
    const data = await eventOfferMailData(tx, orderId);
    const content = renderOfferMail(data, token, expiresAt, deps.publicBaseUrl, now);
    await queueMail(tx, { dedupeKey: offerMailKey(data.kind, offer!.id), to: data.email, ...content }, now);
  }
  return chosen.length;
}

/**
 * Offers the event's free places to its waiting list (see above). Safe to call at any time and from any
 * process, as often as wanted: after a cancellation, a raised capacity, a payment that ended unpaid, a
 * declined or expired offer. Answers how many offers were made; their mails are queued (kick the outbox).
 */
export async function offerEventPlaces(db: Db, eventId: number, now: Date, deps: EventWaitlistDeps): Promise<number> {
  return db.transaction((tx) => offerEventPlacesIn(tx, eventId, now, deps));
}

/**
 * One pass of the job: for every event with someone waiting, expire what is due and offer what is free
 * (this also catches places freed in another process). Answers how many offers were made.
 */
export async function runEventWaitlistOnce(db: Db, now: Date, deps: EventWaitlistDeps): Promise<number> {
  // Events not yet over (a day's margin for the time zone): an ended event's line has nothing to move into.
  const since = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const rows = await db
    .selectDistinct({ eventId: eventOrders.eventId })
    .from(eventOrders)
    .innerJoin(events, eq(events.id, eventOrders.eventId))
    // The camp's waiting registrations are orders of its editions' events: the camp's own job offers them places.
    .where(and(eq(eventOrders.status, "waiting"), gte(events.lastDay, since), leaderEvents));
  let offers = 0;
  for (const { eventId } of rows) offers += await offerEventPlaces(db, eventId, now, deps);
  return offers;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The events' waiting-list job: `kick()` after a place may have freed; `drain()` runs one pass and waits (tests). */
    eventWaitlist: EventWaitlistJob;
  }
}

/** Runs `runEventWaitlistOnce` every `intervalMs` and when kicked, as the camp's waiting-list job. */
export class EventWaitlistJob extends PeriodicJob<number> {
  constructor(deps: EventDeps, intervalMs: number) {
    super({
      intervalMs,
      log: deps.log,
      failureMessage: "event waiting-list run failed",
      run: async () => {
        const offers = await runEventWaitlistOnce(deps.db, deps.now(), { publicBaseUrl: deps.publicBaseUrl });
        if (offers > 0) deps.kickOutbox();
        return offers;
      },
    });
  }
}
