/**
 * A person's rights on request (GDPR art. 15 and 17), from a camp registration or from an event order:
 * everything we hold about it as JSON — with every grading, course and gear order of the same e-mail
 * address, the family's (and from an event order, the address's camp registrations too) — and blanking
 * the one registration or order now (the payment records stay for the accounting law, D6).
 */
import { paymentsOfRegistration } from "../payments/group-payments.ts";
import { ledgerFigureLabels, ledgerFigures, type LedgerEntry } from "../../shared/camp/camp-ledger.ts";
import { ledgerEntryWhat, ledgerHistoryLine, type LedgerHistoryEntry } from "../../shared/camp/camp-ledger-history.ts";
import { actorLabel, moneyActionLabel, paymentMethodLabel, paymentStateLabel } from "../../shared/camp/camp-state-labels.ts";
import { registrationLedgerHistory } from "../camp/camp-ledger-history.ts";
import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { messageRecipients, messages } from "../db/schema/messages.ts";
import { campEventSlug } from "../../shared/events/event-kinds.ts";
import { syncRecipientStates } from "../messages/messages.ts";
import { emailKey } from "../../shared/contact/email-key.ts";
import { withoutLinkSecrets } from "../../shared/privacy/link-secrets.ts";
import { gradeLabel } from "../../shared/camp/grades.ts";
import type { Db } from "../db/database.ts";
import { campRegistrationColumns, campRegistrations } from "../db/schema/camp.ts";
import { readCampCompanions } from "../camp/camp-companion-rows.ts";
import { clubs } from "../db/schema/clubs.ts";
import { grades } from "../db/schema/grades.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import type { QueuedMailRenderer } from "../mail/mail-kinds.ts";
import { campConfirmationKey } from "../camp/camp-confirmation-queue.ts";
import { anonymiseRegistrations } from "./retention.ts";
import { forgetAnonymisedEventOrderMails, isEventOrderMail } from "./event-order-retention.ts";
import { blankEventOrders } from "./event-retention.ts";
import { paymentUnderWay } from "../events/event-my-order.ts";
import { eventDoorActions } from "../events/door-log.ts";
import { positionsOf } from "../events/event-positions.ts";
import { leaderEvent, leaderOrders } from "../events/event-store.ts";
import {
  eventCheckinActions,
  eventLedgerEntries,
  eventOrders,
  eventPaymentActions,
  eventPayments,
  events,
  eventWaitlistOffers,
  orderChanges,
} from "../db/schema/events.ts";
import { checkInPersonId } from "../../shared/camp/camp-checkin.ts";
import { doorActionKindLabels } from "../../shared/camp/door-list.ts";
import { eventKindLabels } from "../../shared/events/event-definition.ts";
import { eventOrderStatusLabels } from "../../shared/events/event-api.ts";
import { answerText, answerTo, saleLineText } from "../../shared/events/event-rules.ts";
import { eventDaysText } from "../../shared/events/event-texts.ts";
import { eventDoorActionLabel } from "../../shared/events/event-door.ts";
import { offerStateLabels } from "../../shared/camp/camp-waitlist-labels.ts";
import { receiptOf } from "../camp/camp-receipt.ts";

/** One camp registration as the exports hold it. */
export interface CampRegistrationExport {
  registration: Record<string, unknown> & { club: string; grade: string };
  companions: Record<string, unknown>[];
  /** The receipt's lines, as the family read them. */
  priceLines: { label: string; amount: number }[];
  payments: Record<string, unknown>[];
  /** The payments' log, each line in the shared Norwegian words (never a stored system word or note). */
  moneyActions: { at: string; reference: string; who: string; what: string; amount: number }[];
  /** The ledger as «Historikk» reads it, and its figures under their Norwegian names («Betalt», «Å betale» …). */
  ledger: LedgerInWords;
  /** The door: each check-in, payment and undo, whose it was, the camp day, the amount paid and by whom. */
  checkins: { at: string; what: string; participant: string | null; day: string | null; amount: number | null; by: string }[];
  waitlistOffers: { state: string; offeredAt: string; expiresAt: string; endedAt: string | null }[];
  /** The change log the leaders read: when, who (in words) and what was changed. */
  changes: ChangeInWords[];
}

