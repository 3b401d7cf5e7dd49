/**
 * A person's right of access (GDPR art. 15), from a camp registration or from an event order: everything we
 * hold about it as JSON — with every grading, course and gear order of the same e-mail address, the family's
 * (and from an event order, the address's camp registrations too). Forgetting one is person-forget.ts.
 */
import { paymentsOfRegistration } from "../payments/group-payments.ts";
import { actorLabel, moneyActionLabel, paymentMethodLabel, paymentStateLabel } from "../../shared/camp/camp-state-labels.ts";
import { registrationLedgerHistory } from "../camp/camp-ledger-history.ts";
import { and, asc, eq, inArray, or, type SQL } from "drizzle-orm";
import { emailKey } from "../../shared/contact/email-key.ts";
import { gradeLabel } from "../../shared/camp/grades.ts";
import type { Db } from "../db/database.ts";
import { campRegistrationColumns, campRegistrations } from "../db/schema/camp.ts";
import { readCampCompanions } from "../camp/camp-companion-rows.ts";
import { clubs } from "../db/schema/clubs.ts";
import { grades } from "../db/schema/grades.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import type { QueuedMailRenderer } from "../mail/mail-kinds.ts";
import { campConfirmationKey } from "../camp/camp-confirmation-queue.ts";
import { isEventOrderMail } from "./event-order-retention.ts";
import { leaderOrders } from "../events/event-store.ts";
import { eventCheckinActions } from "../db/schema/events-checkin.ts";
import { eventOrders, eventWaitlistOffers, orderChanges } from "../db/schema/events-orders.ts";
import { eventPaymentActions } from "../db/schema/events-money.ts";
import { checkInPersonId } from "../../shared/camp/camp-checkin.ts";
import { doorActionKindLabels } from "../../shared/camp/door-list.ts";
import { offerStateLabels } from "../../shared/camp/camp-waitlist-labels.ts";
import { receiptOf } from "../camp/camp-receipt.ts";
import type { PersonExport, AddressExport, CampRegistrationExport, MailCopy, PersonEventOrder } from "./person-export-shape.ts";
import { withoutDraftSecret, ledgerInWords, changeInWords, mailCopy } from "./person-export-words.ts";
import { eventOrdersOf } from "./person-event-orders.ts";

const eventOrdersAbout = "deltakerne med svarene sine, varene, betalingene, kassaboka, innsjekkingen, tilbud fra ventelisten og e-postene om ordren.";

/** `renderMail`: the outbox worker's, to show a mail not sent yet as it will go out; without it such a mail is copied as stored. */
export async function exportPerson(db: Db, registrationId: number, now: Date, renderMail?: QueuedMailRenderer): Promise<PersonExport | undefined> {
  const found = await campRegistrationExport(db, registrationId);
  if (!found) return undefined;
  // The registration's own address (compared by key, never by the database's case rules). Not the
  // companions' addresses: a companion may have given someone else's, whose mail is not this person's to see.
  const ownKey = found.key;
  const held = await heldForAddress(db, {
    key: ownKey,
    registrationIds: [registrationId],
    orders: ownKey ? eq(eventOrders.email, ownKey) : undefined,
    renderMail,
  });
  return {
    exportedAt: now.toISOString(),
    about:
      "Alt Ski Taekwondo Klubb lagrer om denne påmeldingen til vinterleiren: påmeldingen, ledsagerne, kvitteringslinjene, " +
      "betalingene med betalingsloggen, kassaboka (det som er belastet, betalt og betalt tilbake), innsjekkingen ved døra, tilbud fra ventelisten " +
      "og e-postene vi har sendt eller skal sende. " +
      "Under «eventOrders» står alle påmeldinger til graderinger og kurs og bestillinger av klubbtøy med samme e-postadresse: " +
      eventOrdersAbout,
    ...found.part,
    mails: held.mails,
    eventOrders: held.eventOrders,
  };
}

/**
 * `GET /api/ArrangementAdmin/PersonExport/{orderId}/{token}`: everything held under an event order's
 * address (orders store the address's key), for a family that may have no camp registration at all.
 */
