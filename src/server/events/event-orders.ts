/**
 * `POST /api/Arrangement/Post/{slug}`: one registration for a grading or course, or one order of club gear.
 * The order, its participants or items, its ledger charges and its payment or confirmation are written by
 * one prepared statement (event-order-statement.ts), which also decides a capacity's places (the waiting
 * list goes before a newcomer; an order that does not fit waits whole) and a sale's stock, under locks it
 * holds only while it runs: the last place or item is never given twice, also across processes. Vipps is
 * called after the commit. Any refusal throws before anything is stored.
 */
import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { waitlistAnswer } from "../../shared/camp/camp-waitlist.ts";
import { emailKey } from "../../shared/contact/email-key.ts";
import type { EventOrder } from "../../shared/events/event-order.ts";
import { eventState, orderIssues, orderPriceLines } from "../../shared/events/event-rules.ts";
import { newPersonalToken, personalTokenHash } from "./family-links.ts";
import { ORDER_ID_ALPHABET } from "../camp/order-id.ts";
import type { Db } from "../db/database.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { HttpError } from "../errors.ts";
import { publishedEvent } from "./event-cache.ts";
import { EventChangedError, runOrderStatement } from "./event-order-statement.ts";
import { asEventOrder } from "./event-store.ts";

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

/** Vipps for an event order (the one Vipps service, payments/vipps/vipps-payments.ts), absent when Vipps is not offered. */
export interface EventPaymentGateway {
  createRedirect(order: EventOrderAwaitingPayment): Promise<string>;
}

type Outcome = { kind: "done" } | { kind: "waitlist" } | { kind: "vipps"; order: EventOrderAwaitingPayment };

/** What a write needs besides the order: the database, the clock and the outbox to wake. */
export interface EventOrderDeps {
  db: Db;
  now: () => Date;
  kickOutbox: () => void;
}

interface ExistingOrder {
  id: number;
  orderId: string;
  status: (typeof eventOrders.$inferSelect)["status"];
  amount: number;
  telephone: string;
}

/** The same form sent again (a double click, a retry): the first answer, nothing stored twice. */
function answerOf(existing: ExistingOrder, title: string): Outcome {
  if (existing.status === "waiting") return { kind: "waitlist" };
  // Cancelled since (a Vipps payment that ended unpaid, the family's link, the leader): not registered now.
  if (existing.status === "cancelled") throw new HttpError(409, eventOrderMessages.draftCancelled);
  if (existing.status === "pending_payment")
    return { kind: "vipps", order: { id: existing.id, orderId: existing.orderId, amount: existing.amount, telephone: existing.telephone, title } };
  return { kind: "done" };
}

async function twinOf(db: Db, eventId: number, draftId: string): Promise<ExistingOrder | undefined> {
  const [row] = await db
    .select({
      id: eventOrders.id,
      orderId: eventOrders.orderId,
      status: eventOrders.status,
      amount: eventOrders.amount,
      telephone: eventOrders.telephone,
    })
    .from(eventOrders)
    .where(and(eq(eventOrders.eventId, eventId), eq(eventOrders.draftId, draftId)));
  // `eventId` is the published event's of the leader's kinds (event-cache.ts): its orders have their amount.
  return row && asEventOrder(row);
}

/** A refusal the caller can see; given only after a fresh read of the event. */
const isRefusal = (error: unknown) =>
  error instanceof EventInputError || (error instanceof HttpError && error.statusCode < 500) || error instanceof EventChangedError;

/**
 * `POST /api/Arrangement/Post/{slug}`. The event is read from memory (event-cache.ts); its definition goes
 * with the write, which stores nothing when the event has changed since. A refusal is never given on a
 * remembered read: the event is read again and the order tried once more.
 */
export async function submitEventOrder(
  deps: EventOrderDeps,
  slug: string,
  order: EventOrder,
  gateway: EventPaymentGateway | undefined,
): Promise<string> {
  let outcome: Outcome | undefined;
  for (let attempt = 0; !outcome; attempt++) {
    try {
      outcome = await submitOnce(deps, slug, order, gateway, attempt > 0);
    } catch (error) {
      // A fresh read that a leader's save overtook while the order waited for its locks is read again.
      const again = attempt === 0 ? isRefusal(error) : error instanceof EventChangedError && attempt < 3;
      if (!again) throw error;
    }
  }
  if (outcome.kind !== "vipps") deps.kickOutbox();
  if (outcome.kind === "waitlist") return waitlistAnswer;
  if (outcome.kind === "done") return "Done";
  return gateway!.createRedirect(outcome.order);
}

