/**
 * `POST /api/Arrangement/Post/{slug}`: one registration for a grading or course, or one order of club gear.
 * The order, its participants or items, its ledger charges and its payment or confirmation are written by
 * one statement (event-order-statement.ts). An event without a capacity needs nothing else: the statement
 * alone, prepared. A sale takes its stock first, in the same transaction; a grading or course with a
 * capacity counts its places under the event's row lock first, so the last place is never given twice and
 * the waiting list goes before a newcomer. Vipps is called after the commit. Any refusal throws before
 * anything is stored.
 */
import { randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { waitlistAnswer } from "../../shared/camp/camp-waitlist.ts";
import { emailKey } from "../../shared/contact/email-key.ts";
import { EventOrderSchema, type EventOrder } from "../../shared/events/event-order.ts";
import { eventState, orderIssues, orderPriceLines, placesLeft } from "../../shared/events/event-rules.ts";
import { newPersonalToken, personalTokenHash } from "../camp/camp-personal-link.ts";
import { ORDER_ID_ALPHABET } from "../camp/order-id.ts";
import type { Db } from "../db/database.ts";
import { eventOrders, eventStock, events } from "../db/schema/events.ts";
import { HttpError, parseWith } from "../errors.ts";
import { publishedEvent } from "./event-cache.ts";
import { EventChangedError, runOrderStatement } from "./event-order-statement.ts";
import { awaitsOffer, holdsPlaces } from "./event-store.ts";
import { fitInLine } from "./event-waitlist.ts";

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

/** What a write needs besides the order: the database, the clock and the outbox to wake. */
export interface EventOrderDeps {
  db: Db;
  now: () => Date;
  kickOutbox: () => void;
}

/**
 * Takes a sale's items from stock in one conditional UPDATE (`stock >= quantity`, so two processes can never
 * sell the last one twice); inside the order's transaction, so a line that is short undoes the others.
 */
async function takeStock(tx: Db, eventId: number, order: EventOrder, names: Map<string, string>) {
  const lines = sql.join(
    order.items.map((line) => sql`(${line.itemId}::text, ${line.variant}::text, ${line.quantity}::int)`),
    sql`, `,
  );
  // The rows are locked in one order (item, variant) first: two orders touching the same two rows in the
  // order the table happens to hold them could otherwise each wait for the other.
  const taken = await tx.execute<{ item_id: string; variant: string }>(sql`
    with wanted as (select * from (values ${lines}) as v(item_id, variant, quantity)),
    locked as (select s.item_id, s.variant from ${eventStock} s join wanted w using (item_id, variant)
                where s.event_id = ${eventId} order by s.item_id, s.variant for update of s)
    update ${eventStock} s set stock = s.stock - w.quantity
      from wanted w join locked l using (item_id, variant)
     where s.event_id = ${eventId} and s.item_id = w.item_id and s.variant = w.variant and s.stock >= w.quantity
    returning s.item_id, s.variant`);
  const short = order.items.find((line) => !taken.rows.some((row) => row.item_id === line.itemId && row.variant === line.variant));
  if (short || taken.rows.length !== order.items.length) {
    const line = short ?? order.items[0]!;
    throw new HttpError(409, eventOrderMessages.soldOut(names.get(line.itemId) ?? line.itemId, line.variant));
  }
}

/** Places held and the waiting line of an event, read under its lock; and an earlier submission of the same form. */
async function placesAndTwin(tx: Db, eventId: number, draftId: string, now: Date) {
  const result = await tx.execute<{ existing: ExistingOrder | null; taken: number; line: number[] }>(sql`
    select (select row_to_json(o) from (select id, order_id as "orderId", status, amount, telephone from ${eventOrders}
             where ${eventOrders.eventId} = ${eventId} and ${eventOrders.draftId} = ${draftId}) o) as existing,
           (select coalesce(sum(${eventOrders.places}), 0)::int from ${eventOrders}
             where ${eventOrders.eventId} = ${eventId} and ${holdsPlaces(now)}) as taken,
           (select coalesce(json_agg(${eventOrders.places} order by ${eventOrders.createdAt}, ${eventOrders.id}), '[]'::json) from ${eventOrders}
             where ${eventOrders.eventId} = ${eventId} and ${awaitsOffer}) as line`);
  const row = result.rows[0]!;
  return { existing: row.existing, taken: Number(row.taken), line: row.line.map((places) => ({ places: Number(places) })) };
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
  return row;
}

/** A refusal the caller can see; given only after a fresh read of the event. */
const isRefusal = (error: unknown) =>
  error instanceof EventInputError || (error instanceof HttpError && error.statusCode < 500) || error instanceof EventChangedError;

/**
 * `POST /api/Arrangement/Post/{slug}`. The event is read from memory (event-cache.ts); its definition goes
 * with the write, which stores nothing when the event has changed since. A refusal is never given on a
 * remembered read: the event is read again and the order tried once more.
 */
export async function submitEventOrder(deps: EventOrderDeps, slug: string, body: unknown, gateway: EventPaymentGateway | undefined): Promise<string> {
  let outcome: Outcome;
  try {
    outcome = await submitOnce(deps, slug, body, gateway, false);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    outcome = await submitOnce(deps, slug, body, gateway, true);
  }
  if (outcome.kind !== "vipps") deps.kickOutbox();
  if (outcome.kind === "waitlist") return waitlistAnswer;
  if (outcome.kind === "done") return "Done";
  return gateway!.createRedirect(outcome.order);
}

async function submitOnce(
  deps: EventOrderDeps,
  slug: string,
  body: unknown,
  gateway: EventPaymentGateway | undefined,
  fresh: boolean,
): Promise<Outcome> {
  const row = await publishedEvent(deps.db, slug, { fresh });
  if (!row) throw new HttpError(404, eventOrderMessages.notFound);
  const order = parseWith(EventOrderSchema, body);
  const event = row.definition;
  const issues = orderIssues(event, order);
  if (issues.length > 0) throw new EventInputError(issues);
  const lines = orderPriceLines(event, order);
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  if (order.vipps && amount > 0 && !gateway) throw new HttpError(409, eventOrderMessages.vippsUnavailable);
  const now = deps.now();
  const state = eventState(event, now, 0, 1);
  if (state === "notyet") throw new HttpError(409, eventOrderMessages.notYet);
  if (state === "closed") throw new HttpError(409, eventOrderMessages.closed);
  const names = new Map(event.kind === "salg" ? event.items.map((item) => [item.id, item.name] as const) : []);
  const method = amount === 0 ? "free" : order.vipps ? "vipps" : "card_cash";
  const definition = JSON.stringify(event);

  /** The order's rows, for the statement; `waiting`: it does not fit and waits whole, charged when it gets its places. */
  const write = async (db: Db, waiting: boolean): Promise<Outcome | undefined> => {
    const status = waiting ? "waiting" : method === "vipps" ? "pending_payment" : "confirmed";
    const orderId = newEventOrderId(event.kind, event.firstDay);
    const email = emailKey(order.contact.email) ?? order.contact.email;
    const token = status === "confirmed" ? newPersonalToken() : undefined;
    const context = { at: now, actor: "deltaker", reason: event.kind === "salg" ? "Bestilt" : "Påmeldt", kind: "charge" as const };
    const id = await runOrderStatement(
      db,
      {
        participants: order.participants.length,
        items: event.kind === "salg" ? order.items.length : 0,
        charges: waiting ? 0 : lines.length,
        payment: status === "pending_payment",
        mail: token ? "confirmation" : waiting ? "waitlist" : null,
      },
      {
        eventId: row.id,
        definition,
        order: {
          eventId: row.id,
          orderId,
          draftId: order.draftId,
          status,
          method,
          firstName: order.contact.firstName,
          lastName: order.contact.lastName,
          email,
          telephone: order.contact.telephone,
          amount,
          places: event.kind === "salg" ? 0 : order.participants.length,
          createdAt: now,
          confirmedAt: status === "confirmed" ? now : null,
          linkTokenHash: token ? personalTokenHash(token) : null,
        },
        participants: order.participants.map((participant, position) => ({ position, ...pickParticipant(participant) })),
        items:
          event.kind === "salg"
            ? order.items.map((line) => ({
                itemId: line.itemId,
                name: names.get(line.itemId) ?? line.itemId,
                variant: line.variant,
                quantity: line.quantity,
                price: event.items.find((item) => item.id === line.itemId)?.price ?? 0,
              }))
            : [],
        charges: waiting
          ? []
          : lines.map((line) => ({
              ...context,
              person: line.key,
              item: event.kind === "salg" ? "item" : "participant",
              label: line.label,
              amount: line.amount,
            })),
        ...(status === "pending_payment" ? { payment: { reference: `${orderId}-1`, amount, state: "created", createdAt: now, updatedAt: now } } : {}),
        ...(token || waiting
          ? { mail: { row: { recipient: email, status: "pending", nextAttemptAt: now, createdAt: now }, personalToken: token } }
          : {}),
      },
    );
    if (id === undefined) return undefined;
    if (waiting) return { kind: "waitlist" };
    if (status === "pending_payment")
      return { kind: "vipps", order: { id, orderId, amount, telephone: order.contact.telephone, title: event.title } };
    return { kind: "done" };
  };

  for (let attempt = 0; attempt < 3; attempt++) {
    let written: Outcome | undefined;
    if (event.kind === "salg") {
      written = await deps.db
        .transaction(async (tx) => {
          await takeStock(tx, row.id, order, names);
          const outcome = await write(tx, false);
          // Nothing written (the same form twice): the stock taken goes back with the rollback.
          if (!outcome) throw new NothingWritten();
          return outcome;
        })
        .catch(async (error: unknown) => {
          if (error instanceof NothingWritten) return undefined;
          // Sold out because this very form took the last one a moment ago (a double click): its answer.
          const twin = error instanceof HttpError && error.statusCode === 409 ? await twinOf(deps.db, row.id, order.draftId) : undefined;
          if (twin) return answerOf(twin, event.title);
          throw error;
        });
    } else if (placesLeft(event, 0) === null) {
      written = await write(deps.db, false);
    } else {
      written = await deps.db.transaction(async (tx) => {
        // The event's lock: places are counted and taken one order at a time, in line with the waiting list's offers.
        const locked = await tx.execute<{ current: boolean }>(
          sql`select ${events.definition} = ${definition}::jsonb and ${events.publishedAt} is not null as current from ${events} where ${events.id} = ${row.id} for update`,
        );
        if (!locked.rows[0]?.current) throw new EventChangedError();
        const { existing, taken, line } = await placesAndTwin(tx, row.id, order.draftId, now);
        if (existing) return answerOf(existing, event.title);
        // What is free after the waiting list has had its share: the line goes before a newcomer.
        const left = fitInLine(line, placesLeft(event, taken)).left;
        // A registration that does not fit waits whole: a family is offered its places together.
        return write(tx, left !== null && order.participants.length > left);
      });
    }
    if (written) return written;
    const twin = await twinOf(deps.db, row.id, order.draftId);
    if (twin) return answerOf(twin, event.title);
    // Otherwise the random order id was taken: draw another.
  }
  throw new Error("Could not find a free order id");
}

class NothingWritten extends Error {}

function pickParticipant(participant: EventOrder["participants"][number]) {
  const { firstName, lastName, age, clubId, gradeId, answers } = participant;
  return { firstName, lastName, age, clubId, gradeId, answers };
}