export async function exportEventOrderPerson(
  db: Db,
  orderId: string,
  now: Date,
  renderMail?: QueuedMailRenderer,
): Promise<AddressExport | undefined> {
  const [order] = await db
    .select({ id: eventOrders.id, email: eventOrders.email, anonymisedAt: eventOrders.anonymisedAt })
    .from(eventOrders)
    // A camp registration's order id is no event order's: its export is the camp admin's.
    .where(and(eq(eventOrders.orderId, orderId), leaderOrders));
  if (!order) return undefined;
  // A blanked order's address is "": it must never gather every other blanked order with it.
  const key = order.anonymisedAt === null && order.email !== "" ? order.email : undefined;
  const registrationIds = key
    ? (
        await db
          .select({ id: campRegistrations.id })
          .from(campRegistrations)
          .where(eq(campRegistrations.emailKey, key))
          .orderBy(asc(campRegistrations.id))
      ).map((row) => row.id)
    : [];
  const campParts = (await Promise.all(registrationIds.map((id) => campRegistrationExport(db, id)))).flatMap((found) => (found ? [found.part] : []));
  const held = await heldForAddress(db, {
    key,
    registrationIds,
    orders: key ? or(eq(eventOrders.email, key), eq(eventOrders.id, order.id)) : eq(eventOrders.id, order.id),
    renderMail,
  });
  return {
    exportedAt: now.toISOString(),
    about:
      "Alt Ski Taekwondo Klubb lagrer om denne e-postadressen. Under «campRegistrations» står påmeldingene til vinterleiren: " +
      "påmeldingen, ledsagerne, kvitteringslinjene, betalingene med betalingsloggen, kassaboka (det som er belastet, betalt og betalt tilbake), " +
      "innsjekkingen ved døra og tilbud fra ventelisten. " +
      "Under «eventOrders» står påmeldingene til graderinger og kurs og bestillingene av klubbtøy: " +
      eventOrdersAbout +
      " Under «mails» står de andre e-postene vi har sendt eller skal sende til adressen.",
    email: key ?? null,
    campRegistrations: campParts,
    mails: held.mails,
    eventOrders: held.eventOrders,
  };
}

