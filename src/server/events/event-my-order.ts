/**
 * «Min påmelding» for the club's events (docs/decisions/0029-event-cancellation.md): the order behind a
 * personal link, and cancelling it (the family through the link, a leader from the event admin).
 *
 * A cancellation is one short transaction with the event row locked, as a registration is
 * (event-orders.ts): the places and stock it frees are free the moment it commits. Its money is ledger
 * entries with a reason, never a recomputed total: a charge taken off, and what was paid for it owed back.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { ledgerItems, ledgerFigures, type LedgerEntry } from "../../shared/camp/camp-ledger.ts";
import { planCancellation, splitRefund } from "../../shared/camp/camp-ledger-cancellation.ts";
import { eventMyOrderMessages, eventOrderTokenPattern, type EventCancel, type MyEventOrder } from "../../shared/events/event-my-order.ts";
import { answerText, answerTo, hasEnded, participantKey, placesLeft } from "../../shared/events/event-rules.ts";
import { personalTokenHash } from "./family-links.ts";
import type { Db } from "../db/database.ts";
import { clubs } from "../db/schema/clubs.ts";
import { grades } from "../db/schema/grades.ts";
import { eventLedgerEntries, eventPayments } from "../db/schema/events-money.ts";
import { eventOrders, eventPositions, eventWaitlistOffers, familyLinks } from "../db/schema/events-orders.ts";
import { eventStock, events } from "../db/schema/events.ts";
import { HttpError } from "../errors.ts";
import type { EventDeps } from "./event-deps.ts";
import { appendEventEntries } from "./event-ledger.ts";
import { queueEventCancellationMail } from "./event-mail.ts";
import { positionsOf } from "./event-positions.ts";
import { asEventOrder, eventById, leaderOrders, placesTaken, type EventOrderRow } from "./event-store.ts";

type OrderRow = EventOrderRow;

/**
 * Called after a cancellation that freed places has committed, with the event's id: the seam where a
 * waiting list's offers plug in (they read `freedPlaces`). It must not throw into the family's answer;
 * a failure is logged.
 */
export type PlacesFreedListener = (eventId: number) => void | Promise<void>;

/**
 * The places of an event a waiting list may offer now: capacity less the places held (the database's count,
 * event-store.ts `eventPlaces`). 0 once the registration has closed or the event has ended; null for an event
 * without a capacity, a sale, or an unknown event.
 */
export async function freedPlaces(db: Pick<Db, "select">, eventId: number, now: Date): Promise<number | null> {
  const row = await eventById(db, eventId);
  if (!row) return null;
  const event = row.definition;
  if (event.kind === "salg" || event.capacity === null) return null;
  if (now.getTime() >= Date.parse(event.registrationClosesAt) || hasEnded(event, now)) return 0;
  return placesLeft(event, (await placesTaken(db, [eventId], now)).get(eventId) ?? 0);
}

/**
 * The order a link opens: a well-formed secret whose hash is stored as a link of an event's order not anonymised
 * (the confirmation's, or one a leader's message carried). An order's links do not expire. A camp registration
 * is an order of the same table, but its links are the camp's («Min påmelding» of the camp): never opened here.
 */
export async function orderOfLink(db: Pick<Db, "select">, token: string): Promise<OrderRow | undefined> {
  if (!eventOrderTokenPattern.test(token)) return undefined;
  const [row] = await db
    .select({ order: eventOrders })
    .from(familyLinks)
    .innerJoin(eventOrders, eq(eventOrders.id, familyLinks.orderId))
    .where(and(eq(familyLinks.tokenHash, personalTokenHash(token)), isNull(eventOrders.anonymisedAt), leaderOrders));
  return row && asEventOrder(row.order);
}

async function ledgerOf(db: Pick<Db, "select">, orderRowId: number): Promise<LedgerEntry[]> {
  const rows = await db.select().from(eventLedgerEntries).where(eq(eventLedgerEntries.orderId, orderRowId)).orderBy(asc(eventLedgerEntries.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    person: row.person,
    item: row.item,
    method: row.method,
    amount: row.amount,
    paymentId: row.paymentId,
  }));
}

/** A Vipps payment reserved and not yet taken: the money has not come in, so the rule cannot be applied yet. */
export async function paymentUnderWay(db: Pick<Db, "select">, order: Pick<OrderRow, "id" | "status">): Promise<boolean> {
  if (order.status === "pending_payment") return true;
  const rows = await db.select().from(eventPayments).where(eq(eventPayments.orderId, order.id));
  return rows.some((row) => row.authorizedAmount > row.capturedAmount && row.state === "authorized");
}

