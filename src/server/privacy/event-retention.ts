import { and, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import { eventEndsAt } from "../../shared/events/event-rules.ts";
import type { Db } from "../db/database.ts";
import { eventCheckinActions } from "../db/schema/events-checkin.ts";
import { eventLedgerEntries } from "../db/schema/events-money.ts";
import { eventOrders, eventPositions, familyLinks, orderChanges } from "../db/schema/events-orders.ts";
import { events } from "../db/schema/events.ts";
import { forgetEventMessages } from "../messages/message-log.ts";
import { positionsOf } from "../events/event-positions.ts";
import { leaderEvents, leaderOrders } from "../events/event-store.ts";

/** What a blanked name reads, as the camp's (retention.ts). */
const anonymisedName = "Anonymisert";

/**
 * The events' personal data after the event, by the camp's rule: `anonymiseAfterDays` after an event's last
 * day its orders' contact details and its participants' names, ages and answers are blanked, and the door's
 * check-ins and the order's change log deleted, and the orders' links (the confirmation's and those the leader's
 * messages made). The orders, their items and their ledger stay
 * (accounting), with nothing left that names a person: a charge's label keeps what it was for and loses whom.
 * The messages to the event's families lose their texts, addresses and names as the camp's do.
 */
export async function anonymiseEndedEvents(db: Db, now: Date, anonymiseAfterDays: number): Promise<number> {
  // The camp's editions are events too; its registrations follow the camp's own retention (retention.ts).
  const due = (await db.select({ id: events.id, slug: events.slug, lastDay: events.lastDay }).from(events).where(leaderEvents)).filter(
    (event) => eventEndsAt(event.lastDay).getTime() + anonymiseAfterDays * 24 * 3600_000 <= now.getTime(),
  );
  if (due.length === 0) return 0;
  const anonymised = (
    await db.transaction((tx) =>
      blankEventOrders(
        tx,
        inArray(
          eventOrders.eventId,
          due.map((event) => event.id),
        ),
        now,
      ),
    )
  ).length;
  // Every run, as the camp's (retention.ts): a run that stopped after the orders still forgets the messages.
  for (const { slug } of due) await forgetEventMessages(db, slug, now);
  return anonymised;
}

/**
 * Blanks the personal data of the orders `which` selects that are not blank yet (never a camp registration's),
 * in the caller's transaction, and answers their row ids: the rule above after the event, and a family's request now (person-forget.ts).
 */
export async function blankEventOrders(tx: Db, which: SQL, now: Date): Promise<number[]> {
  const orders = await tx
    .update(eventOrders)
    .set({ firstName: anonymisedName, lastName: "", email: "", emailKey: null, telephone: "", anonymisedAt: now })
    // A camp registration is an order of the same table: the camp's own rules blank it (retention.ts).
    .where(and(which, leaderOrders, isNull(eventOrders.anonymisedAt)))
    .returning({ id: eventOrders.id });
  if (orders.length === 0) return [];
  const ids = orders.map((order) => order.id);
  // A participant's charge reads «Gradering: Ola Nordmann»: the name goes, what was charged stays. Only a
  // participant's charge names anyone; a sale's line («2 × Genser: barn (M)») is kept whole, whatever its
  // item's name holds.
  await tx
    .update(eventLedgerEntries)
    .set({ label: sql`split_part(${eventLedgerEntries.label}, ': ', 1) || ': ' || ${anonymisedName}::text` })
    .where(
      and(
        inArray(eventLedgerEntries.orderId, ids),
        eq(eventLedgerEntries.item, "participant"),
        sql`position(': ' in ${eventLedgerEntries.label}) > 0`,
      ),
    );
  // A participant cancelled alone is named in the ledger's reason («Ola Nordmann avbestilt av arrangøren.»):
  // each name is replaced in its own order's entries, the longest first, before the participants are blanked.
  const { people } = await positionsOf(tx, ids);
  const named = new Map<string, { orderId: number; name: string }>();
  for (const { orderId, firstName, lastName } of people) {
    const name = `${firstName} ${lastName}`.trim();
    if (name !== "") named.set(`${orderId}\u0000${name}`, { orderId, name });
  }
  for (const { orderId, name } of [...named.values()].sort((a, b) => b.name.length - a.name.length))
    await tx
      .update(eventLedgerEntries)
      .set({ reason: sql`replace(${eventLedgerEntries.reason}, ${name}::text, ${anonymisedName}::text)` })
      .where(and(eq(eventLedgerEntries.orderId, orderId), sql`position(${name}::text in ${eventLedgerEntries.reason}) > 0`));
  await tx
    .update(eventPositions)
    .set({ firstName: anonymisedName, lastName: "", age: 0, answers: {} })
    .where(and(inArray(eventPositions.orderId, ids), ne(eventPositions.kind, "item")));
  // Who came to the door, and when, goes with the names.
  await tx.delete(eventCheckinActions).where(inArray(eventCheckinActions.orderId, ids));
  // The personal links end with the personal data: the confirmation's and those the messages carried.
  await tx.delete(familyLinks).where(inArray(familyLinks.orderId, ids));
  // The order's change log can name people, so it goes with the names, as a camp registration's does.
  await tx.delete(orderChanges).where(inArray(orderChanges.orderId, ids));
  return ids;
}
