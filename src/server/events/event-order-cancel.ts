/**
 * Cancelling an event order, or some of its participants (docs/decisions/0029-event-cancellation.md): the family
 * through its link, a leader from the event admin. One short transaction with the event row locked, as a
 * registration is (event-orders.ts); its money is ledger entries with a reason, never a recomputed total.
 */
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { ledgerFigures, type LedgerEntry } from "../../shared/camp/camp-ledger.ts";
import type { EventDefinition } from "../../shared/events/event-definition.ts";
import type { Db } from "../db/database.ts";
import { planCancellation, splitRefund, type CancellationPlan } from "../../shared/camp/camp-ledger-cancellation.ts";
import { eventMyOrderMessages, type EventCancel } from "../../shared/events/event-my-order.ts";
import { hasEnded, participantKey } from "../../shared/events/event-rules.ts";
import { eventOrders, eventPositions, eventWaitlistOffers } from "../db/schema/events-orders.ts";
import { eventStock, events } from "../db/schema/events.ts";
import { HttpError } from "../errors.ts";
import type { EventDeps } from "./event-deps.ts";
import { appendEventEntries } from "./event-ledger.ts";
import { queueEventCancellationMail } from "./event-mail.ts";
import { positionsOf, type ItemPosition, type PersonPosition } from "./event-positions.ts";
import { asEventOrder, eventById, leaderOrders } from "./event-store.ts";
import { type PlacesFreedListener, type OrderRow, paymentUnderWay, ledgerOf } from "./event-my-order.ts";

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
    await appendCancellationEntries(tx, entries, plan, { at: now, actor: context.actor, reason, orderId: order.id });

    const freed = await releaseCancelled(tx, { order, event, eventId: eventRow.id, whole, cancelled, items }, now);
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

/** The cancellation in the ledger: the charges taken off (or kept by the rules), and what is owed back per payment. */
async function appendCancellationEntries(
  tx: Db,
  entries: LedgerEntry[],
  plan: CancellationPlan,
  at: { at: Date; actor: string; reason: string; orderId: number },
): Promise<void> {
  const { reason } = at;
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
}

/**
 * Gives back what the cancelled participants held: their places (an open offer's too, withdrawn), the order's
 * status or count, and a sale's stock. Answers how many places were freed.
 */
async function releaseCancelled(
  tx: Db,
  {
    order,
    event,
    eventId,
    whole,
    cancelled,
    items,
  }: { order: OrderRow; event: EventDefinition; eventId: number; whole: boolean; cancelled: PersonPosition[]; items: ItemPosition[] },
  now: Date,
): Promise<number> {
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
        .where(and(eq(eventStock.eventId, eventId), eq(eventStock.itemId, line.itemId), eq(eventStock.variant, line.variant)));
  }
  return freed;
}
