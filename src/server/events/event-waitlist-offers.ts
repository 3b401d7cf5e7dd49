/**
 * The answers to an event's waiting-list offer behind the mailed link: the view, «Ja takk» and «Nei takk».
 * Each runs under the event's lock with the offer row locked, so a double click waits and then finds the
 * first click's result (never a second charge or payment), and a declined or expired offer's places pass on
 * in the same transaction.
 */
import { and, eq } from "drizzle-orm";
import { shownState } from "../camp/camp-waitlist-offers.ts";
import { offerTokenHash, tokenPattern } from "../camp/camp-waitlist-offer-token.ts";
import type { EventWaitlistOfferView } from "../../shared/events/event-waitlist.ts";
import type { Db } from "../db/database.ts";
import { eventOrders, eventPayments, eventWaitlistOffers } from "../db/schema/events.ts";
import { HttpError } from "../errors.ts";
import { appendEventEntries } from "./event-ledger.ts";
import { queueEventConfirmationMail } from "./event-mail.ts";
import { eventOrderMessages } from "./event-orders.ts";
import { lockEventPlaces, offerEventPlacesIn, type EventWaitlistDeps } from "./event-waitlist.ts";
import { peopleStillComing } from "./event-positions.ts";
import { waitingOrderLines } from "./event-waitlist-view.ts";
import { asEventOrder, eventById, leaderOrders } from "./event-store.ts";

export const eventWaitlistMessages = {
  notFound: "Fant ikke tilbudet. Sjekk at du har hele lenken fra e-posten.",
  expired: "Fristen for å svare er ute, og plassen er gitt videre til nestemann på ventelisten.",
  withdrawn: "Tilbudet gjelder ikke lenger.",
  declined: "Du har takket nei til plassen, og den er gitt videre til nestemann på ventelisten.",
  alreadyAccepted: "Du har allerede takket ja til plassen. Vil du avbestille, skriv til klubben og oppgi ordrenummeret.",
} as const;

/** The offer behind a token, with its order: an event's order only (the camp's offers are the camp's). */
async function findOffer(db: Pick<Db, "select">, token: string) {
  if (!tokenPattern.test(token)) return undefined;
  const [row] = await db
    .select({ offer: eventWaitlistOffers, order: eventOrders })
    .from(eventWaitlistOffers)
    .innerJoin(eventOrders, eq(eventOrders.id, eventWaitlistOffers.orderId))
    .where(and(eq(eventWaitlistOffers.tokenHash, offerTokenHash(token)), leaderOrders));
  return row && { offer: row.offer, order: asEventOrder(row.order) };
}

/** `GET /api/Arrangement/Venteliste/Get/{offerToken}`; undefined for an unknown or malformed token. */
export async function eventOfferView(db: Db, token: string, now: Date): Promise<EventWaitlistOfferView | undefined> {
  const found = await findOffer(db, token);
  if (!found) return undefined;
  const { offer, order } = found;
  const event = await eventById(db, order.eventId);
  if (!event) return undefined;
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
    orderId: order.orderId,
    firstName: order.firstName,
    lastName: order.lastName,
    participants: people.map((person) => `${person.firstName} ${person.lastName}`.trim()),
    // Once accepted, what was charged; before, what will be.
    total: offer.state === "accepted" ? order.amount : total,
    lines,
    vipps: order.method === "vipps" && total > 0,
    state: shownState(offer, now),
    expiresAt: offer.expiresAt.toISOString(),
  };
}

/** What accepting did: `accepted` and `earlier` go on to the order's answer (Done, or the Vipps address). */
export type EventAcceptOutcome =
  | { kind: "not-found" }
  | { kind: "gone"; message: string; offers: number }
  | { kind: "accepted"; orderRowId: number; vipps: boolean }
  | { kind: "earlier"; orderRowId: number };

/**
 * `POST /api/Arrangement/Venteliste/Accept/{offerToken}` («Ja takk»): the open offer's places become the
 * order's. Card/cash or free: confirmed, its charges in the ledger and the confirmation mail queued, as a
 * registration that fitted. Vipps: awaiting payment with its first attempt stored; the caller asks Vipps
 * for the address after the commit.
 */
