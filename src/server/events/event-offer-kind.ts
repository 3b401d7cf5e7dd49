/**
 * An event's part of a waiting-list offer (offer-answers.ts holds what every kind shares): its view, and what
 * «Ja takk» does to a waiting order: card/cash or free, confirmed with its charges in the ledger and the
 * confirmation mail queued, as a registration that fitted; Vipps, awaiting payment with its first attempt
 * stored, and the payment address asked of the event's payment gateway after the commit. Every answer takes
 * the event's lock first; a freed place is offered to the next in line at once. Its part of making offers
 * (event-waitlist.ts) is `eventLineKind`: a published grading's or course's registration window and capacity.
 */
import { and, eq } from "drizzle-orm";
import { eventOfferValidityHours } from "../../shared/events/event-waitlist.ts";
import { offerMessages, shownState, type OfferView } from "../../shared/events/waitlist-offer.ts";
import type { Db } from "../db/database.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { eventPayments } from "../db/schema/events-money.ts";
import { events } from "../db/schema/events.ts";
import { HttpError } from "../errors.ts";
import { appendEventEntries } from "./event-ledger.ts";
import { queueEventConfirmationMail } from "./event-mail.ts";
import { eventOrderMessages, type EventPaymentGateway } from "./event-orders.ts";
import { peopleStillComing } from "./event-positions.ts";
import { lockPlaces } from "./event-places.ts";
import { asEventOrder, eventById, leaderEvents, leaderOrders } from "./event-store.ts";
import { eventOfferMailData, waitingOrderLines } from "./event-waitlist-view.ts";
import type { LineKind, OfferKind, OfferRow } from "./offer-answers.ts";

/**
 * Locks the event row (`lockPlaces`): every check-and-change of who holds a place of the event takes this lock
 * first. Only an event of the leader's kinds: an offer's order is never taken for the camp's.
 */
async function lockEventPlaces(tx: Pick<Db, "execute">, eventId: number): Promise<void> {
  await lockPlaces(tx, and(eq(events.id, eventId), leaderEvents)!);
}

/** The events' part of making offers: a published grading or course takes registrations in its window; a sale has no line. */
export const eventLineKind: LineKind = {
  async window(tx, eventId) {
    const row = await eventById(tx, eventId);
    if (!row || row.definition.kind === "salg" || !row.publishedAt) return undefined;
    const event = row.definition;
    return {
      opensAt: Date.parse(event.registrationOpensAt),
      closesAt: Date.parse(event.registrationClosesAt),
      capacity: event.capacity,
      sleepoverCapacity: null,
    };
  },
  validityHours: eventOfferValidityHours,
  offerOf: (orderId) => ({ orderId, ownerKind: "order" }),
  offerMail: eventOfferMailData,
};

/** The offer's order: an event's order only (leaderOrders), however the offer was found. */
async function orderOf(db: Pick<Db, "select">, offer: OfferRow) {
  if (offer.orderId === null) return undefined;
  const [row] = await db
    .select()
    .from(eventOrders)
    .where(and(eq(eventOrders.id, offer.orderId), leaderOrders));
  return row && asEventOrder(row);
}

async function eventOfferView(db: Db, offer: OfferRow, now: Date): Promise<OfferView | undefined> {
  const order = await orderOf(db, offer);
  const event = order && (await eventById(db, order.eventId));
  if (!order || !event) return undefined;
  const lines = await waitingOrderLines(db, order, event);
  const people = await peopleStillComing(db, order.id);
  const definition = event.definition;
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    slug: event.slug,
    kind: definition.kind,
    title: definition.title,
    firstDay: definition.firstDay,
    lastDay: definition.lastDay,
    venue: definition.venue,
    year: Number(definition.firstDay.slice(0, 4)),
    orderId: order.orderId,
    firstName: order.firstName,
    lastName: order.lastName,
    greetingName: order.firstName.trim() || null,
    participants: people.map((person) => `${person.firstName} ${person.lastName}`.trim()),
    // Once accepted, what was charged; before, what will be.
    total: offer.state === "accepted" ? order.amount : total,
    lines,
    vipps: order.method === "vipps" && total > 0,
    state: shownState(offer, now),
    expiresAt: offer.expiresAt.toISOString(),
  };
}