/** The order as the family's page shows it; every amount is counted from the order's ledger. */
export async function myEventOrderView(db: Pick<Db, "select">, order: OrderRow, now: Date): Promise<MyEventOrder> {
  const row = await eventById(db, order.eventId);
  if (!row) throw new HttpError(404, eventMyOrderMessages.notFound);
  const event = row.definition;
  const [{ people, items }, entries, clubRows, gradeRows] = await Promise.all([
    positionsOf(db, [order.id]),
    ledgerOf(db, order.id),
    db.select().from(clubs),
    db.select().from(grades),
  ]);
  const figures = ledgerFigures(entries);
  const booked = ledgerItems(entries).filter((item) => item.item !== "cancellation-fee");
  const byPerson = new Map<string, { charged: number; paid: number }>();
  for (const item of booked) {
    const found = byPerson.get(item.person) ?? { charged: 0, paid: 0 };
    byPerson.set(item.person, { charged: found.charged + item.charged, paid: found.paid + item.paid });
  }
  const questions = event.kind === "kurs" ? event.questions : [];
  const ended = hasEnded(event, now);
  const busy = await paymentUnderWay(db, order);
  return {
    orderId: order.orderId,
    status: order.status,
    method: order.method,
    event: {
      slug: row.slug,
      kind: event.kind,
      title: event.title,
      firstDay: event.firstDay,
      lastDay: event.lastDay,
      venue: event.venue,
      startTime: event.kind === "gradering" ? event.startTime : null,
      pickUp: event.kind === "salg" ? [event.pickUpPlace, event.pickUpTime].filter(Boolean).join(", ") : "",
      ended,
    },
    contact: { firstName: order.firstName, lastName: order.lastName, email: order.email, telephone: order.telephone },
    participants: people.map((person) => ({
      position: person.position,
      name: `${person.firstName} ${person.lastName}`.trim(),
      age: person.age,
      club: clubRows.find((club) => club.clubId === person.clubId)?.name ?? null,
      grade: gradeRows.find((grade) => grade.gradeId === person.gradeId)?.name ?? null,
      answers: questions.flatMap((question) => {
        const answer = answerTo(person.answers, question.id);
        if (answer === undefined || answer === "") return [];
        return [{ question: question.label, answer: answerText(answer) }];
      }),
      amount: byPerson.get(participantKey(person.position))?.charged ?? 0,
      refundIfCancelled: byPerson.get(participantKey(person.position))?.paid ?? 0,
      cancelled: order.status === "cancelled" || person.cancelledAt !== null,
    })),
    items: items.map((line) => ({ name: line.name, variant: line.variant, quantity: line.quantity, price: line.price })),
    money: {
      charged: figures.charged,
      paid: figures.paid,
      outstanding: figures.outstanding,
      refunded: figures.refunded,
      refundOwed: figures.refundOwed,
      kept: figures.kept,
    },
    refundIfCancelled: booked.reduce((sum, item) => sum + item.paid, 0),
    cancellable: order.status !== "cancelled" && !ended && !busy,
  };
}

export interface CancelContext {
  /** `deltaker` for the personal link, the leader's account name for the admin. */
  actor: string;
  /** Who cancelled, in the ledger's reason: «av deltakeren (Min påmelding)», «av arrangøren». */
  by: string;
  /** The organiser cancelled (the leader, from the event admin): the mail says so. */
  byOrganiser?: boolean;
}

export interface CancelOutcome {
  changed: boolean;
  /** What is owed back to the family by this cancellation (0 when nothing was paid for it). */
  refund: number;
  /** Places given up (0 for a sale, a waiting order, or a repeated call). */
  freed: number;
}

/**
 * Cancels one participant (`position`) of a grading's or course's order, or the whole order. The event row
 * is locked first, then the order's: double clicks and a leader acting at the same time take turns, and the
 * second finds the work done (`changed: false`, nothing written twice).
 */
