/**
 * «Min påmelding» for the club's events: the order behind a personal link, as the family's page shows it, and
 * whether its payment is still under way. Cancelling it is event-order-cancel.ts.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { ledgerItems, ledgerFigures, type LedgerEntry } from "../../shared/camp/camp-ledger.ts";
import { eventMyOrderMessages, eventOrderTokenPattern, type MyEventOrder } from "../../shared/events/event-my-order.ts";
import { answerText, answerTo, hasEnded, participantKey, placesLeft } from "../../shared/events/event-rules.ts";
import { personalTokenHash } from "./family-links.ts";
import type { Db } from "../db/database.ts";
import { clubs } from "../db/schema/clubs.ts";
import { grades } from "../db/schema/grades.ts";
import { eventLedgerEntries, eventPayments } from "../db/schema/events-money.ts";
import { eventOrders, familyLinks } from "../db/schema/events-orders.ts";
import { HttpError } from "../errors.ts";
import { positionsOf } from "./event-positions.ts";
import { asEventOrder, eventById, leaderOrders, placesTaken, type EventOrderRow } from "./event-store.ts";

export type OrderRow = EventOrderRow;

/**
 * Called after a cancellation that freed places has committed, with the event's id: the seam where a
 * waiting list's offers plug in (they read `freedPlaces`). It must not throw into the family's answer;
 * a failure is logged.
 */
export type PlacesFreedListener = (eventId: number) => void | Promise<void>;

/**
 * The places of an event a waiting list may offer now: capacity less the places held (the database's count,
 * event-store.ts `eventPlaces`). 0 once the registration has closed or the event has ended; null for an event
 * without a capacity, a sale, or an unknown event.
 */
export async function freedPlaces(db: Pick<Db, "select">, eventId: number, now: Date): Promise<number | null> {
  const row = await eventById(db, eventId);
  if (!row) return null;
  const event = row.definition;
  if (event.kind === "salg" || event.capacity === null) return null;
  if (now.getTime() >= Date.parse(event.registrationClosesAt) || hasEnded(event, now)) return 0;
  return placesLeft(event, (await placesTaken(db, [eventId], now)).get(eventId) ?? 0);
}

/**
 * The order a link opens: a well-formed secret whose hash is stored as a link of an event's order not anonymised
 * (the confirmation's, or one a leader's message carried). An order's links do not expire. A camp registration
 * is an order of the same table, but its links are the camp's («Min påmelding» of the camp): never opened here.
 */
export async function orderOfLink(db: Pick<Db, "select">, token: string): Promise<OrderRow | undefined> {
  if (!eventOrderTokenPattern.test(token)) return undefined;
  const [row] = await db
    .select({ order: eventOrders })
    .from(familyLinks)
    .innerJoin(eventOrders, eq(eventOrders.id, familyLinks.orderId))
    .where(and(eq(familyLinks.tokenHash, personalTokenHash(token)), isNull(eventOrders.anonymisedAt), leaderOrders));
  return row && asEventOrder(row.order);
}

export async function ledgerOf(db: Pick<Db, "select">, orderRowId: number): Promise<LedgerEntry[]> {
  const rows = await db.select().from(eventLedgerEntries).where(eq(eventLedgerEntries.orderId, orderRowId)).orderBy(asc(eventLedgerEntries.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    person: row.person,
    item: row.item,
    method: row.method,
    amount: row.amount,
    paymentId: row.paymentId,
  }));
}

/** A Vipps payment reserved and not yet taken: the money has not come in, so the rule cannot be applied yet. */
export async function paymentUnderWay(db: Pick<Db, "select">, order: Pick<OrderRow, "id" | "status">): Promise<boolean> {
  if (order.status === "pending_payment") return true;
  const rows = await db.select().from(eventPayments).where(eq(eventPayments.orderId, order.id));
  return rows.some((row) => row.authorizedAmount > row.capturedAmount && row.state === "authorized");
}

/** The order as the family's page shows it; every amount is counted from the order's ledger. */
export async function myEventOrderView(db: Pick<Db, "select">, order: OrderRow, now: Date): Promise<MyEventOrder> {
  const row = await eventById(db, order.eventId);
  if (!row) throw new HttpError(404, eventMyOrderMessages.notFound);
  const event = row.definition;
  const [{ people, items }, entries, clubRows, gradeRows] = await Promise.all([
    positionsOf(db, [order.id]),
    ledgerOf(db, order.id),
    db.select().from(clubs),
    db.select().from(grades),
  ]);
  const figures = ledgerFigures(entries);
  const booked = ledgerItems(entries).filter((item) => item.item !== "cancellation-fee");
  const byPerson = new Map<string, { charged: number; paid: number }>();
  for (const item of booked) {
    const found = byPerson.get(item.person) ?? { charged: 0, paid: 0 };
    byPerson.set(item.person, { charged: found.charged + item.charged, paid: found.paid + item.paid });
  }
  const questions = event.kind === "kurs" ? event.questions : [];
  const ended = hasEnded(event, now);
  const busy = await paymentUnderWay(db, order);
  return {
    orderId: order.orderId,
    status: order.status,
    method: order.method,
    event: {
      slug: row.slug,
      kind: event.kind,
      title: event.title,
      firstDay: event.firstDay,
      lastDay: event.lastDay,
      venue: event.venue,
      startTime: event.kind === "gradering" ? event.startTime : null,
      pickUp: event.kind === "salg" ? [event.pickUpPlace, event.pickUpTime].filter(Boolean).join(", ") : "",
      ended,
    },
    contact: { firstName: order.firstName, lastName: order.lastName, email: order.email, telephone: order.telephone },
    participants: people.map((person) => ({
      position: person.position,
      name: `${person.firstName} ${person.lastName}`.trim(),
      age: person.age,
      club: clubRows.find((club) => club.clubId === person.clubId)?.name ?? null,
      grade: gradeRows.find((grade) => grade.gradeId === person.gradeId)?.name ?? null,
      answers: questions.flatMap((question) => {
        const answer = answerTo(person.answers, question.id);
        if (answer === undefined || answer === "") return [];
        return [{ question: question.label, answer: answerText(answer) }];
      }),
      amount: byPerson.get(participantKey(person.position))?.charged ?? 0,
      refundIfCancelled: byPerson.get(participantKey(person.position))?.paid ?? 0,
      cancelled: order.status === "cancelled" || person.cancelledAt !== null,
    })),
    items: items.map((line) => ({ name: line.name, variant: line.variant, quantity: line.quantity, price: line.price })),
    money: {
      charged: figures.charged,
      paid: figures.paid,
      outstanding: figures.outstanding,
      refunded: figures.refunded,
      refundOwed: figures.refundOwed,
      kept: figures.kept,
    },
    refundIfCancelled: booked.reduce((sum, item) => sum + item.paid, 0),
    cancellable: order.status !== "cancelled" && !ended && !busy,
  };
}
