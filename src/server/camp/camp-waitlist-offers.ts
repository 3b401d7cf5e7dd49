import { and, eq, isNotNull } from "drizzle-orm";
import type { OfferState, WaitlistOfferView } from "../../shared/camp/camp-waitlist.ts";
import type { Db } from "../db/database.ts";
import { campRegistrationColumns, campRegistrations, type PaymentMethod } from "../db/schema/camp.ts";
import { eventOrders, eventPayments, eventWaitlistOffers } from "../db/schema/events.ts";
import { HttpError } from "../errors.ts";
import { editionPhase } from "../../shared/camp/camp-edition-phase.ts";
import { queueCampConfirmationMail } from "./camp-confirmation-queue.ts";
import { editionDataForYear } from "./camp-edition-lookup.ts";
import { campRegistrationWithTotal, receiptOf } from "./camp-receipt.ts";
import { receiptTotal } from "../../shared/camp/camp-ledger.ts";
import { vippsUnavailableMessage, type CampPaymentGateway } from "./camp-payment-gateway.ts";
import { lockEditionPlaces } from "./camp-places.ts";
import { updateCampRegistrations } from "./camp-registration-rows.ts";
import { offerTokenHash, tokenPattern } from "./camp-waitlist-offer-token.ts";

export const waitlistMessages = {
  notFound: "Fant ikke tilbudet. Sjekk at du har hele lenken fra e-posten.",
  expired: "Tilbudet har gått ut, og plassen er gitt videre til nestemann på ventelisten.",
  withdrawn: "Tilbudet er trukket tilbake.",
  declined: "Du har takket nei til plassen, og den er gitt videre til nestemann på ventelisten.",
  notOnList: "Fant ikke noen på ventelisten med den id-en.",
  alreadyAccepted: "Du har allerede takket ja til plassen. Vil du avbestille, bruk lenken i bekreftelsen du fikk på e-post.",
} as const;

/** An offer's state as the family and the admin see it: an open offer past its deadline is expired. */
export function shownState(offer: { state: OfferState; expiresAt: Date }, now: Date): OfferState {
  return offer.state === "offered" && offer.expiresAt.getTime() <= now.getTime() ? "expired" : offer.state;
}

/** GET /api/Venteliste/Get/{offerToken}; undefined for an unknown or malformed token. */
export async function offerView(db: Db, token: string, now: Date): Promise<WaitlistOfferView | undefined> {
  if (!tokenPattern.test(token)) return undefined;
  const [row] = await db
    .select({ offer: eventWaitlistOffers, registration: campRegistrationColumns })
    .from(eventWaitlistOffers)
    .innerJoin(campRegistrations, eq(campRegistrations.id, eventWaitlistOffers.campRegistrationId))
    .where(eq(eventWaitlistOffers.tokenHash, offerTokenHash(token)));
  if (!row) return undefined;
  const { offer, registration } = row;
  const lines = await receiptOf(db, registration.id);
  return {
    year: registration.editionYear,
    orderId: registration.orderId,
    firstName: registration.firstName,
    lastName: registration.lastName,
    total: receiptTotal(lines),
    lines,
    vipps: registration.vipps,
    state: shownState(offer, now),
    expiresAt: offer.expiresAt.toISOString(),
  };
}

/** What accepting an offer did; `accepted`/`earlier` go on to the registration's answer (camp-registrations.ts). */
export type AcceptOutcome =
  | { kind: "not-found" }
  | { kind: "gone"; message: string; expiredNow: boolean }
  | { kind: "accepted"; registrationId: number; confirmed: boolean; paymentReference: string }
  | { kind: "earlier"; registrationId: number };

/**
 * POST /api/Venteliste/Accept/{offerToken}: the open offer becomes the registration's place. The offer row
 * is locked, so a double click waits and then finds it accepted (the same answer, never a second payment).
 */