export async function cancelEventOrder(
  deps: Pick<EventDeps, "db" | "now" | "kickOutbox" | "log">,
  orderRowId: number,
  input: EventCancel,
  context: CancelContext,
  onPlacesFreed?: PlacesFreedListener,
): Promise<CancelOutcome & { order: OrderRow }> {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    // A camp registration's row id is no event order's: unknown here, and neither its event nor it is locked.
    const [head] = await tx
      .select({ eventId: eventOrders.eventId })
      .from(eventOrders)
      .where(and(eq(eventOrders.id, orderRowId), leaderOrders));
    if (!head) throw new HttpError(404, eventMyOrderMessages.notFound);
    await tx.execute(sql`select id from ${events} where id = ${head.eventId} for update`);
    await tx.execute(sql`select id from ${eventOrders} where id = ${orderRowId} for update`);
    const [row] = await tx.select().from(eventOrders).where(eq(eventOrders.id, orderRowId));
    const eventRow = await eventById(tx, head.eventId);
    if (!row || !eventRow) throw new HttpError(404, eventMyOrderMessages.notFound);
    const order = asEventOrder(row);
    const event = eventRow.definition;
    if (event.kind === "salg" && input.position !== undefined) throw new HttpError(400, eventMyOrderMessages.saleWhole);
    const { people, items } = await positionsOf(tx, [order.id]);
    const person = input.position === undefined ? undefined : people.find((candidate) => candidate.position === input.position);
    if (input.position !== undefined && !person) throw new HttpError(404, eventMyOrderMessages.participantNotFound);
    // Done before (a double click, another tab, the leader): the same answer, nothing more.
    if (order.status === "cancelled" || person?.cancelledAt) return { order, changed: false, refund: 0, freed: 0 };
    if (hasEnded(event, now)) throw new HttpError(409, eventMyOrderMessages.ended);
    if (await paymentUnderWay(tx, order)) throw new HttpError(409, eventMyOrderMessages.paymentBusy);

    const remaining = people.filter((candidate) => candidate.cancelledAt === null);
    // The last participant still coming cancels the order.
    const whole = person === undefined || remaining.length <= 1;
    const cancelled = whole ? remaining : [person];
    const keys = new Set(cancelled.map((candidate) => participantKey(candidate.position)));
    const cancels = (item: { person: string }) => whole || keys.has(item.person);

    // The rule (0029): everything paid for what is cancelled is owed back; an unpaid charge is simply taken off.
    const entries = await ledgerOf(tx, order.id);
    const plan = planCancellation(entries, cancels, (paid) => paid);
    const names = cancelled.map((candidate) => `${candidate.firstName} ${candidate.lastName}`.trim());
    const reason =
      event.kind === "salg"
        ? `Bestillingen avbestilt ${context.by}.`
        : whole
          ? `Påmeldingen avbestilt ${context.by}.`
          : `${names.join(", ")} avbestilt ${context.by}.`;
    const at = { at: now, actor: context.actor, reason, orderId: order.id };
    await appendEventEntries(
      tx,
      plan.charges.map((charge) => ({
        ...at,
        kind: "charge" as const,
        person: charge.person,
        item: charge.item,
        label: charge.item === "cancellation-fee" ? "Beholdt etter avbestillingsreglene" : "Avbestilt",
        amount: charge.amount,
      })),
    );
    if (plan.refund > 0) {
      // Event payments have no refund at Vipps: what comes back is owed by the club, the way it came in.
      await appendEventEntries(
        tx,
        splitRefund(entries, plan.refund).map((part) => ({
          ...at,
          reason: `${reason} Betales tilbake: ${part.amount} kr.`,
          kind: "refund-owed" as const,
          method: part.method,
          amount: part.amount,
          paymentId: part.paymentId,
        })),
      );
    }

    // A waiting order's open offer holds its places too (event-store.ts `holdsPlaces`).
    const openOffers =
      order.status === "waiting"
        ? await tx
            .select({ id: eventWaitlistOffers.id })
            .from(eventWaitlistOffers)
            .where(and(eq(eventWaitlistOffers.orderId, order.id), eq(eventWaitlistOffers.state, "offered"), gt(eventWaitlistOffers.expiresAt, now)))
        : [];
    const held = order.status === "confirmed" || order.status === "pending_payment";
    const freed = (held || openOffers.length > 0) && event.kind !== "salg" ? (whole ? order.places : 1) : 0;
    // An offer to an order that leaves the waiting list is withdrawn: its link says so, and «Ja takk» is refused.
    if (whole && openOffers.length > 0)
      await tx
        .update(eventWaitlistOffers)
        .set({ state: "withdrawn", endedAt: now })
        .where(
          inArray(
            eventWaitlistOffers.id,
            openOffers.map((offer) => offer.id),
          ),
        );
    const ids = cancelled.map((candidate) => candidate.id);
    for (const id of ids) await tx.update(eventPositions).set({ cancelledAt: now }).where(eq(eventPositions.id, id));
    if (whole) {
      await tx.update(eventOrders).set({ status: "cancelled", cancelledAt: now, places: 0 }).where(eq(eventOrders.id, order.id));
    } else {
      await tx
        .update(eventOrders)
        .set({ places: sql`greatest(${eventOrders.places} - 1, 0)` })
        .where(eq(eventOrders.id, order.id));
    }
    if (event.kind === "salg" && held) {
      // The stock goes back, line by line.
      for (const line of items)
        await tx
          .update(eventStock)
          .set({ stock: sql`${eventStock.stock} + ${line.quantity}` })
          .where(and(eq(eventStock.eventId, eventRow.id), eq(eventStock.itemId, line.itemId), eq(eventStock.variant, line.variant)));
    }
    await queueEventCancellationMail(
      tx,
      {
        order,
        event,
        whole,
        names,
        paidFor: plan.paidFor,
        refund: plan.refund,
        refunds: cancelled.map((candidate, index) => ({
          label: names[index]!,
          amount: plan.byPerson.filter((one) => one.person === participantKey(candidate.position)).reduce((sum, one) => sum + one.refund, 0),
        })),
        outstanding: whole ? 0 : ledgerFigures(await ledgerOf(tx, order.id)).outstanding,
        key: whole ? "all" : String(input.position),
        byOrganiser: context.byOrganiser === true,
      },
      now,
    );
    const [fresh] = await tx.select().from(eventOrders).where(eq(eventOrders.id, order.id));
    return { order: fresh ? asEventOrder(fresh) : order, changed: true, refund: plan.refund, freed };
  });
  if (outcome.changed) {
    deps.kickOutbox();
    if (outcome.freed > 0 && onPlacesFreed) {
      try {
        await onPlacesFreed(outcome.order.eventId);
      } catch (error) {
        deps.log.error({ err: error, eventId: outcome.order.eventId }, "places freed listener failed");
      }
    }
  }
  return outcome;
}
