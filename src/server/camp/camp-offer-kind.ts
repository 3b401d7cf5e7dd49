/**
 * The camp's part of a waiting-list offer (events/offer-answers.ts holds what every kind shares): its view,
 * and what «Ja takk» does to a registration: confirmed (card/cash, free) with its confirmation mail, or
 * awaiting its Vipps payment through the camp's payment gateway. Both answers take the edition's lock first;
 * a freed place is passed on by the one waiting-list job (events/event-waitlist.ts), for which the camp's part
 * of making offers is `campLineKind`: the edition's registration window and capacity, and its offer mail's words.
 */
import { eq } from "drizzle-orm";
import { editionPhase } from "../../shared/camp/camp-edition-phase.ts";
import { campEndsAt, formatCalendarDate, registrationClosesAt } from "../../shared/camp/camp-edition-data.ts";
import { receiptTotal } from "../../shared/camp/camp-ledger-receipt.ts";
import { greetingNameOf } from "../../shared/camp/contact-greeting.ts";
import { campEventKind, campEventSlug, campYearOfSlug } from "../../shared/events/event-kinds.ts";
import { offerMessages, shownState, type OfferView } from "../../shared/events/waitlist-offer.ts";
import { offerValidityHours } from "../../shared/camp/camp-waitlist.ts";
import type { Db } from "../db/database.ts";
import { campRegistrationColumns, campRegistrations, type PaymentMethod } from "../db/schema/camp.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { eventPayments } from "../db/schema/events-money.ts";
import { events } from "../db/schema/events.ts";
import { HttpError } from "../errors.ts";
import type { LineKind, OfferKind, OfferRow } from "../events/offer-answers.ts";
import { queueCampConfirmationMail } from "./camp-confirmation-queue.ts";
import { campEditionOfYear, editionDataForYear } from "./camp-edition-lookup.ts";
import { vippsUnavailableMessage, type CampPaymentGateway } from "./camp-payment-gateway.ts";
import { lockEditionPlaces } from "./camp-places.ts";
import { campRegistrationWithTotal, receiptOf } from "./camp-receipt.ts";
import { answerFor, loadStoredRegistration } from "./camp-registration-answers.ts";
import { updateCampRegistrations } from "./camp-registration-rows.ts";
import { campOfferMailData } from "./camp-waitlist-mail.ts";
import { waitlistMailData } from "./camp-waitlist.ts";
import type { AppServices } from "../services.ts";

/** What answering the camp's waiting-list offers uses besides the transaction it is given. */
export type CampOfferDeps = Pick<AppServices, "db" | "now" | "env" | "outbox" | "waitlist" | "campListsChanged">;

const registrationOf = (offer: OfferRow) => offer.orderId;

/**
 * The camp's part of making offers: a published edition takes registrations from its opening to its close, as the
 * wizard's registration does (camp-registrations.ts): «Ja takk» is refused outside it as well (offer-answers.ts).
 */
export const campLineKind: LineKind = {
  async window(tx, eventId) {
    const [row] = await tx.select({ slug: events.slug, publishedAt: events.publishedAt }).from(events).where(eq(events.id, eventId));
    const year = row && campYearOfSlug(row.slug);
    if (year === undefined || !row?.publishedAt) return undefined;
    const data = await editionDataForYear(tx, year);
    // Registration closes when the camp starts unless the edition keeps it open, and at the latest when it is over: so do the offers.
    const closesAt = Math.min(registrationClosesAt(data).getTime(), campEndsAt(data).getTime());
    return { opensAt: Date.parse(data.registrationOpensAt), closesAt, capacity: data.capacity, sleepoverCapacity: data.sleepoverCapacity };
  },
  validityHours: offerValidityHours,
  offerOf: (orderId) => ({ orderId, ownerKind: "camp" }),
  async offerMail(tx, orderId) {
    const mail = await waitlistMailData(tx, orderId);
    return { ...campOfferMailData(mail, await campEditionOfYear(tx, mail.editionYear)), email: mail.email };
  },
};