/** The camp admin's export: one camp registration, with the family's event orders. */
export interface PersonExport extends CampRegistrationExport {
  exportedAt: string;
  about: string;
  /** Mails to the registration's own address that belong to none of the event orders below. */
  mails: MailCopy[];
  /** Every grading, course and gear order of the registration's own address (the family's), oldest first. */
  eventOrders: PersonEventOrder[];
}

/**
 * The event admin's export, from one event order: everything held under its e-mail address, the camp
 * registrations and the event orders alike, each part in the camp export's shape. An order whose personal
 * data is already blanked has no address left: the export holds that order alone.
 */
export interface AddressExport {
  exportedAt: string;
  about: string;
  /** The address as compared (src/shared/contact/email-key.ts); null for a blanked order. */
  email: string | null;
  /** Every camp registration of the address, oldest first. */
  campRegistrations: CampRegistrationExport[];
  /** Mails to the address that belong to none of the event orders below. */
  mails: MailCopy[];
  /** Every grading, course and gear order of the address, oldest first. */
  eventOrders: PersonEventOrder[];
}

interface LedgerInWords {
  entries: { at: string; who: string; what: string; amount: number; reason: string; line: string }[];
  figures: Record<string, number>;
}

type MailCopy = Record<string, unknown>;

type ChangeInWords = { at: string; who: string; what: string };

/** One event order as the export holds it: every word through the shared labels, as the camp's part. */
export interface PersonEventOrder {
  orderId: string;
  event: { title: string; kind: string; slug: string; days: string; firstDay: string; lastDay: string; venue: string };
  status: string;
  method: string;
  contact: { firstName: string; lastName: string; email: string; telephone: string };
  createdAt: string;
  confirmedAt: string | null;
  cancelledAt: string | null;
  anonymisedAt: string | null;
  participants: {
    name: string;
    age: number;
    club: string | null;
    grade: string | null;
    answers: { question: string; answer: string }[];
    cancelledAt: string | null;
  }[];
  items: { line: string; price: number; amount: number }[];
  payments: Record<string, unknown>[];
  ledger: LedgerInWords;
  /** The door: each check-in or pick-up and each undo, who was let in and by whom. */
  checkins: { at: string; what: string; participant: string | null; by: string }[];
  waitlistOffers: { state: string; offeredAt: string; expiresAt: string; endedAt: string | null }[];
  changes: ChangeInWords[];
  mails: MailCopy[];
}

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

/** A ledger as «Historikk» reads it, and its figures under their Norwegian names («Betalt», «Å betale» …). */
function ledgerInWords(history: readonly (LedgerHistoryEntry & { label?: string | null })[]): LedgerInWords {
  return {
    entries: history.map((entry) => ({
      at: entry.at,
      who: actorLabel(entry.actor),
      what: ledgerEntryWhat(entry),
      amount: entry.amount,
      reason: entry.reason,
      line: ledgerHistoryLine(entry),
    })),
    figures: figuresInWords(history),
  };
}

/** A copy of a held mail: one not sent yet that is rendered when sent is shown as it will go out. */
async function mailCopy(
  {
    kind,
    payload,
    ...mail
  }: { text: string | null; subject: string | null; createdAt: Date; kind: string | null; payload: Record<string, unknown> | null },
  renderMail: QueuedMailRenderer | undefined,
): Promise<MailCopy> {
  const subjectAndText =
    mail.text === null && kind && renderMail
      ? await renderMail({ kind, payload: payload ?? {}, createdAt: mail.createdAt }).catch(() => undefined)
      : undefined;
  const text = subjectAndText?.text ?? mail.text;
  // A copy of a mail is no key: its links are shown without their secrets.
  return { ...mail, subject: subjectAndText?.subject ?? mail.subject, text: text === null ? null : withoutLinkSecrets(text) };
}

/**
 * The grading, course and sale orders `which` selects (an address's: orders store the address's key), with
 * what hangs on each. The order's links (family_links), like the draft secret's hash, are a credential's trace
 * and are left out.
 */
