/**
 * The event admin's words, and what it reads of one event: its money and its participants. The list is
 * event-admin-list.ts; create, publish and copy are event-admin-edit.ts.
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { AdminParticipant, EventMoney } from "../../shared/events/event-api.ts";
import { eventMessages } from "../../shared/events/event-definition.ts";
import { answerText, answerTo, participantKey, saleLineText } from "../../shared/events/event-rules.ts";
import type { Db } from "../db/database.ts";
import { clubs } from "../db/schema/clubs.ts";
import { grades } from "../db/schema/grades.ts";
import { eventOrders, eventWaitlistOffers } from "../db/schema/events-orders.ts";
import { shownState } from "../../shared/events/waitlist-offer.ts";
import { eventLedgers } from "./event-ledger.ts";
import { moneyByMethod, personMoney, type PersonMoney } from "../../shared/payments/person-money.ts";
import { ledgerFigures, sumFigures } from "../../shared/camp/camp-ledger.ts";
import { positionsOf } from "./event-positions.ts";
import { eventBySlug } from "./event-store.ts";

export const eventAdminMessages = {
  notFound: "Fant ikke arrangementet.",
  campHere: "Vinterleiren endres i fanen «Leirer».",
  exists: eventMessages.slugTaken,
  campCopyMixed: "En vinterleir kan bare kopieres til en ny vinterleir (for eksempel vinterleir-2027).",
  soldMoreThan: (name: string, variant: string) =>
    `Det er allerede solgt flere av ${name} i ${variant} enn antallet du skrev. Skriv minst så mange som er solgt.`,
} as const;

/** `GET …/Money/{slug}/{token}`: the event's totals from its orders' ledgers, by the shared functions. */
export async function eventMoney(db: Db, slug: string): Promise<EventMoney | undefined> {
  const row = await eventBySlug(db, slug);
  if (!row) return undefined;
  const orders = await db.select({ id: eventOrders.id }).from(eventOrders).where(eq(eventOrders.eventId, row.id));
  const ledgers = await eventLedgers(
    db,
    orders.map((order) => order.id),
  );
  const { charged, paid, refunded, refundOwed, kept, outstanding, net } = sumFigures([...ledgers.values()].map(ledgerFigures));
  return { orders: orders.length, charged, paid, refunded, refundOwed, kept, outstanding, net, byMethod: moneyByMethod(ledgers.values()) };
}

/** `GET …/Participants/{slug}/{token}`: every participant (or a sale's every line), with the order's money. */
export async function eventParticipantList(db: Db, slug: string, now: Date): Promise<AdminParticipant[] | undefined> {
  const row = await eventBySlug(db, slug);
  if (!row) return undefined;
  const orders = await db.select().from(eventOrders).where(eq(eventOrders.eventId, row.id)).orderBy(asc(eventOrders.id));
  const ids = orders.map((order) => order.id);
  if (ids.length === 0) return [];
  const [{ people, items }, ledgers, clubRows, gradeRows] = await Promise.all([
    positionsOf(db, ids),
    eventLedgers(db, ids),
    db.select().from(clubs),
    db.select().from(grades),
  ]);
  const event = row.definition;
  const questions = event.kind === "kurs" ? event.questions : [];
  // The line: waiting orders, oldest first; each with its latest offer.
  const line = orders.filter((order) => order.status === "waiting").sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  const offers = await db.select().from(eventWaitlistOffers).where(inArray(eventWaitlistOffers.orderId, ids)).orderBy(asc(eventWaitlistOffers.id));
  const latestOffer = new Map(offers.map((offer) => [offer.orderId, offer] as const));
  const list: AdminParticipant[] = [];
  for (const order of orders) {
    const ownPeople = people.filter((candidate) => candidate.orderId === order.id);
    const ownItems = items.filter((candidate) => candidate.orderId === order.id);
    // Each row's money from the order's ledger: a participant's by its position, a sale line's by its item and
    // variant (a second line of the same is a row of its own, with nothing on it); the first row takes the rest.
    const keys: string[] = [];
    const unique = (key: string) => (keys.includes(key) ? `${key}#${keys.length}` : key);
    for (const person of ownPeople) keys.push(unique(participantKey(person.position)));
    for (const line of ownItems) keys.push(unique(`item-${line.itemId}-${line.variant}`));
    const money = keys.length > 0 ? personMoney(ledgers.get(order.id) ?? [], keys) : new Map<string, PersonMoney>();
    const moneyOf = (index: number) => {
      const row = money.get(keys[index]!)!;
      return {
        charged: row.charged,
        paid: row.paid,
        refunded: row.refunded,
        refundOwed: row.refundOwed,
        outstanding: row.outstanding,
        paidWith: row.paidWith,
        refundedWith: row.refundedWith,
      };
    };
    const position = line.indexOf(order);
    const offer = order.status === "waiting" ? latestOffer.get(order.id) : undefined;
    const base = {
      orderId: order.orderId,
      status: order.status,
      contactName: `${order.firstName} ${order.lastName}`.trim(),
      email: order.email,
      telephone: order.telephone,
      method: order.method,
      waitlistPosition: position >= 0 ? position + 1 : null,
      offer: offer ? { state: shownState(offer, now), offeredAt: offer.offeredAt.toISOString(), expiresAt: offer.expiresAt.toISOString() } : null,
      anonymised: order.anonymisedAt !== null,
    };
    for (const [index, person] of ownPeople.entries()) {
      const answers: Record<string, string> = {};
      for (const question of questions) {
        answers[question.label] = answerText(answerTo(person.answers, question.id));
      }
      list.push({
        ...base,
        ...moneyOf(index),
        // A participant cancelled alone is cancelled on the list; the others keep the order's state.
        status: person.cancelledAt ? "cancelled" : base.status,
        name: `${person.firstName} ${person.lastName}`.trim(),
        age: person.age,
        club: clubRows.find((club) => club.clubId === person.clubId)?.name ?? null,
        grade: gradeRows.find((grade) => grade.gradeId === person.gradeId)?.name ?? null,
        gradeId: person.gradeId,
        answers,
        item: null,
      });
    }
    for (const [index, line] of ownItems.entries()) {
      list.push({
        ...base,
        ...moneyOf(ownPeople.length + index),
        name: base.contactName,
        age: null,
        club: null,
        grade: null,
        gradeId: null,
        answers: {},
        item: saleLineText(line),
      });
    }
  }
  return list;
}