async function campOfferView(db: Db, offer: OfferRow, now: Date): Promise<OfferView | undefined> {
  const [registration] = await db
    .select(campRegistrationColumns)
    .from(campRegistrations)
    .where(eq(campRegistrations.id, registrationOf(offer)));
  if (!registration) return undefined;
  const edition = await campEditionOfYear(db, registration.editionYear);
  const lines = await receiptOf(db, registration.id);
  return {
    slug: campEventSlug(registration.editionYear),
    kind: campEventKind,
    title: `Vinterleir ${registration.editionYear}`,
    firstDay: formatCalendarDate(edition.start),
    lastDay: formatCalendarDate(edition.end),
    venue: edition.settings.venue,
    year: registration.editionYear,
    orderId: registration.orderId,
    firstName: registration.firstName,
    lastName: registration.lastName,
    greetingName: greetingNameOf(registration) ?? null,
    participants: [`${registration.firstName} ${registration.lastName}`.trim()],
    total: receiptTotal(lines),
    lines,
    vipps: registration.vipps,
    state: shownState(offer, now),
    expiresAt: offer.expiresAt.toISOString(),
  };
}

/** The confirmed or paying registration: its status, and its first payment attempt (or the card/cash one, or free). */
async function takePlace(tx: Db, offer: OfferRow, now: Date, gateway: CampPaymentGateway, publicBaseUrl: string) {
  // The registration's row lock is its order's (the view cannot be locked).
  await tx
    .select({ id: eventOrders.id })
    .from(eventOrders)
    .where(eq(eventOrders.id, registrationOf(offer)))
    .for("no key update");
  // Read after the lock, in its own statement: the total (a sum over the ledger) in the locking one could be older.
  const [registration] = await tx
    .select(campRegistrationWithTotal)
    .from(campRegistrations)
    .where(eq(campRegistrations.id, registrationOf(offer)));
  if (!registration || registration.status !== "waiting") return "withdrawn" as const;
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
      orderId: registration.id,
      ownerKind: "camp",
      reference,
      method,
      amount: registration.total,
      state: method === "card_cash" ? "unpaid" : method === "free" ? "paid" : "created",
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  if (confirmed) await queueCampConfirmationMail(tx, registration.id, now, publicBaseUrl);
  return { confirmed, paymentReference: reference };
}

/** The camp's offers (events/offer-routes.ts answers every kind's offers). */
export function campOfferKind(deps: CampOfferDeps, gateway: CampPaymentGateway): OfferKind {
  return {
    view: campOfferView,
    async lockPlaces(tx, offer) {
      // Both answers change who holds a place, so both take the edition's lock first (docs/decisions/0009). «Ja takk»
      // too: a registration just after the deadline counts the offer's place as free, and must wait for an accept
      // read just before it to be decided, or both would get the place.
      const [found] = await tx
        .select({ year: campRegistrations.editionYear })
        .from(campRegistrations)
        .where(eq(campRegistrations.id, registrationOf(offer)));
      if (found) await lockEditionPlaces(tx, found.year);
    },
    take: (tx, offer, now) => takePlace(tx, offer, now, gateway, deps.env.PUBLIC_BASE_URL),
    async leave(tx, offer, now) {
      await updateCampRegistrations(
        tx,
        registrationOf(offer),
        { status: "cancelled", cancelledAt: now, waitlistRank: null },
        eq(eventOrders.status, "waiting"),
      );
    },
    async answer(offer, taken) {
      if (taken?.confirmed) {
        deps.outbox.kick();
        deps.campListsChanged();
      }
      const registration = await loadStoredRegistration(deps.db, registrationOf(offer));
      const answer = await answerFor(deps, registration!, gateway, taken?.paymentReference);
      // A waiting answer here means the payment was lost and the place taken meanwhile: the offer is gone.
      if (answer.kind === "waitlist") return { kind: "refused", status: 410, message: offerMessages.expired };
      return { kind: "text", text: answer.kind === "done" ? "Done" : answer.url };
    },
    async passOn() {
      await deps.waitlist.drain();
      deps.outbox.kick();
    },
    line: campLineKind,
  };
}
