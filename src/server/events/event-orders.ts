/**
 * `POST /api/Arrangement/Post/{slug}`: one registration for a grading or course, or one order of club gear.
 * Everything that decides the answer happens in one short transaction with the event row locked: places
 * counted, stock taken with a conditional UPDATE (`stock >= n`, so two processes can never sell the last
 * one twice), the order, its participants or items and its ledger charges stored. Vipps is called after
 * the commit. Any refusal throws before the commit, so nothing is stored.
 */
import { randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { waitlistAnswer } from "../../shared/camp/camp-waitlist.ts";
import { EventOrderSchema, type EventOrder } from "../../shared/events/event-order.ts";
import { eventState, orderIssues, orderPriceLines } from "../../shared/events/event-rules.ts";
import { ORDER_ID_ALPHABET } from "../camp/order-id.ts";
import type { Db } from "../db/database.ts";
import { eventOrderItems, eventOrders, eventParticipants, eventPayments, eventStock, events } from "../db/schema/events.ts";
import { HttpError, parseWith } from "../errors.ts";
import { emailKey } from "../../shared/contact/email-key.ts";
import { appendEventEntries } from "./event-ledger.ts";
import { queueConfirmationOf } from "./event-mail.ts";
import { eventBySlug, placesTaken } from "./event-store.ts";
import { placesForNewOrders } from "./event-waitlist.ts";

export const eventOrderMessages = {
  notFound: "Fant ikke arrangementet.",
  notYet: "Påmeldingen til dette arrangementet har ikke åpnet ennå.",
  closed: "Påmeldingen til dette arrangementet er stengt.",
  soldOut: (name: string, variant: string) => `${name} i ${variant} er utsolgt.`,
  tooFew: (name: string, variant: string, left: number) => `Det er bare ${left} igjen av ${name} i ${variant}.`,
  vippsUnavailable: "Betaling med Vipps er ikke tilgjengelig akkurat nå. Velg betaling ved oppmøte.",
  fullSale: "Alt er utsolgt.",
  draftCancelled: "Denne påmeldingen er avbrutt eller avbestilt. Last inn siden på nytt for å melde på igjen.",
} as const;

/** A rule of the event said no: 400 with the field it concerns, as a schema's refusal would. */
export class EventInputError extends Error {
  constructor(readonly issues: { path: string; message: string }[]) {
    super(issues[0]?.message ?? "Ugyldig påmelding.");
  }
}

const kindPrefix = { gradering: "GR", kurs: "KU", salg: "SA" } as const;
export const eventOrderIdPattern = /^(GR|KU|SA)\d{2}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;

/** "GR26-4F7K2Q": the kind, the event's two-digit year and six random characters, as the camp's order ids. */
export function newEventOrderId(kind: keyof typeof kindPrefix, firstDay: string, random: (max: number) => number = randomInt): string {
  let suffix = "";
  for (let i = 0; i < 6; i++) suffix += ORDER_ID_ALPHABET[random(ORDER_ID_ALPHABET.length)];
  return `${kindPrefix[kind]}${firstDay.slice(2, 4)}-${suffix}`;
}

export interface EventOrderAwaitingPayment {
  id: number;
  orderId: string;
  amount: number;
  telephone: string;
  title: string;
}

/** The Vipps side of an event order (event-vipps.ts), absent when Vipps is not offered. */
export interface EventPaymentGateway {
  createRedirect(order: EventOrderAwaitingPayment): Promise<string>;
}

type Outcome = { kind: "done" } | { kind: "waitlist" } | { kind: "vipps"; order: EventOrderAwaitingPayment };

async function takeStock(tx: Pick<Db, "update">, eventId: number, order: EventOrder, names: Map<string, string>) {
  for (const line of order.items) {
    const [taken] = await tx
      .update(eventStock)
      .set({ stock: sql`${eventStock.stock} - ${line.quantity}` })
      .where(
        and(
          eq(eventStock.eventId, eventId),
          eq(eventStock.itemId, line.itemId),
          eq(eventStock.variant, line.variant),
          sql`${eventStock.stock} >= ${line.quantity}`,
        ),
      )
      .returning({ stock: eventStock.stock });
    if (!taken) throw new HttpError(409, eventOrderMessages.soldOut(names.get(line.itemId) ?? line.itemId, line.variant));
  }
}

export async function submitEventOrder(app: FastifyInstance, slug: string, body: unknown, gateway: EventPaymentGateway | undefined): Promise<string> {
  const row = await eventBySlug(app.db, slug);
  if (!row?.publishedAt) throw new HttpError(404, eventOrderMessages.notFound);
  const order = parseWith(EventOrderSchema, body);
  const event = row.definition;
  const issues = orderIssues(event, order);
  if (issues.length > 0) throw new EventInputError(issues);
  const lines = orderPriceLines(event, order);
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  if (order.vipps && amount > 0 && !gateway) throw new HttpError(409, eventOrderMessages.vippsUnavailable);
  const now = app.now();
  const names = new Map(event.kind === "salg" ? event.items.map((item) => [item.id, item.name] as const) : []);

  const outcome = await app.db.transaction(async (tx): Promise<Outcome> => {
    await tx.execute(sql`select id from ${events} where id = ${row.id} for update`);
    const [existing] = await tx
      .select()
      .from(eventOrders)
      .where(and(eq(eventOrders.eventId, row.id), eq(eventOrders.draftId, order.draftId)));
    if (existing) {
      // The same form sent again (a double click, a retry): the first answer, nothing stored twice.
      if (existing.status === "waiting") return { kind: "waitlist" };
      // Cancelled since (a Vipps payment that ended unpaid, the family's link, the leader): not registered now.
      if (existing.status === "cancelled") throw new HttpError(409, eventOrderMessages.draftCancelled);
      if (existing.status === "pending_payment")
        return {
          kind: "vipps",
          order: { id: existing.id, orderId: existing.orderId, amount: existing.amount, telephone: existing.telephone, title: event.title },
        };
      return { kind: "done" };
    }
    const taken = (await placesTaken(tx, [row.id], now)).get(row.id) ?? 0;
    const state = eventState(event, now, taken, event.kind === "salg" ? 1 : 0);
    if (state === "notyet") throw new HttpError(409, eventOrderMessages.notYet);
    if (state === "closed") throw new HttpError(409, eventOrderMessages.closed);
    // What is free after the waiting list has had its share: the line goes before a newcomer.
    const left = event.kind === "salg" ? null : await placesForNewOrders(tx, row.id, now);
    // A registration that does not fit waits whole: a family is offered its places together.
    const waiting = event.kind !== "salg" && left !== null && order.participants.length > left;
    if (event.kind === "salg") await takeStock(tx, row.id, order, names);

    const method = amount === 0 ? "free" : order.vipps ? "vipps" : "card_cash";
    const status = waiting ? "waiting" : method === "vipps" ? "pending_payment" : "confirmed";
    const orderId = newEventOrderId(event.kind, event.firstDay);
    const [inserted] = await tx
      .insert(eventOrders)
      .values({
        eventId: row.id,
        orderId,
        draftId: order.draftId,
        status,
        method,
        firstName: order.contact.firstName,
        lastName: order.contact.lastName,
        email: emailKey(order.contact.email) ?? order.contact.email,
        telephone: order.contact.telephone,
        amount,
        places: event.kind === "salg" ? 0 : order.participants.length,
        createdAt: now,
        confirmedAt: status === "confirmed" ? now : null,
      })
      .returning({ id: eventOrders.id });
    const id = inserted!.id;
    if (order.participants.length > 0) {
      await tx.insert(eventParticipants).values(
        order.participants.map((participant, position) => ({
          orderId: id,
          position,
          firstName: participant.firstName,
          lastName: participant.lastName,
          age: participant.age,
          clubId: participant.clubId,
          gradeId: participant.gradeId,
          answers: participant.answers,
        })),
      );
    }
    if (event.kind === "salg") {
      await tx.insert(eventOrderItems).values(
        order.items.map((line) => ({
          orderId: id,
          itemId: line.itemId,
          name: names.get(line.itemId) ?? line.itemId,
          variant: line.variant,
          quantity: line.quantity,
          price: event.items.find((item) => item.id === line.itemId)?.price ?? 0,
        })),
      );
    }
    if (waiting) return { kind: "waitlist" };
    const context = { at: now, actor: "deltaker", reason: event.kind === "salg" ? "Bestilt" : "Påmeldt" };
    await appendEventEntries(
      tx,
      lines.map((line) => ({
        ...context,
        orderId: id,
        kind: "charge" as const,
        person: line.key,
        item: event.kind === "salg" ? "item" : "participant",
        label: line.label,
        amount: line.amount,
      })),
    );
    if (method === "vipps") {
      await tx.insert(eventPayments).values({ orderId: id, reference: `${orderId}-1`, amount, state: "created", createdAt: now, updatedAt: now });
      return { kind: "vipps", order: { id, orderId, amount, telephone: order.contact.telephone, title: event.title } };
    }
    await queueConfirmationOf(
      tx,
      {
        order: { id, orderId, firstName: order.contact.firstName, email: emailKey(order.contact.email) ?? order.contact.email, method },
        event: { slug: row.slug, definition: event },
        lines: lines.map((line) => ({ label: line.label, amount: line.amount })),
      },
      now,
      app.env.PUBLIC_BASE_URL,
    );
    return { kind: "done" };
  });

  if (outcome.kind === "done") app.outbox.kick();
  if (outcome.kind === "waitlist") return waitlistAnswer;
  if (outcome.kind === "done") return "Done";
  return gateway!.createRedirect(outcome.order);
}
