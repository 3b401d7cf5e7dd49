/**
 * The answers to a waiting-list offer behind its mailed link, written once for every kind of event: the
 * view, «Ja takk» and «Nei takk». The offer is found by its token's hash and its row locked (after the kind's
 * lock of places, its event's row), so a double click waits and then finds the first
 * click's result (never a second charge or payment); the states and their answers are the same for every
 * kind, and a place that comes free (declined, or found expired) is passed on to the next in line at once.
 * «Ja takk» checks again under the locks what the offer was made under: the event still takes registrations
 * (its kind's window, as the waiting-list job reads it), and the places and sleepover places the open offer holds
 * are within the limits (an edit of the limits, or an offer made before the line knew the sleepover places, may
 * have left them over); if not, the offer is withdrawn, the order stays in line and the family is told why.
 * What only a kind knows (its view, confirming the order and starting its payment, its lock and its line)
 * is its `OfferKind` (camp/camp-offer-kind.ts, event-offer-kind.ts).
 */
import { eq, sql } from "drizzle-orm";
import { campEventKind } from "../../shared/events/event-kinds.ts";
import { offerMessages, type OfferView } from "../../shared/events/waitlist-offer.ts";
import type { Db } from "../db/database.ts";
import { eventOrders, eventWaitlistOffers } from "../db/schema/events-orders.ts";
import { events } from "../db/schema/events.ts";
import { placesCounted } from "./event-places.ts";
import type { OfferMailData } from "./event-waitlist-mail.ts";
import { offerTokenHash, tokenPattern } from "./offer-token.ts";

export type OfferRow = typeof eventWaitlistOffers.$inferSelect;

/** What taking the places did to the order: confirmed (card/cash, free), or awaiting its payment with this reference. */
export interface Taken {
  confirmed: boolean;
  paymentReference?: string;
}

/** What «Ja takk» came to: the text to answer (`Done` or the payment address), or a refusal with its status. */
export type OfferAcceptAnswer = { kind: "text"; text: string } | { kind: "refused"; status: 404 | 410; message: string };
export type OfferDeclineAnswer = { kind: "declined"; view: OfferView } | { kind: "refused"; status: 404 | 409 | 410; message: string };

/** The part of an offer only its kind knows. Each runs inside the answer's transaction unless said otherwise. */
export interface OfferKind {
  view(db: Db, offer: OfferRow, now: Date): Promise<OfferView | undefined>;
  /** The kind's lock of places (its event's row), taken before the offer row's by both answers: each changes who holds a place. */
  lockPlaces(tx: Db, offer: OfferRow): Promise<void>;
  /** The open offer's places become the order's; "withdrawn" when the order no longer waits. */
  take(tx: Db, offer: OfferRow, now: Date): Promise<Taken | "withdrawn">;
  /** «Nei takk»: the waiting order leaves the line (cancelled; nothing was charged). */
  leave(tx: Db, offer: OfferRow, now: Date): Promise<void>;
  /** After the commit: what «Ja takk» answers, `taken` now or accepted earlier (undefined). */
  answer(offer: OfferRow, taken: Taken | undefined): Promise<OfferAcceptAnswer>;
  /** After the commit, when the offer's places came free: offer them to the next in line. */
  passOn(offer: OfferRow): Promise<void>;
  /** The kind's part of making offers: «Ja takk» is checked against the same window and limits. */
  line: LineKind;
}

/**
 * The part of making offers (event-waitlist.ts) only a kind knows: whether and until when its event takes
 * registrations, and with how many places, how long an offer stands, which of the offer's columns names the
 * order, and what the offer mail says about the order. Each runs under the event's lock.
 */
export interface LineKind {
  /**
   * The event's registration window, its capacity and its sleepover capacity (the camp's; null: no limit);
   * undefined while it takes no registrations (unpublished, or a sale).
   */
  window(tx: Db, eventId: number): Promise<LineWindow | undefined>;
  /** How long an offer stands (never past the registration's close). */
  validityHours: number;
  /** The offer row's reference to the order, with the order's side (the database refuses the other side's). */
  offerOf(orderId: number): { orderId: number; ownerKind: "camp" | "order" };
  /** What the one offer mail (event-waitlist-mail.ts) says about the order, and its address. */
  offerMail(tx: Db, orderId: number): Promise<OfferMailData & { email: string }>;
}

