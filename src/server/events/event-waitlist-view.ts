/**
 * What the waiting list's offer says about an order: the event, who the places are for, and the receipt
 * as it is charged when the offer is accepted (the event's prices now, for the order's participants).
 */
import { and, eq } from "drizzle-orm";
import { orderPriceLines, participantKey, type PriceLine } from "../../shared/events/event-rules.ts";
import type { Db } from "../db/database.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { loadClubContact } from "../site-content/club-contact.ts";
import { peopleStillComing } from "./event-positions.ts";
import { asEventOrder, eventById, leaderOrders, type EventOrderRow, type EventRow } from "./event-store.ts";
import type { OfferMailData } from "./event-waitlist-mail.ts";

type OrderRow = EventOrderRow;

/**
 * The order's price lines as charged now: one ledger charge per participant still coming, keyed by the
 * participant's position (as the registration keys them), so a cancelled one is never charged in its place.
 */
export async function waitingOrderLines(tx: Pick<Db, "select">, order: OrderRow, event: EventRow): Promise<PriceLine[]> {
  const people = await peopleStillComing(tx, order.id);
  const lines = orderPriceLines(event.definition, {
    participants: people.map((person) => ({
      firstName: person.firstName,
      lastName: person.lastName,
      age: person.age,
      clubId: person.clubId,
      gradeId: person.gradeId,
      answers: person.answers,
    })),
    items: [],
  });
  return lines.map((line, index) => ({ ...line, key: participantKey(people[index]!.position) }));
}

/** A waiting order with its event, who its places are for and what they cost now: what its mails say. */
export interface EventWaitingOrderData {
  order: OrderRow;
  event: EventRow;
  participants: string[];
  lines: PriceLine[];
  total: number;
  email: string;
  /** The club's general address as kept in «Nettsted». */
  contactEmail: string;
}

export async function eventWaitingOrderData(tx: Db, orderRowId: number): Promise<EventWaitingOrderData> {
  const [row] = await tx
    .select()
    .from(eventOrders)
    .where(and(eq(eventOrders.id, orderRowId), leaderOrders));
  if (!row) throw new Error(`No event order ${orderRowId}`);
  const order = asEventOrder(row);
  const event = await eventById(tx, order.eventId);
  if (!event) throw new Error(`No event ${order.eventId}`);
  const lines = await waitingOrderLines(tx, order, event);
  const people = await peopleStillComing(tx, order.id);
  return {
    order,
    event,
    participants: people.map((person) => `${person.firstName} ${person.lastName}`.trim()),
    lines,
    total: lines.reduce((sum, line) => sum + line.amount, 0),
    email: order.email,
    contactEmail: (await loadClubContact(tx)).general,
  };
}

/** What the one offer mail (event-waitlist-mail.ts) and the one «on the waiting list» mail say about an event's waiting order, and its address. */
export function eventMailWords(data: EventWaitingOrderData): OfferMailData & { email: string } {
  const { order, event, participants, lines, total, email, contactEmail } = data;
  const definition = event.definition;
  return {
    kind: definition.kind,
    title: definition.title,
    firstDay: definition.firstDay,
    lastDay: definition.lastDay,
    venue: definition.venue,
    orderId: order.orderId,
    greetingName: order.firstName.trim() || undefined,
    participants,
    lines,
    total,
    vipps: order.method === "vipps" && total > 0,
    email,
    contactEmail,
  };
}

export async function eventOfferMailData(tx: Db, orderRowId: number): Promise<OfferMailData & { email: string }> {
  return eventMailWords(await eventWaitingOrderData(tx, orderRowId));
}