async function takePlaces(tx: Db, offer: OfferRow, now: Date, vippsAvailable: boolean) {
  const order = await orderOf(tx, offer);
  const event = order && (await eventById(tx, order.eventId));
  if (!order || !event || order.status !== "waiting") return "withdrawn" as const;
  const lines = await waitingOrderLines(tx, order, event);
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  const method = amount === 0 ? "free" : order.method === "vipps" ? "vipps" : "card_cash";
  if (method === "vipps" && !vippsAvailable) throw new HttpError(409, eventOrderMessages.vippsUnavailable);
  const confirmed = method !== "vipps";
  await tx
    .update(eventOrders)
    .set({ status: confirmed ? "confirmed" : "pending_payment", method, amount, confirmedAt: confirmed ? now : null })
    .where(and(eq(eventOrders.id, order.id), eq(eventOrders.status, "waiting")));
  await appendEventEntries(
    tx,
    lines.map((line) => ({
      at: now,
      actor: "deltaker",
      reason: "Plass fra ventelisten",
      orderId: order.id,
      kind: "charge" as const,
      person: line.key,
      item: "participant",
      label: line.label,
      amount: line.amount,
    })),
  );
  const reference = `${order.orderId}-1`;
  if (method === "vipps") {
    await tx
      .insert(eventPayments)
      .values({ orderId: order.id, reference, method: "vipps", amount, state: "created", createdAt: now, updatedAt: now })
      .onConflictDoNothing();
  } else {
    await queueEventConfirmationMail(tx, order, now);
  }
  return { confirmed, ...(confirmed ? {} : { paymentReference: reference }) };
}

export interface EventOfferKindDeps {
  db: Db;
  /** Vipps for event orders; absent when Vipps is not offered. */
  payments?: EventPaymentGateway;
  kickOutbox: () => void;
  /** Offers the event's free places to its waiting list (and kicks the outbox when it made offers). */
  offerPlaces: (eventId: number) => Promise<void>;
}

export function eventOfferKind(deps: EventOfferKindDeps): OfferKind {
  const { db } = deps;
  return {
    view: eventOfferView,
    async lockPlaces(tx, offer) {
      const order = await orderOf(tx, offer);
      if (order) await lockEventPlaces(tx, order.eventId);
    },
    take: (tx, offer, now) => takePlaces(tx, offer, now, deps.payments !== undefined),
    async leave(tx, offer, now) {
      await tx
        .update(eventOrders)
        .set({ status: "cancelled", cancelledAt: now })
        .where(and(eq(eventOrders.id, offer.orderId!), eq(eventOrders.status, "waiting")));
    },
    async answer(offer, taken) {
      const order = await orderOf(db, offer);
      if (order?.status === "confirmed") {
        if (taken) deps.kickOutbox();
        return { kind: "text", text: "Done" };
      }
      if (order?.status === "pending_payment" && deps.payments) {
        const event = await eventById(db, order.eventId);
        const url = await deps.payments.createRedirect({
          id: order.id,
          orderId: order.orderId,
          amount: order.amount,
          telephone: order.telephone,
          title: event?.definition.title ?? order.orderId,
        });
        return { kind: "text", text: url };
      }
      // Accepted earlier, but the payment ended unpaid since: the places are gone.
      return { kind: "refused", status: 410, message: offerMessages.withdrawn };
    },
    async passOn(offer) {
      const order = await orderOf(db, offer);
      if (order) await deps.offerPlaces(order.eventId);
    },
    line: eventLineKind,
  };
}