export interface LineWindow {
  opensAt: number;
  closesAt: number;
  capacity: number | null;
  sleepoverCapacity: number | null;
}

/** The kinds' parts, filled in by the camp's and the events' registration (the camp's lives in its own scope). */
export interface OfferKinds {
  camp?: OfferKind;
  event?: OfferKind;
}

type Answered<T> = T | { kind: "gone"; message: string; freed: boolean };

/**
 * Under the locks, for an open offer not past its deadline: why «Ja takk» cannot be given now, or undefined. The
 * event must still take registrations, by the window the offer was made in (its kind's `LineKind`, so an offer is
 * taken exactly while one could be made); and the open offer holds its order's places and sleepover places in the
 * count, so the limits hold when the count is within them. An order no longer waiting is left to `take`.
 */
async function refusal(tx: Db, offer: OfferRow, line: LineKind, now: Date): Promise<string | undefined> {
  const [order] = await tx
    .select({ eventId: eventOrders.eventId, status: eventOrders.status })
    .from(eventOrders)
    .where(eq(eventOrders.id, offer.orderId));
  if (!order || order.status !== "waiting") return undefined;
  const window = await line.window(tx, order.eventId);
  if (!window || now.getTime() < window.opensAt || now.getTime() >= window.closesAt) return offerMessages.registrationClosed;
  const places = await placesCounted(tx, eq(events.id, order.eventId), window, now);
  if (window.capacity !== null && places.held > window.capacity) return offerMessages.placeGone;
  if (window.sleepoverCapacity !== null && places.sleepoversHeld > window.sleepoverCapacity) {
    const mine = await tx.execute<{ sleepover_places: number }>(
      sql`select sleepover_places from event_holders(${order.eventId}, ${now.toISOString()}::timestamptz) where order_id = ${offer.orderId}`,
    );
    if (Number(mine.rows[0]?.sleepover_places ?? 0) > 0) return offerMessages.sleepoverGone;
  }
  return undefined;
}

/** The offer's row, locked for the answer. */
async function lockOffer(tx: Db, id: number) {
  return (await tx.select().from(eventWaitlistOffers).where(eq(eventWaitlistOffers.id, id)).for("update"))[0];
}

function endOffer(tx: Db, offer: OfferRow, state: "accepted" | "declined" | "expired" | "withdrawn", now: Date) {
  return tx.update(eventWaitlistOffers).set({ state, endedAt: now }).where(eq(eventWaitlistOffers.id, offer.id));
}

/** An offer no longer open: its answer, the same for either button. Declined stays declined, never rewritten. */
function closedMessage(offer: OfferRow) {
  return offer.state === "declined"
    ? offerMessages.declined
    : offer.state === "withdrawn"
      ? offerMessages.withdrawn
      : offer.state === "expired"
        ? offerMessages.expired
        : undefined;
}

