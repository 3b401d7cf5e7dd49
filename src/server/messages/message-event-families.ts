/**
 * The families of a club event (a grading, a course, a sale) a leader's message goes to: the event's orders
 * grouped by the address as compared, as the camp's registrations are (message-families.ts). What a family
 * owes is the event ledger's figure (`eventFigures`, what the event admin and the door show); who came is
 * what the event's door keeps (event_checkin_actions).
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { emailKey } from "../../shared/contact/email-key.ts";
import { eventOrderLinkPath } from "../../shared/events/event-my-order.ts";
import { eventSegmentRefusal, messageInputMessages, type SendMessageInput } from "../../shared/messages/message.ts";
import { createFamilyLink } from "../events/family-links.ts";
import type { Db } from "../db/database.ts";
import { eventCheckinActions } from "../db/schema/events-checkin.ts";
import { eventOrders, eventWaitlistOffers } from "../db/schema/events-orders.ts";
import { HttpError } from "../errors.ts";
import { eventFigures } from "../events/event-ledger.ts";
import { positionsOf } from "../events/event-positions.ts";
import type { EventRow } from "../events/event-store.ts";
import type { MessageFamily } from "./message-families.ts";

type OrderRow = typeof eventOrders.$inferSelect;

/** One order of the segment and the people the mail names for it. */
interface Chosen {
  order: OrderRow;
  names: string[];
  /** What the order has left to pay (a waiting order owes nothing yet). */
  due: number;
}

/**
 * Refuses (400, in Norwegian) a segment that does not apply to the event, and a check-in day that is not
 * the event's: before anything is stored.
 */
export function checkEventSegment(event: EventRow, input: Pick<SendMessageInput, "segment" | "day" | "attachProgramme">): void {
  const refusal = eventSegmentRefusal(event.definition, input.segment);
  if (refusal) throw new HttpError(400, refusal);
  if (input.day !== undefined && input.day !== event.definition.firstDay) throw new HttpError(400, messageInputMessages.eventDay);
  if (input.attachProgramme) throw new HttpError(400, messageInputMessages.programmeOnlyCamp);
}

/**
 * The families a message of `input`'s segment goes to. `all`, `paid`, `unpaid` and the check-in segments take
 * only confirmed orders; a family gets one mail, naming only those of its people the segment holds (a
 * participant cancelled alone is never named; for a check-in segment only the participants who came, or did not).
 */
export async function eventMessageFamilies(
  db: Pick<Db, "select">,
  event: EventRow,
  input: SendMessageInput,
  { ignoreUnknownOrders = false } = {},
): Promise<MessageFamily[]> {
  // When a planned message is queued, the event may have changed since (its days, say): a segment that no
  // longer applies reaches nobody rather than stopping the scheduler, as an order picked and gone does.
  if (!ignoreUnknownOrders) checkEventSegment(event, input);
  else if (eventSegmentRefusal(event.definition, input.segment) || (input.day !== undefined && input.day !== event.definition.firstDay)) return [];
  const orders = await db
    .select()
    .from(eventOrders)
    .where(and(eq(eventOrders.eventId, event.id), isNull(eventOrders.anonymisedAt)))
    .orderBy(asc(eventOrders.id));
  const ids = orders.map((order) => order.id);
  if (ids.length === 0) return [];
  const [{ people }, figures] = await Promise.all([positionsOf(db, ids), eventFigures(db, ids)]);
  const sale = event.definition.kind === "salg";
  const contactOf = (order: OrderRow) => `${order.firstName} ${order.lastName}`.trim();
  const coming = (order: OrderRow) => people.filter((person) => person.orderId === order.id && person.cancelledAt === null);
  const namesOf = (order: OrderRow) => (sale ? [contactOf(order)] : coming(order).map((person) => `${person.firstName} ${person.lastName}`.trim()));
  const outstanding = (order: OrderRow) => figures.get(order.id)?.outstanding ?? 0;
  const chosenOf = (order: OrderRow, names = namesOf(order)): Chosen => ({
    order,
    names,
    due: order.status === "confirmed" ? Math.max(0, outstanding(order)) : 0,
  });
  const confirmed = orders.filter((order) => order.status === "confirmed");

  let chosen: Chosen[];
  switch (input.segment) {
    case "picked": {
      const wanted = new Set(input.orderIds ?? []);
      const found = orders.filter((order) => wanted.has(order.orderId));
      if (found.length !== wanted.size && !ignoreUnknownOrders) throw new HttpError(400, messageInputMessages.unknownEventOrder);
      chosen = found.map((order) => chosenOf(order));
      break;
    }
    case "waiting":
      chosen = orders.filter((order) => order.status === "waiting").map((order) => chosenOf(order));
      break;
    case "offered": {
      // Offered freed places and not yet answered (the waiting-list job marks an offer past its time expired).
      const open = await db
        .select({ orderId: eventWaitlistOffers.orderId })
        .from(eventWaitlistOffers)
        .where(and(inArray(eventWaitlistOffers.orderId, ids), eq(eventWaitlistOffers.state, "offered")));
      const offered = new Set(open.map((offer) => offer.orderId));
      chosen = orders.filter((order) => order.status === "waiting" && offered.has(order.id)).map((order) => chosenOf(order));
      break;
    }
    case "paid":
      chosen = confirmed.filter((order) => outstanding(order) <= 0).map((order) => chosenOf(order));
      break;
    case "unpaid":
      chosen = confirmed.filter((order) => outstanding(order) > 0).map((order) => chosenOf(order));
      break;
    case "checkedIn":
    case "notCheckedIn": {
      const standing = await checkedIn(db, ids);
      const wantIn = input.segment === "checkedIn";
      chosen = confirmed.flatMap((order) => {
        const names = coming(order)
          .filter((person) => standing.has(`${order.id}:${person.position}`) === wantIn)
          .map((person) => `${person.firstName} ${person.lastName}`.trim());
        return names.length > 0 ? [chosenOf(order, names)] : [];
      });
      break;
    }
    default:
      chosen = confirmed.map((order) => chosenOf(order));
  }
  return groupByAddress(
    chosen.filter((entry) => entry.names.length > 0),
    sale,
  );
}

