/**
 * The event orders' mails and accounting records, by the camp's rules (retention.ts); the blanking of an
 * ended event's personal data itself is event-retention.ts'.
 */
import { and, eq, inArray, isNotNull, max, or, sql, type SQL } from "drizzle-orm";
import { osloCalendarDate } from "../../shared/time.ts";
import type { Db } from "../db/database.ts";
import { eventLedgerEntries, eventPaymentActions, eventPayments } from "../db/schema/events-money.ts";
import { eventOrders, eventWaitlistOffers } from "../db/schema/events-orders.ts";
import { events } from "../db/schema/events.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { eventCancelKeyPrefix, eventConfirmationKeyPrefix } from "../events/event-mail.ts";
import { eventWaitlistJoinedKeyPrefix } from "../events/event-waitlist-joined-mail.ts";
import { eventOfferMailKeyPrefix } from "../events/event-waitlist-mail.ts";
import { leaderEvents, leaderOrders } from "../events/event-store.ts";
import { eventSelfMailKeyPrefix } from "../family/family-mail.ts";

/** The prefixes of an order's own mails, each followed by the order's row id (a cancellation's by `:` and more). */
const orderKeyPrefixes = [eventConfirmationKeyPrefix, eventWaitlistJoinedKeyPrefix, eventCancelKeyPrefix, eventSelfMailKeyPrefix];

/**
 * Whether an outbox key is one of an event order's own mails: its confirmation, its place on the waiting
 * list, its cancellations, its offers and the «Min side» link mails named by it (family-mail.ts). The person export shows them with the order; retention deletes
 * them with it (eventOrderMailsOf reads the same keys).
 */
export function isEventOrderMail(dedupeKey: string, orderRowId: number, offerIds: readonly number[]): boolean {
  const [prefix, id] = dedupeKey.split(":");
  if (orderKeyPrefixes.includes(`${prefix}:`)) return id === String(orderRowId);
  return offerIds.some((offerId) => dedupeKey === `${eventOfferMailKeyPrefix}${offerId}`);
}

/** The mails still in the outbox of the orders `orderIds` selects (a subquery of event_orders ids). */
function eventOrderMailsOf(orderIds: SQL) {
  return or(
    sql`split_part(${mailOutbox.dedupeKey}, ':', 1) || ':' in (${sql.join(
      orderKeyPrefixes.map((prefix) => sql`${prefix}`),
      sql`, `,
    )}) and split_part(${mailOutbox.dedupeKey}, ':', 2) in (select id::text from (${orderIds}) as orders)`,
    inArray(
      mailOutbox.dedupeKey,
      sql`(select ${eventOfferMailKeyPrefix} || ${eventWaitlistOffers.id} from ${eventWaitlistOffers} where ${eventWaitlistOffers.orderId} in (${orderIds}))`,
    ),
  );
}

/**
 * An anonymised order's mails that have not left (a confirmation or an offer still queued, a failed one
 * retried) go with its personal data, as the camp's do; one sent goes sooner, by the mail retention.
 */
export async function forgetAnonymisedEventOrderMails(db: Db): Promise<number> {
  const anonymised = db
    .select({ id: eventOrders.id })
    .from(eventOrders)
    .where(and(leaderOrders, isNotNull(eventOrders.anonymisedAt)));
  const gone = await db
    .delete(mailOutbox)
    .where(eventOrderMailsOf(sql`${anonymised}`))
    .returning({ id: mailOutbox.id });
  return gone.length;
}

/**
 * The accounting records of an event's orders, by the camp's rule (deleteExpiredAccounting): at `dueAt`
 * of the year of the event's last day — or of its orders' latest ledger entry or payment, when later — the
 * orders go whole, with their participants, items, payments, ledger, check-ins, offers and links, and any
 * mail of theirs left. The event itself stays (it names nobody). The money's own dates count because the
 * law keeps a record from the end of the year it was made in (a refund in January after a December event),
 * and because the event's days are the leader's to change: moving them years back must not delete this
 * year's payments.
 */
export async function deleteExpiredEventAccounting(db: Db, now: Date, dueAt: (year: number) => Date): Promise<number> {
  const [eventRows, lastEntries, lastPayments] = await Promise.all([
    // The camp's editions are events too; their registrations follow the camp's rule (deleteExpiredAccounting).
    db.select({ id: events.id, lastDay: events.lastDay }).from(events).where(leaderEvents),
    db
      .select({ eventId: eventOrders.eventId, at: max(eventLedgerEntries.at) })
      .from(eventLedgerEntries)
      .innerJoin(eventOrders, eq(eventOrders.id, eventLedgerEntries.orderId))
      .groupBy(eventOrders.eventId),
    db
      .select({ eventId: eventOrders.eventId, at: max(eventPayments.updatedAt) })
      .from(eventPayments)
      .innerJoin(eventOrders, eq(eventOrders.id, eventPayments.orderId))
      .groupBy(eventOrders.eventId),
  ]);
  const moneyYear = (eventId: number) =>
    Math.max(
      0,
      ...[...lastEntries, ...lastPayments].flatMap((row) => (row.eventId === eventId && row.at ? [osloCalendarDate(new Date(row.at)).year] : [])),
    );
  const due = eventRows
    .filter((event) => dueAt(Math.max(Number(event.lastDay.slice(0, 4)), moneyYear(event.id))).getTime() <= now.getTime())
    .map((event) => event.id);
  if (due.length === 0) return 0;
  return db.transaction(async (tx) => {
    // Locks the rows first, so of two processes the second waits, then finds them gone.
    const theirs = and(inArray(eventOrders.eventId, due), leaderOrders);
    const ids = (await tx.select({ id: eventOrders.id }).from(eventOrders).where(theirs).for("update")).map((row) => row.id);
    if (ids.length === 0) return 0;
    await tx.delete(mailOutbox).where(eventOrderMailsOf(sql`${tx.select({ id: eventOrders.id }).from(eventOrders).where(theirs)}`));
    await tx.delete(eventLedgerEntries).where(inArray(eventLedgerEntries.orderId, ids));
    const paymentIds = tx.select({ id: eventPayments.id }).from(eventPayments).where(inArray(eventPayments.orderId, ids));
    await tx.delete(eventPaymentActions).where(inArray(eventPaymentActions.paymentId, paymentIds));
    await tx.delete(eventPayments).where(inArray(eventPayments.orderId, ids));
    // Participants, items, check-ins, offers and links go with their order (ON DELETE CASCADE).
    const gone = await tx.delete(eventOrders).where(inArray(eventOrders.id, ids)).returning({ id: eventOrders.id });
    return gone.length;
  });
}
