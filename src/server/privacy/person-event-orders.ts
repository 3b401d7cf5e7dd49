/** A person's event orders as the export holds them: each order with its participants, money, door and changes. */
import { paymentMethodLabel, paymentStateLabel } from "../../shared/camp/camp-state-labels.ts";
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { gradeLabel } from "../../shared/camp/grades.ts";
import type { Db } from "../db/database.ts";
import { clubs } from "../db/schema/clubs.ts";
import { grades } from "../db/schema/grades.ts";
import { eventDoorActions } from "../events/door-log.ts";
import { positionsOf } from "../events/event-positions.ts";
import { leaderEvent, leaderOrders } from "../events/event-store.ts";
import { eventLedgerEntries, eventPayments } from "../db/schema/events-money.ts";
import { eventOrders, eventWaitlistOffers, orderChanges } from "../db/schema/events-orders.ts";
import { events } from "../db/schema/events.ts";
import { eventKindLabels } from "../../shared/events/event-definition.ts";
import { eventOrderStatusLabels } from "../../shared/events/event-api.ts";
import { answerText, answerTo, saleLineText } from "../../shared/events/event-rules.ts";
import { eventDaysText } from "../../shared/events/event-texts.ts";
import { eventDoorActionLabel } from "../../shared/events/event-door.ts";
import { offerStateLabels } from "../../shared/camp/camp-waitlist-labels.ts";
import type { PersonEventOrder } from "./person-export-shape.ts";
import { ledgerInWords, changeInWords } from "./person-export-words.ts";

/**
 * The grading, course and sale orders `which` selects (an address's: orders store the address's key), with
 * what hangs on each. The order's links (family_links), like the draft secret's hash, are a credential's trace
 * and are left out.
 */
export async function eventOrdersOf(db: Db, which: SQL): Promise<{ id: number; offerIds: number[]; export: Omit<PersonEventOrder, "mails"> }[]> {
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
        payments: paymentsInWords(paymentRows, order.id),
        ledger: ledgerOfOrder(entries, order.id),
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

/** An order's payments as the export holds them: their state in words, never a stored system word. */
function paymentsInWords(paymentRows: (typeof eventPayments.$inferSelect)[], orderId: number): Record<string, unknown>[] {
  return paymentRows
    .filter((payment) => payment.orderId === orderId)
    .map((payment) => ({
      reference: payment.reference,
      method: paymentMethodLabel("vipps"),
      state: paymentStateLabel(payment.state),
      amount: payment.amount,
      authorizedAmount: payment.authorizedAmount,
      capturedAmount: payment.capturedAmount,
      createdAt: payment.createdAt.toISOString(),
      updatedAt: payment.updatedAt.toISOString(),
    }));
}

/** An order's ledger as «Historikk» reads it. */
function ledgerOfOrder(entries: (typeof eventLedgerEntries.$inferSelect)[], orderId: number): PersonEventOrder["ledger"] {
  return ledgerInWords(
    entries
      .filter((entry) => entry.orderId === orderId)
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
  );
}