/** The participants whose latest door action is a check-in, as `orderRowId:position`. */
async function checkedIn(db: Pick<Db, "select">, orderRowIds: readonly number[]): Promise<Set<string>> {
  const actions = await db
    .select({ orderId: eventCheckinActions.orderId, position: eventCheckinActions.position, kind: eventCheckinActions.kind })
    .from(eventCheckinActions)
    .where(inArray(eventCheckinActions.orderId, [...orderRowIds]))
    .orderBy(asc(eventCheckinActions.id));
  const standing = new Map<string, boolean>();
  for (const action of actions) standing.set(`${action.orderId}:${action.position}`, action.kind === "checkin");
  return new Set([...standing].filter(([, isIn]) => isIn).map(([key]) => key));
}

function groupByAddress(chosen: readonly Chosen[], sale: boolean): MessageFamily[] {
  const families = new Map<string, Chosen[]>();
  for (const entry of chosen) {
    const key = emailKey(entry.order.email);
    // An address no mail server would take (never expected: the form checks it) gets no mail.
    if (!key) continue;
    families.set(key, [...(families.get(key) ?? []), entry]);
  }
  return [...families.entries()].map(([key, entries]) => {
    const participants = [...new Set(entries.flatMap((entry) => entry.names))];
    // The contact who ordered is greeted, as the order's confirmation greets them; two different contacts at
    // one address are greeted by neither.
    const contacts = [...new Set(entries.map((entry) => entry.order.firstName.trim()))];
    const greetingName = contacts.length === 1 && contacts[0] !== "" ? contacts[0] : undefined;
    const contactFullNames = new Set(entries.map((entry) => `${entry.order.firstName} ${entry.order.lastName}`.trim()));
    return {
      emailKey: key,
      address: entries[0]!.order.email.trim(),
      orderIds: entries.map((entry) => entry.order.orderId),
      participants,
      greetingName,
      // A sale's buyer, or an adult who registered only themselves: the mail is about the one greeted.
      aboutGreeted: greetingName !== undefined && participants.length === 1 && (sale || contactFullNames.has(participants[0]!)),
      amountDue: entries.reduce((sum, entry) => sum + entry.due, 0),
    };
  });
}

/**
 * One new personal link per order of the family, in the transaction that queues its mail. It is added beside
 * the order's other links (family_links), never in their place: every link already mailed keeps working.
 * Answers the links' addresses, in the family's order.
 */
export async function createEventOrderLinks(
  tx: Pick<Db, "select" | "insert">,
  event: EventRow,
  family: MessageFamily,
  now: Date,
  publicBaseUrl: string,
): Promise<string[]> {
  const rows = await tx
    .select({ id: eventOrders.id, orderId: eventOrders.orderId })
    .from(eventOrders)
    .where(and(eq(eventOrders.eventId, event.id), inArray(eventOrders.orderId, family.orderIds)));
  const links: string[] = [];
  for (const orderId of family.orderIds) {
    const row = rows.find((candidate) => candidate.orderId === orderId);
    if (!row) continue;
    const token = await createFamilyLink(tx, { orderId: row.id }, now);
    links.push(`${publicBaseUrl.replace(/\/+$/, "")}${eventOrderLinkPath(token)}`);
  }
  return links;
}