export function createOfferAnswers(deps: { db: Db; now: () => Date; kinds: OfferKinds }) {
  const { db } = deps;
  const kindOf = (offer: OfferRow): OfferKind => {
    const kind = offer.ownerKind === "camp" ? deps.kinds.camp : deps.kinds.event;
    if (!kind) throw new Error(`No offer kind for ${offer.ownerKind === "camp" ? campEventKind : "event"} offers`);
    return kind;
  };
  const find = async (token: string): Promise<OfferRow | undefined> => {
    if (!tokenPattern.test(token)) return undefined;
    const [offer] = await db
      .select()
      .from(eventWaitlistOffers)
      .where(eq(eventWaitlistOffers.tokenHash, offerTokenHash(token)));
    return offer;
  };
  const notFound = { kind: "refused", status: 404, message: offerMessages.notFound } as const;

  return {
    /** The offer behind a token; undefined for an unknown or malformed one. */
    async view(token: string): Promise<OfferView | undefined> {
      const offer = await find(token);
      return offer && kindOf(offer).view(db, offer, deps.now());
    },

    /** «Ja takk»: the open offer's places become the order's (confirmed, or the payment started after the commit). */
    async accept(token: string): Promise<OfferAcceptAnswer> {
      const found = await find(token);
      if (!found) return notFound;
      const kind = kindOf(found);
      const outcome = await db.transaction(async (tx): Promise<Answered<{ kind: "taken"; taken?: Taken }> | undefined> => {
        await kind.lockPlaces(tx, found);
        const offer = await lockOffer(tx, found.id);
        if (!offer) return undefined;
        // The time is read once the locks are held: a registration that counted the place as free after the deadline
        // went first, and this answer, however early the click, is later than it.
        const now = deps.now();
        if (offer.state === "accepted") return { kind: "taken" };
        const message = closedMessage(offer);
        if (message) return { kind: "gone", message, freed: false };
        if (offer.expiresAt.getTime() <= now.getTime()) {
          await endOffer(tx, offer, "expired", now);
          return { kind: "gone", message: offerMessages.expired, freed: true };
        }
        const refused = await refusal(tx, offer, kind.line, now);
        if (refused) {
          // Back in line at its place (a withdrawn offer does not take it out); what it held passes on.
          await endOffer(tx, offer, "withdrawn", now);
          return { kind: "gone", message: refused, freed: true };
        }
        const taken = await kind.take(tx, offer, now);
        if (taken === "withdrawn") {
          await endOffer(tx, offer, "withdrawn", now);
          return { kind: "gone", message: offerMessages.withdrawn, freed: false };
        }
        await endOffer(tx, offer, "accepted", now);
        return { kind: "taken", taken };
      });
      if (!outcome) return notFound;
      if (outcome.kind === "gone") {
        // Too late: the places pass on now.
        if (outcome.freed) await kind.passOn(found);
        return { kind: "refused", status: 410, message: outcome.message };
      }
      return kind.answer(found, outcome.taken);
    },

    /** «Nei takk»: off the list, and the places go to the next in line at once. Declining again answers the same. */
    async decline(token: string): Promise<OfferDeclineAnswer> {
      const found = await find(token);
      if (!found) return notFound;
      const kind = kindOf(found);
      const outcome = await db.transaction(async (tx): Promise<Answered<{ kind: "declined" | "accepted"; freed: boolean }> | undefined> => {
        await kind.lockPlaces(tx, found);
        const offer = await lockOffer(tx, found.id);
        if (!offer) return undefined;
        // As for «Ja takk»: the time once the locks are held.
        const now = deps.now();
        if (offer.state === "declined") return { kind: "declined", freed: false };
        if (offer.state === "accepted") return { kind: "accepted", freed: false };
        const message = closedMessage(offer);
        if (message) return { kind: "gone", message, freed: false };
        if (offer.expiresAt.getTime() <= now.getTime()) {
          await endOffer(tx, offer, "expired", now);
          return { kind: "gone", message: offerMessages.expired, freed: true };
        }
        await endOffer(tx, offer, "declined", now);
        await kind.leave(tx, offer, now);
        return { kind: "declined", freed: true };
      });
      if (!outcome) return notFound;
      if (outcome.freed) await kind.passOn(found);
      if (outcome.kind === "accepted") return { kind: "refused", status: 409, message: offerMessages.alreadyAccepted };
      if (outcome.kind === "gone") return { kind: "refused", status: 410, message: outcome.message };
      // The offer as it now stands (declined), read afresh.
      const [declined] = await db.select().from(eventWaitlistOffers).where(eq(eventWaitlistOffers.id, found.id));
      return { kind: "declined", view: (await kind.view(db, declined!, deps.now()))! };
    },
  };
}

export type OfferAnswers = ReturnType<typeof createOfferAnswers>;