async function eventOrdersOf(db: Db, which: SQL): Promise<{ id: number; offerIds: number[]; export: Omit<PersonEventOrder, "mails"> }[]> {
  const rows = await db
    .select({ order: eventOrders, event: events })
    .from(eventOrders)
    .innerJoin(events, eq(events.id, eventOrders.eventId))
    // The camp's registrations are orders of the same table, exported on their own (never twice, never as an event's).
    .where(and(which, leaderOrders))
    .orderBy(asc(eventOrders.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.order.id);
  const [{ people, items }, paymentRows, entries, doorActions, offers, changes, clubRows, gradeRows] = await Promise.all([
    positionsOf(db, ids),
    db.select().from(eventPayments).where(inArray(eventPayments.orderId, ids)).orderBy(asc(eventPayments.id)),
    db.select().from(eventLedgerEntries).where(inArray(eventLedgerEntries.orderId, ids)).orderBy(asc(eventLedgerEntries.id)),
    eventDoorActions(db, ids),
    db.select().from(eventWaitlistOffers).where(inArray(eventWaitlistOffers.orderId, ids)).orderBy(asc(eventWaitlistOffers.id)),
    db.select().from(orderChanges).where(inArray(orderChanges.orderId, ids)).orderBy(asc(orderChanges.at), asc(orderChanges.id)),
    db.select().from(clubs),
    db.select().from(grades),
  ]);
  const iso = (at: Date | null) => (at ? at.toISOString() : null);
  return rows.map(({ order, event: row }) => {
    // Orders belong only to the event admin's kinds (the camp's registrations are exported on their own).
    const event = leaderEvent(row)!;
    const definition = event.definition;
    const questions = definition.kind === "kurs" ? definition.questions : [];
    const participants = people.filter((person) => person.orderId === order.id);
    const grade = (gradeId: number) => gradeRows.find((row) => row.gradeId === gradeId);
    return {
      id: order.id,
      offerIds: offers.filter((offer) => offer.orderId === order.id).map((offer) => offer.id),
      export: {
        orderId: order.orderId,
        event: {
          title: definition.title,
          kind: eventKindLabels[event.kind],
          slug: event.slug,
          days: eventDaysText(definition.firstDay, definition.lastDay),
          firstDay: definition.firstDay,
          lastDay: definition.lastDay,
          venue: definition.venue ?? "",
        },
        status: eventOrderStatusLabels[order.status],
        method: paymentMethodLabel(order.method),
        contact: { firstName: order.firstName, lastName: order.lastName, email: order.email, telephone: order.telephone },
        createdAt: order.createdAt.toISOString(),
        confirmedAt: iso(order.confirmedAt),
        cancelledAt: iso(order.cancelledAt),
        anonymisedAt: iso(order.anonymisedAt),
        participants: participants.map((person) => {
          const found = grade(person.gradeId);
          return {
            name: `${person.firstName} ${person.lastName}`.trim(),
            age: person.age,
            club: clubRows.find((club) => club.clubId === person.clubId)?.name ?? null,
            grade: found ? gradeLabel(found) : null,
            answers: questions.map((question) => ({ question: question.label, answer: answerText(answerTo(person.answers, question.id)) })),
            cancelledAt: iso(person.cancelledAt),
          };
        }),
        items: items
          .filter((line) => line.orderId === order.id)
          .map((line) => ({ line: saleLineText(line), price: line.price, amount: line.price * line.quantity })),
        payments: paymentRows
          .filter((payment) => payment.orderId === order.id)
          .map((payment) => ({
            reference: payment.reference,
            method: paymentMethodLabel("vipps"),
            state: paymentStateLabel(payment.state),
            amount: payment.amount,
            authorizedAmount: payment.authorizedAmount,
            capturedAmount: payment.capturedAmount,
            createdAt: payment.createdAt.toISOString(),
            updatedAt: payment.updatedAt.toISOString(),
          })),
        ledger: ledgerInWords(
          entries
            .filter((entry) => entry.orderId === order.id)
            .map((entry) => ({
              at: entry.at.toISOString(),
              actor: entry.actor,
              kind: entry.kind,
              personName: null,
              item: entry.item,
              method: entry.method,
              amount: entry.amount,
              reason: entry.reason,
              label: entry.label,
            })),
        ),
        checkins: doorActions
          .filter((action) => action.orderId === order.id)
          .map((action) => {
            const person = action.position === null ? undefined : participants.find((candidate) => candidate.position === action.position);
            return {
              at: action.at.toISOString(),
              what: eventDoorActionLabel(action.kind, action.position === null),
              participant: person ? `${person.firstName} ${person.lastName}`.trim() : null,
              by: action.accountName,
            };
          }),
        waitlistOffers: offers
          .filter((offer) => offer.orderId === order.id)
          .map((offer) => ({
            state: offerStateLabels[offer.state],
            offeredAt: offer.offeredAt.toISOString(),
            expiresAt: offer.expiresAt.toISOString(),
            endedAt: iso(offer.endedAt),
          })),
        changes: changes.filter((change) => change.orderId === order.id).map(changeInWords),
      },
    };
  });
}

/** A change as the leader's log shows it, oldest first. */
function changeInWords(change: { at: Date; actor: string; summary: string }): ChangeInWords {
  return { at: change.at.toISOString(), who: actorLabel(change.actor), what: change.summary };
}

/** The ledger's figures under the names every screen gives them. */
function figuresInWords(
  history: readonly { kind: LedgerEntry["kind"]; amount: number; item: string | null; method: string | null }[],
): Record<string, number> {
  const figures = ledgerFigures(
    history.map((entry, index) => ({
      id: index,
      kind: entry.kind,
      person: null,
      item: entry.item,
      method: entry.method,
      amount: entry.amount,
      paymentId: null,
    })),
  );
  return Object.fromEntries(
    (Object.keys(ledgerFigureLabels) as (keyof typeof ledgerFigureLabels)[]).map((key) => [ledgerFigureLabels[key], figures[key]]),
  );
}

function withoutDraftSecret<T extends { draftSecretHash: unknown }>(registration: T): Omit<T, "draftSecretHash"> {
  const { draftSecretHash: _hash, ...rest } = registration;
  return rest;
}

export type ForgetOutcome = { kind: "not-found" } | { kind: "ok"; changed: boolean; registrationId: number; orderId: string; anonymisedAt: string };

/**
 * Anonymises one registration (athlete and companions) now, takes its family out of the log of the camp's
 * messages, and logs the action on its latest payment. A repeat changes nothing. Payments and money actions
 * stay (accounting law).
 */
export async function forgetPerson(db: Db, registrationId: number, now: Date, actor: string): Promise<ForgetOutcome> {
  const [before] = await db
    .select({
      id: campRegistrations.id,
      orderId: campRegistrations.orderId,
      anonymisedAt: campRegistrations.anonymisedAt,
      editionYear: campRegistrations.editionYear,
      email: campRegistrations.email,
      emailKey: campRegistrations.emailKey,
    })
    .from(campRegistrations)
    .where(eq(campRegistrations.id, registrationId));
  if (!before) return { kind: "not-found" };
  if (before.anonymisedAt) {
    return { kind: "ok", changed: false, registrationId, orderId: before.orderId, anonymisedAt: before.anonymisedAt.toISOString() };
  }
  const changed = await anonymiseRegistrations(db, { registrationIds: [registrationId] }, now, async (tx) => {
    const [payment] = await tx
      .select({ id: eventPayments.id })
      .from(eventPayments)
      .where(and(eq(eventPayments.orderId, registrationId), eq(eventPayments.ownerKind, "camp")))
      .orderBy(sql`${eventPayments.id} desc`)
      .limit(1);
    // money_actions is the admin action log of a registration; every registration has a payment row.
    if (payment) {
      await tx.insert(eventPaymentActions).values({
        paymentId: payment.id,
        actor,
        action: "anonymise",
        amount: 0,
        at: now,
        note: "Personopplysningene er slettet etter ønske fra personen. Betalingene beholdes for regnskapet.",
      });
    }
    // The leader's messages to the camp's families named this family too (the log's address and names).
    const key = before.emailKey ?? emailKey(before.email);
    if (key) await forgetFamilyInMessages(tx, campEventSlug(before.editionYear), key);
  });
  const [after] = await db
    .select({ anonymisedAt: campRegistrations.anonymisedAt })
    .from(campRegistrations)
    .where(eq(campRegistrations.id, registrationId));
  return {
    kind: "ok",
    changed: changed.length > 0,
    registrationId,
    orderId: before.orderId,
    anonymisedAt: (after?.anonymisedAt ?? now).toISOString(),
  };
}

export type EventForgetOutcome =
  | { kind: "not-found" }
  /** A Vipps payment not finished: what it ends in is not known yet, and its mails would go to the address. */
  | { kind: "payment-busy" }
  /** On the waiting list: an offer would be mailed to an address that is gone. */
  | { kind: "waiting" }
  | { kind: "ok"; changed: boolean; orderId: string; anonymisedAt: string };

/**
 * Blanks one event order's personal data now, as the rule after the event does (event-retention.ts), and
 * deletes its mails still held. The order, its items, payments and ledger stay (accounting law); a repeat
 * changes nothing. The order is locked as a cancellation locks it (event row, then order row), so a Vipps
 * answer or a cancellation running at the same time is either done before or sees the blank order.
 */
export async function forgetEventOrder(db: Db, orderId: string, now: Date): Promise<EventForgetOutcome> {
  return db.transaction(async (tx): Promise<EventForgetOutcome> => {
    const [head] = await tx
      .select({ id: eventOrders.id, eventId: eventOrders.eventId })
      .from(eventOrders)
      // A camp registration is forgotten by the camp's rule (forgetPerson), never as an event order.
      .where(and(eq(eventOrders.orderId, orderId), leaderOrders));
    if (!head) return { kind: "not-found" };
    await tx.execute(sql`select id from ${events} where id = ${head.eventId} for update`);
    const [order] = await tx.select().from(eventOrders).where(eq(eventOrders.id, head.id)).for("update");
    if (!order) return { kind: "not-found" };
    if (order.anonymisedAt) return { kind: "ok", changed: false, orderId, anonymisedAt: order.anonymisedAt.toISOString() };
    if (order.status === "waiting") return { kind: "waiting" };
    if (await paymentUnderWay(tx, order)) return { kind: "payment-busy" };
    await blankEventOrders(tx, eq(eventOrders.id, order.id), now);
    await forgetAnonymisedEventOrderMails(tx);
    const [event] = await tx.select({ slug: events.slug }).from(events).where(eq(events.id, head.eventId));
    if (event && order.email !== "") await forgetFamilyInMessages(tx, event.slug, order.email);
    return { kind: "ok", changed: true, orderId, anonymisedAt: now.toISOString() };
  });
}

/** What the message log says of a family whose mail was not sent because its personal data was deleted on request. */
export const eventMessageForgotten = "Ikke sendt: personopplysningene er slettet etter ønske.";

/**
 * The leader's messages to an event's families (the camp's edition or a club event) name the family in their
 * log (address and participants) until the event's own personal data goes (forgetEventMessages): on request
 * they go now, for the camp's registrations and the events' orders alike. A mail of theirs not sent yet is not
 * sent; one that has left goes with the mail retention, as every sent mail does.
 */
async function forgetFamilyInMessages(tx: Db, slug: string, key: string): Promise<void> {
  await syncRecipientStates(tx);
  const theirs = and(
    eq(messageRecipients.emailKey, key),
    inArray(messageRecipients.messageId, tx.select({ id: messages.id }).from(messages).where(eq(messages.eventSlug, slug))),
  );
  const unsent = await tx
    .delete(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.id, tx.select({ id: messageRecipients.outboxId }).from(messageRecipients).where(theirs)),
        inArray(mailOutbox.status, ["pending", "failed"]),
      ),
    )
    .returning({ id: mailOutbox.id });
  if (unsent.length > 0)
    await tx
      .update(messageRecipients)
      .set({ state: "failed", error: eventMessageForgotten, outboxId: null })
      .where(
        inArray(
          messageRecipients.outboxId,
          unsent.map((mail) => mail.id),
        ),
      );
  await tx.update(messageRecipients).set({ emailKey: null, address: null, participants: null }).where(theirs);
}