export async function acceptOffer(db: Db, token: string, gateway: CampPaymentGateway, now: Date, publicBaseUrl: string): Promise<AcceptOutcome> {
  if (!tokenPattern.test(token)) return { kind: "not-found" };
  return db.transaction(async (tx): Promise<AcceptOutcome> => {
    const [offer] = await tx
      .select()
      .from(eventWaitlistOffers)
      .where(and(eq(eventWaitlistOffers.tokenHash, offerTokenHash(token)), isNotNull(eventWaitlistOffers.campRegistrationId)))
      .for("update");
    if (!offer) return { kind: "not-found" };
    if (offer.state === "accepted") return { kind: "earlier", registrationId: offer.campRegistrationId! };
    // Declined stays declined: the family's answer is kept, never rewritten as withdrawn.
    if (offer.state === "declined") return { kind: "gone", message: waitlistMessages.declined, expiredNow: false };
    if (offer.state === "withdrawn") return { kind: "gone", message: waitlistMessages.withdrawn, expiredNow: false };
    if (offer.state === "expired") return { kind: "gone", message: waitlistMessages.expired, expiredNow: false };
    if (offer.expiresAt.getTime() <= now.getTime()) {
      await tx.update(eventWaitlistOffers).set({ state: "expired", endedAt: now }).where(eq(eventWaitlistOffers.id, offer.id));
      return { kind: "gone", message: waitlistMessages.expired, expiredNow: true };
    }
    // The registration's row lock is its order's (the view cannot be locked).
    await tx.select({ id: eventOrders.id }).from(eventOrders).where(eq(eventOrders.id, offer.campRegistrationId!)).for("no key update");
    // Read after the lock, in its own statement: the total (a sum over the ledger) in the locking one could be older.
    const [registration] = await tx
      .select(campRegistrationWithTotal)
      .from(campRegistrations)
      .where(eq(campRegistrations.id, offer.campRegistrationId!));
    if (!registration || registration.status !== "waiting") {
      await tx.update(eventWaitlistOffers).set({ state: "withdrawn", endedAt: now }).where(eq(eventWaitlistOffers.id, offer.id));
      return { kind: "gone", message: waitlistMessages.withdrawn, expiredNow: false };
    }
    // A place taken while the camp is under way is paid at the door, as every registration then is (never Vipps).
    const duringCamp = registration.vipps && editionPhase(await editionDataForYear(tx, registration.editionYear), now) === "running";
    const vipps = registration.vipps && !duringCamp;
    const method: PaymentMethod = registration.total === 0 ? "free" : vipps ? "vipps" : "card_cash";
    if (method === "vipps" && !gateway.available) throw new HttpError(400, vippsUnavailableMessage);
    const confirmed = method !== "vipps";
    const reference = method === "vipps" ? `${registration.orderId}-1` : registration.orderId;
    await updateCampRegistrations(tx, registration.id, {
      status: confirmed ? "confirmed" : "pending_payment",
      waitlistRank: null,
      vipps,
      ...(confirmed ? { confirmedAt: now } : {}),
    });
    await tx
      .insert(eventPayments)
      .values({
        campRegistrationId: registration.id,
        reference,
        method,
        amount: registration.total,
        state: method === "card_cash" ? "unpaid" : method === "free" ? "paid" : "created",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    if (confirmed) await queueCampConfirmationMail(tx, registration.id, now, publicBaseUrl);
    await tx.update(eventWaitlistOffers).set({ state: "accepted", endedAt: now }).where(eq(eventWaitlistOffers.id, offer.id));
    return { kind: "accepted", registrationId: registration.id, confirmed, paymentReference: reference };
  });
}

export type DeclineOutcome =
  { kind: "not-found" } | { kind: "gone"; message: string } | { kind: "accepted" } | { kind: "declined"; year: number; now: boolean };

/**
 * POST /api/Venteliste/Decline/{offerToken} («Nei takk»): the open offer is declined and the registration
 * leaves the waiting list (cancelled), under the edition's lock, so the caller can pass the place on at
 * once. Declining again answers the same; an accepted, expired or withdrawn offer is left as it is.
 */
export async function declineOffer(db: Db, token: string, now: Date): Promise<DeclineOutcome> {
  if (!tokenPattern.test(token)) return { kind: "not-found" };
  const [found] = await db
    .select({ year: campRegistrations.editionYear })
    .from(eventWaitlistOffers)
    .innerJoin(campRegistrations, eq(campRegistrations.id, eventWaitlistOffers.campRegistrationId))
    .where(eq(eventWaitlistOffers.tokenHash, offerTokenHash(token)));
  if (!found) return { kind: "not-found" };
  return db.transaction(async (tx): Promise<DeclineOutcome> => {
    // Every change to who holds a place takes the edition's lock first (docs/decisions/0009).
    await lockEditionPlaces(tx, found.year);
    const [offer] = await tx
      .select()
      .from(eventWaitlistOffers)
      .where(and(eq(eventWaitlistOffers.tokenHash, offerTokenHash(token)), isNotNull(eventWaitlistOffers.campRegistrationId)))
      .for("update");
    if (!offer) return { kind: "not-found" };
    if (offer.state === "declined") return { kind: "declined", year: found.year, now: false };
    if (offer.state === "accepted") return { kind: "accepted" };
    if (offer.state === "withdrawn") return { kind: "gone", message: waitlistMessages.withdrawn };
    if (offer.state === "expired" || offer.expiresAt.getTime() <= now.getTime()) return { kind: "gone", message: waitlistMessages.expired };
    await tx.update(eventWaitlistOffers).set({ state: "declined", endedAt: now }).where(eq(eventWaitlistOffers.id, offer.id));
    await updateCampRegistrations(
      tx,
      offer.campRegistrationId!,
      { status: "cancelled", cancelledAt: now, waitlistRank: null },
      eq(eventOrders.status, "waiting"),
    );
    return { kind: "declined", year: found.year, now: true };
  });
}
