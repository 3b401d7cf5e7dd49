/** What the event orders' write statement is given per order: the columns of each of its rows, named as the statement's JSON carries them. */
import type { PgColumn } from "drizzle-orm/pg-core";
import { textField } from "../db/json-records.ts";
import { eventLedgerEntries, eventPayments } from "../db/schema/events-money.ts";
import { eventOrders, eventPositions } from "../db/schema/events-orders.ts";
import { mailOutbox } from "../db/schema/mail.ts";

/**
 * The statement new event orders are written with: each order, its positions (participants or items), its ledger
 * charges, its Vipps payment, and its confirmation or waiting-list mail (rendered when sent), as ONE statement
 * of data-modifying CTEs: atomic, prepared once per database connection, its rows as JSON (db/json-records.ts)
 * with each child row naming its order by order id, so one statement writes one order or many. Orders of one
 * event that arrive together share a statement (db/write-batcher.ts), as the camp's registrations do
 * (docs/decisions/0032-registrations-share-a-statement.md).
 *
 * It also decides what no read before it could know for sure, through `event_orders_decide` (migration 0026),
 * which locks what it counts, counts what is committed (each query in a volatile PL/pgSQL function reads the
 * latest commits), then walks the statement's orders oldest first, each seeing what the ones before it took:
 *
 * - places (an event with a capacity): whether the order fits after the waiting line has had its share (the
 *   greedy walk of `fitInLine`). An order that does not fit is stored waiting, whole, without charges or
 *   payment, and gets the waiting-list mail instead of the confirmation.
 * - stock (a sale): whether every line is in stock; then the stock is taken, else the order is not written
 *   and its first short line comes back.
 *
 * So the locks are held for one statement and its commit, on PGlite and PostgreSQL alike, never across the
 * server's own round trips.
 *
 * It writes nothing when the event is no longer published with the definition the orders were priced under
 * (`event_current` false), and nothing of an order whose insert meets a unique key (the same form sent twice,
 * or a taken order id).
 */

export const orderColumns = {
  eventId: eventOrders.eventId,
  orderId: eventOrders.orderId,
  draftId: eventOrders.draftId,
  status: eventOrders.status,
  method: eventOrders.method,
  firstName: eventOrders.firstName,
  lastName: eventOrders.lastName,
  email: eventOrders.email,
  emailKey: eventOrders.emailKey,
  telephone: eventOrders.telephone,
  amount: eventOrders.amount,
  places: eventOrders.places,
  createdAt: eventOrders.createdAt,
  confirmedAt: eventOrders.confirmedAt,
} satisfies Record<string, PgColumn>;

export const participantColumns = {
  position: eventPositions.position,
  kind: eventPositions.kind,
  firstName: eventPositions.firstName,
  lastName: eventPositions.lastName,
  age: eventPositions.age,
  clubId: eventPositions.clubId,
  gradeId: eventPositions.gradeId,
  answers: eventPositions.answers,
} satisfies Record<string, PgColumn>;

export const itemColumns = {
  position: eventPositions.position,
  kind: eventPositions.kind,
  itemId: eventPositions.itemId,
  name: eventPositions.itemName,
  variant: eventPositions.variant,
  quantity: eventPositions.quantity,
  price: eventPositions.price,
} satisfies Record<string, PgColumn>;

export const chargeColumns = {
  at: eventLedgerEntries.at,
  actor: eventLedgerEntries.actor,
  reason: eventLedgerEntries.reason,
  kind: eventLedgerEntries.kind,
  person: eventLedgerEntries.person,
  item: eventLedgerEntries.item,
  label: eventLedgerEntries.label,
  amount: eventLedgerEntries.amount,
} satisfies Record<string, PgColumn>;

export const paymentColumns = {
  reference: eventPayments.reference,
  method: eventPayments.method,
  amount: eventPayments.amount,
  state: eventPayments.state,
  createdAt: eventPayments.createdAt,
  updatedAt: eventPayments.updatedAt,
} satisfies Record<string, PgColumn>;

export const mailColumns = {
  recipient: mailOutbox.recipient,
  status: mailOutbox.status,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  createdAt: mailOutbox.createdAt,
} satisfies Record<string, PgColumn>;

type Row<Columns> = { [key in keyof Columns]: unknown };

export interface OrderStatementValues {
  /** The event's row and the definition the order was priced under (compared as jsonb, so neither a
   * reused id nor a version number can pass for it). */
  eventId: number;
  definition: string;
  /** An event with a capacity: its places are decided, counting open offers at `now`. */
  capacity?: number;
  /** The server's clock when the order was taken. */
  now: Date;
  /** A sale: its items' stock is decided. */
  decideStock?: boolean;
  /** The order as stored when it fits (when places are decided, a waiting order's status and confirmation time
   * become `waiting` and null, and it gets no link). */
  order: Row<typeof orderColumns>;
  /** The hash of the link the confirmation carries (family_links), when the order is confirmed at once. */
  linkTokenHash: string | null;
  participants: Row<typeof participantColumns>[];
  items: Row<typeof itemColumns>[];
  /** Written unless the order is stored waiting, as is its payment. */
  charges: Row<typeof chargeColumns>[];
  payment?: Row<typeof paymentColumns>;
  /** The mails' outbox row (the confirmation when stored confirmed, «you are on the waiting list» when stored
   * waiting), and the personal link's secret the confirmation carries (its hash is `linkTokenHash`). */
  mail: { row: Row<typeof mailColumns>; personalToken?: string };
}

/** Each child row names its order by its order id. */
export const orderIdField = { orderId: eventOrders.orderId };

export const incomingOrderFields = { ...orderColumns, linkTokenHash: textField("link_token_hash"), personalToken: textField("personal_token") };