export async function acceptEventOffer(
  db: Db,
  token: string,
  now: Date,
  deps: EventWaitlistDeps & { vippsAvailable: boolean },
): Promise<EventAcceptOutcome> {
  const found = await findOffer(db, token);
  if (!found) return { kind: "not-found" };
  return db.transaction(async (tx): Promise<EventAcceptOutcome> => {
    await lockEventPlaces(tx, found.order.eventId);
    const [offer] = await tx.select().from(eventWaitlistOffers).where(eq(eventWaitlistOffers.id, found.offer.id)).for("update");
    if (!offer) return { kind: "not-found" };
    if (offer.state === "accepted") return { kind: "earlier", orderRowId: found.order.id };
    if (offer.state === "declined") return { kind: "gone", message: eventWaitlistMessages.declined, offers: 0 };
    if (offer.state === "withdrawn") return { kind: "gone", message: eventWaitlistMessages.withdrawn, offers: 0 };
    if (offer.state === "expired") return { kind: "gone", message: eventWaitlistMessages.expired, offers: 0 };
    if (offer.expiresAt.getTime() <= now.getTime()) {
      // Too late: the places pass on now (the next offers' mails are queued in this transaction).
      await tx.update(eventWaitlistOffers).set({ state: "expired", endedAt: now }).where(eq(eventWaitlistOffers.id, offer.id));
      return { kind: "gone", message: eventWaitlistMessages.expired, offers: await offerEventPlacesIn(tx, found.order.eventId, now, deps) };
    }
    const [row] = await tx.select().from(eventOrders).where(eq(eventOrders.id, found.order.id));
    const order = row && asEventOrder(row);
    const event = await eventById(tx, found.order.eventId);
    if (!order || !event || order.status !== "waiting") {
      await tx.update(eventWaitlistOffers).set({ state: "withdrawn", endedAt: now }).where(eq(eventWaitlistOffers.id, offer.id));
      return { kind: "gone", message: eventWaitlistMessages.withdrawn, offers: 0 };
    }
    const lines = await waitingOrderLines(tx, order, event);
    const amount = lines.reduce((sum, line) => sum + line.amount, 0);
    const method = amount === 0 ? "free" : order.method === "vipps" ? "vipps" : "card_cash";
    if (method === "vipps" && !deps.vippsAvailable) throw new HttpError(409, eventOrderMessages.vippsUnavailable);
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
    if (method === "vipps") {
      await tx
        .insert(eventPayments)
        .values({ orderId: order.id, reference: `${order.orderId}-1`, method: "vipps", amount, state: "created", createdAt: now, updatedAt: now })
        .onConflictDoNothing();
    } else {
      await queueEventConfirmationMail(tx, order, now);
    }
    await tx.update(eventWaitlistOffers).set({ state: "accepted", endedAt: now }).where(eq(eventWaitlistOffers.id, offer.id));
    return { kind: "accepted", orderRowId: order.id, vipps: method === "vipps" };
  });
}

export type EventDeclineOutcome =
  { kind: "not-found" } | { kind: "gone"; message: string; offers: number } | { kind: "accepted" } | { kind: "declined"; offers: number };

/**
 * `POST /api/Arrangement/Venteliste/Decline/{offerToken}` («Nei takk»): the offer is declined, the order
 * leaves the waiting list (cancelled; nothing was charged), and its places are offered to the next in line
 * in the same transaction. Declining again answers the same and changes nothing.
 */
export async function declineEventOffer(db: Db, token: string, now: Date, deps: EventWaitlistDeps): Promise<EventDeclineOutcome> {
  const found = await findOffer(db, token);
  if (!found) return { kind: "not-found" };
  return db.transaction(async (tx): Promise<EventDeclineOutcome> => {
    await lockEventPlaces(tx, found.order.eventId);
    const [offer] = await tx.select().from(eventWaitlistOffers).where(eq(eventWaitlistOffers.id, found.offer.id)).for("update");
    if (!offer) return { kind: "not-found" };
    if (offer.state === "declined") return { kind: "declined", offers: 0 };
    if (offer.state === "accepted") return { kind: "accepted" };
    if (offer.state === "withdrawn") return { kind: "gone", message: eventWaitlistMessages.withdrawn, offers: 0 };
    if (offer.state === "expired") return { kind: "gone", message: eventWaitlistMessages.expired, offers: 0 };
    if (offer.expiresAt.getTime() <= now.getTime()) {
      await tx.update(eventWaitlistOffers).set({ state: "expired", endedAt: now }).where(eq(eventWaitlistOffers.id, offer.id));
      return { kind: "gone", message: eventWaitlistMessages.expired, offers: await offerEventPlacesIn(tx, found.order.eventId, now, deps) };
    }
    await tx.update(eventWaitlistOffers).set({ state: "declined", endedAt: now }).where(eq(eventWaitlistOffers.id, offer.id));
    await tx
      .update(eventOrders)
      .set({ status: "cancelled", cancelledAt: now })
      .where(and(eq(eventOrders.id, found.order.id), eq(eventOrders.status, "waiting")));
    return { kind: "declined", offers: await offerEventPlacesIn(tx, found.order.eventId, now, deps) };
  });
}