/** One camp registration's part of an export, and the key of its own address. */
async function campRegistrationExport(
  db: Db,
  registrationId: number,
): Promise<{ part: CampRegistrationExport; key: string | undefined } | undefined> {
  const [found] = await db
    .select({ registration: campRegistrationColumns, club: clubs.name, grade: grades })
    .from(campRegistrations)
    .innerJoin(clubs, eq(clubs.clubId, campRegistrations.clubId))
    .innerJoin(grades, eq(grades.gradeId, campRegistrations.gradeId))
    .where(eq(campRegistrations.id, registrationId));
  if (!found) return undefined;
  const registration = found.registration;
  const companions = await readCampCompanions(db, registrationId);
  const priceLines = await receiptOf(db, registrationId);
  // Of a group's one payment, this athlete's share.
  const paymentRows = await paymentsOfRegistration(db, registrationId);
  const actions =
    paymentRows.length === 0
      ? []
      : await db
          .select()
          .from(eventPaymentActions)
          .where(
            inArray(
              eventPaymentActions.paymentId,
              paymentRows.map((payment) => payment.id),
            ),
          )
          .orderBy(asc(eventPaymentActions.id));
  const history = (await registrationLedgerHistory(db, registrationId)) ?? [];
  // What the camp's door and waiting list keep about the registration, in the tables it shares with the events.
  const doorActions = await db
    .select()
    .from(eventCheckinActions)
    .where(and(eq(eventCheckinActions.orderId, registrationId), eq(eventCheckinActions.ownerKind, "camp")))
    .orderBy(asc(eventCheckinActions.id));
  const offers = await db
    .select()
    .from(eventWaitlistOffers)
    .where(and(eq(eventWaitlistOffers.orderId, registrationId), eq(eventWaitlistOffers.ownerKind, "camp")))
    .orderBy(asc(eventWaitlistOffers.id));
  const changes = await db
    .select()
    .from(orderChanges)
    .where(and(eq(orderChanges.orderId, registrationId), eq(orderChanges.ownerKind, "camp")))
    .orderBy(asc(orderChanges.at), asc(orderChanges.id));
  const personName = (personId: string | null): string | null => {
    if (personId === checkInPersonId.athlete(registrationId)) return `${registration.firstName} ${registration.lastName}`.trim();
    const person = companions.find((candidate) => checkInPersonId.companion(candidate.id) === personId);
    return person ? `${person.firstName} ${person.lastName}`.trim() : null;
  };
  return {
    key: registration.emailKey ?? emailKey(registration.email),
    part: {
      // The draft secret's hash is a credential's trace, not something about the person.
      registration: { ...withoutDraftSecret(registration), club: found.club, grade: gradeLabel(found.grade) },
      companions,
      priceLines,
      // Every money word through the shared labels: the method and state as the treasurer reads them.
      payments: paymentRows.map((payment) => ({
        reference: payment.reference,
        method: paymentMethodLabel(payment.method),
        state: paymentStateLabel(payment.state),
        amount: payment.amount,
        paidAmount: payment.paidAmount,
        capturedAmount: payment.capturedAmount,
        refundedAmount: payment.refundedAmount,
        createdAt: payment.createdAt.toISOString(),
        updatedAt: payment.updatedAt.toISOString(),
      })),
      moneyActions: actions.map((action) => ({
        at: action.at.toISOString(),
        reference: paymentRows.find((payment) => payment.id === action.paymentId)?.reference ?? "",
        who: actorLabel(action.actor),
        what: moneyActionLabel(action.action),
        amount: action.amount,
      })),
      // The order's money as the ledger has it: every entry as «Historikk» shows it, and the figures every screen shows.
      ledger: ledgerInWords(history),
      checkins: doorActions.map((action) => ({
        at: action.at.toISOString(),
        what: action.kind in doorActionKindLabels ? doorActionKindLabels[action.kind as keyof typeof doorActionKindLabels] : action.kind,
        participant: personName(action.personId),
        day: action.day,
        amount: action.amount,
        by: action.accountName,
      })),
      waitlistOffers: offers.map((offer) => ({
        state: offerStateLabels[offer.state],
        offeredAt: offer.offeredAt.toISOString(),
        expiresAt: offer.expiresAt.toISOString(),
        endedAt: offer.endedAt ? offer.endedAt.toISOString() : null,
      })),
      changes: changes.map(changeInWords),
    },
  };
}

/**
 * The mails held for an address — any to it (compared by key), the camp registrations' own confirmations and
 * the event orders' own mails — and the event orders `orders` selects, each mail once: an event order's own
 * with its order, the rest apart.
 */
async function heldForAddress(
  db: Db,
  {
    key,
    registrationIds,
    orders: which,
    renderMail,
  }: { key: string | undefined; registrationIds: readonly number[]; orders: SQL | undefined; renderMail: QueuedMailRenderer | undefined },
): Promise<{ mails: MailCopy[]; eventOrders: PersonEventOrder[] }> {
  const orders = which ? await eventOrdersOf(db, which) : [];
  const confirmations = new Set(registrationIds.map((id) => campConfirmationKey(id)));
  const ofOrder = (mail: { dedupeKey: string }) => orders.find((order) => isEventOrderMail(mail.dedupeKey, order.id, order.offerIds));
  const candidates = await db
    .select({
      id: mailOutbox.id,
      dedupeKey: mailOutbox.dedupeKey,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      kind: mailOutbox.kind,
      payload: mailOutbox.payload,
    })
    .from(mailOutbox)
    .orderBy(asc(mailOutbox.id));
  const own = candidates.filter(
    (mail) => confirmations.has(mail.dedupeKey) || (key !== undefined && emailKey(mail.recipient) === key) || ofOrder(mail) !== undefined,
  );
  const copy = ({ dedupeKey: _key, kind, payload, ...mail }: (typeof candidates)[number]) => mailCopy({ ...mail, kind, payload }, renderMail);
  return {
    mails: await Promise.all(own.filter((mail) => ofOrder(mail) === undefined).map(copy)),
    eventOrders: await Promise.all(
      orders.map(async (order) => ({ ...order.export, mails: await Promise.all(own.filter((mail) => ofOrder(mail) === order).map(copy)) })),
    ),
  };
}