async function submitOnce(
  deps: EventOrderDeps,
  slug: string,
  order: EventOrder,
  gateway: EventPaymentGateway | undefined,
  fresh: boolean,
): Promise<Outcome> {
  const row = await publishedEvent(deps.db, slug, { fresh });
  if (!row) throw new HttpError(404, eventOrderMessages.notFound);
  const event = row.definition;
  const issues = orderIssues(event, order);
  if (issues.length > 0) throw new EventInputError(issues);
  const lines = orderPriceLines(event, order);
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  if (order.vipps && amount > 0 && !gateway) throw new HttpError(409, eventOrderMessages.vippsUnavailable);
  const now = deps.now();
  const state = eventState(event, now, null, 1);
  if (state === "notyet") throw new HttpError(409, eventOrderMessages.notYet);
  if (state === "closed") throw new HttpError(409, eventOrderMessages.closed);
  const names = new Map(event.kind === "salg" ? event.items.map((item) => [item.id, item.name] as const) : []);
  const method = amount === 0 ? "free" : order.vipps ? "vipps" : "card_cash";
  const definition = JSON.stringify(event);

  const wished = method === "vipps" ? "pending_payment" : "confirmed";
  // A sale's stock and a capacity's places are decided by the statement itself (event-order-statement.ts).
  const decide = event.kind === "salg" ? "stock" : event.capacity === null ? null : "places";
  const email = emailKey(order.contact.email) ?? order.contact.email;

  const write = (db: Db) => {
    const orderId = newEventOrderId(event.kind, event.firstDay);
    const token = wished === "confirmed" ? newPersonalToken() : undefined;
    const context = { at: now, actor: "deltaker", reason: event.kind === "salg" ? "Bestilt" : "Påmeldt", kind: "charge" as const };
    return runOrderStatement(db, {
      eventId: row.id,
      definition,
      ...(decide === "places" ? { capacity: event.capacity! } : {}),
      now,
      decideStock: decide === "stock",
      order: {
        eventId: row.id,
        orderId,
        draftId: order.draftId,
        status: wished,
        method,
        firstName: order.contact.firstName,
        lastName: order.contact.lastName,
        email,
        // What the family's address link looks the order up by («Min side»).
        emailKey: emailKey(order.contact.email) ?? null,
        telephone: order.contact.telephone,
        amount,
        places: event.kind === "salg" ? 0 : order.participants.length,
        createdAt: now,
        confirmedAt: wished === "confirmed" ? now : null,
      },
      linkTokenHash: token ? personalTokenHash(token) : null,
      participants: order.participants.map((participant, position) => ({ position, kind: "athlete", ...pickParticipant(participant) })),
      items:
        event.kind === "salg"
          ? order.items.map((line, position) => ({
              position,
              kind: "item",
              itemId: line.itemId,
              name: names.get(line.itemId) ?? line.itemId,
              variant: line.variant,
              quantity: line.quantity,
              price: event.items.find((item) => item.id === line.itemId)?.price ?? 0,
            }))
          : [],
      charges: lines.map((line) => ({
        ...context,
        person: line.key,
        item: event.kind === "salg" ? "item" : "participant",
        label: line.label,
        amount: line.amount,
      })),
      ...(wished === "pending_payment"
        ? { payment: { reference: `${orderId}-1`, method: "vipps", amount, state: "created", createdAt: now, updatedAt: now } }
        : {}),
      mail: { row: { recipient: email, status: "pending", nextAttemptAt: now, createdAt: now }, personalToken: token },
    }).then((result) => ({ result, orderId }));
  };

  for (let attempt = 0; attempt < 3; attempt++) {
    const { result, orderId } = await write(deps.db);
    if (result.kind === "stored") {
      if (result.status === "waiting") return { kind: "waitlist" };
      if (result.status === "pending_payment")
        return { kind: "vipps", order: { id: result.id, orderId, amount, telephone: order.contact.telephone, title: event.title } };
      return { kind: "done" };
    }
    // The same form sent before (a double click, a retry; also when it took the last item a moment ago): its answer.
    const twin = await twinOf(deps.db, row.id, order.draftId);
    if (twin) return answerOf(twin, event.title);
    if (result.kind === "short") throw new HttpError(409, eventOrderMessages.soldOut(names.get(result.itemId) ?? result.itemId, result.variant));
    // Otherwise the random order id was taken: draw another.
  }
  throw new Error("Could not find a free order id");
}

function pickParticipant(participant: EventOrder["participants"][number]) {
  const { firstName, lastName, age, clubId, gradeId, answers } = participant;
  return { firstName, lastName, age, clubId, gradeId, answers };
}
