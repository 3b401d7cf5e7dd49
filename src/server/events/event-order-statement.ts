import { sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/database.ts";
import { driverBoolean, namedStatement } from "../db/prepared-statement.ts";
import { columnNames, valuesList, valuesOf } from "../db/values-list.ts";
import { eventLedgerEntries, eventOrderItems, eventOrders, eventParticipants, eventPayments, events, eventStock } from "../db/schema/events.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { eventConfirmationKeyPrefix, eventConfirmationMailKind } from "./event-mail.ts";
import { eventWaitlistJoinedKeyPrefix, eventWaitlistJoinedMailKind } from "./event-waitlist-joined-mail.ts";

/**
 * The statement a new event order is written with: the order, its participants or items, its ledger
 * charges, its Vipps payment, and its confirmation or waiting-list mail (rendered when sent), as ONE statement of
 * data-modifying CTEs: one round trip, atomic, prepared once per database connection, as the camp's
 * registration (docs/decisions/0020-one-registration-writer.md). It also decides what no read before it
 * could know for sure, through two functions of migration 0025 that lock what they count and then count
 * what is committed (each query in a volatile PL/pgSQL function reads the latest commits):
 *
 * - `places` (`event_places_free`): whether the order fits in the event's capacity after the waiting line
 *   has had its share (the greedy walk of `fitInLine`). An order that does not fit is stored waiting, whole,
 *   without charges or payment, and gets the waiting-list mail instead of the confirmation.
 * - `stock` (`event_stock_short`): whether every line is in stock; then the stock is taken, else nothing is
 *   written and the first short line comes back.
 *
 * So the lock is held for one statement and its commit, on PGlite and PostgreSQL alike, never across the
 * server's own round trips.
 *
 * It writes nothing when the event is no longer published with the definition the order was priced under
 * (`event_current` false), nor when the order's insert meets a unique key (the same form sent twice, or a
 * taken order id).
 */

export interface OrderStatementShape {
  participants: number;
  items: number;
  /** Ledger charges, written unless the order is stored waiting. */
  charges: number;
  /** A Vipps payment, written unless the order is stored waiting. */
  payment: boolean;
  /** Queue the confirmation when the order is stored confirmed (rendered when sent). */
  confirmationMail: boolean;
  /** Queue «you are on the waiting list» when the order is stored waiting. */
  waitlistMail: boolean;
  /** What the statement decides itself (see above); null: the order is stored as given. */
  decide: "places" | "stock" | null;
}

const orderColumns = {
  eventId: eventOrders.eventId,
  orderId: eventOrders.orderId,
  draftId: eventOrders.draftId,
  status: eventOrders.status,
  method: eventOrders.method,
  firstName: eventOrders.firstName,
  lastName: eventOrders.lastName,
  email: eventOrders.email,
  telephone: eventOrders.telephone,
  amount: eventOrders.amount,
  places: eventOrders.places,
  createdAt: eventOrders.createdAt,
  confirmedAt: eventOrders.confirmedAt,
  linkTokenHash: eventOrders.linkTokenHash,
} satisfies Record<string, PgColumn>;
const participantColumns = {
  position: eventParticipants.position,
  firstName: eventParticipants.firstName,
  lastName: eventParticipants.lastName,
  age: eventParticipants.age,
  clubId: eventParticipants.clubId,
  gradeId: eventParticipants.gradeId,
  answers: eventParticipants.answers,
} satisfies Record<string, PgColumn>;
const itemColumns = {
  itemId: eventOrderItems.itemId,
  name: eventOrderItems.name,
  variant: eventOrderItems.variant,
  quantity: eventOrderItems.quantity,
  price: eventOrderItems.price,
} satisfies Record<string, PgColumn>;
const chargeColumns = {
  at: eventLedgerEntries.at,
  actor: eventLedgerEntries.actor,
  reason: eventLedgerEntries.reason,
  kind: eventLedgerEntries.kind,
  person: eventLedgerEntries.person,
  item: eventLedgerEntries.item,
  label: eventLedgerEntries.label,
  amount: eventLedgerEntries.amount,
} satisfies Record<string, PgColumn>;
const paymentColumns = {
  reference: eventPayments.reference,
  amount: eventPayments.amount,
  state: eventPayments.state,
  createdAt: eventPayments.createdAt,
  updatedAt: eventPayments.updatedAt,
} satisfies Record<string, PgColumn>;
const mailColumns = {
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
  /** With `decide: "places"`: the event's capacity, and the moment open offers are counted at. */
  capacity?: number;
  now?: Date;
  /** The order as stored when it fits (with `decide: "places"` a waiting order's status, confirmation time
   * and link hash become `waiting`, null and null). */
  order: Row<typeof orderColumns>;
  participants: Row<typeof participantColumns>[];
  items: Row<typeof itemColumns>[];
  charges: Row<typeof chargeColumns>[];
  payment?: Row<typeof paymentColumns>;
  /** The mails' outbox row, and the personal link's secret the confirmation carries (its hash is on the order). */
  mail?: { row: Row<typeof mailColumns>; personalToken?: string };
}

/**
 * Places free after the waiting line, decided under the event's lock by `event_places_free` (migration
 * 0025); null when the event is no longer published with the definition the order was priced under, which
 * that function checks under the same lock.
 */
const placesDecision = sql`room as (select event_places_free(${sql.placeholder("eventId")}::int, ${sql.placeholder("definition")}::jsonb,
      ${sql.placeholder("capacity")}::int, ${sql.placeholder("now")}::timestamptz) as free),
    event_check as (select room.free is not null as current from room),
    decision as (select room.free >= ${sql.placeholder("o0.places")}::int as fits from room)`;

/** The first line not in stock, decided under the stock rows' locks by `event_stock_short` (migration 0025). */
const stockDecision = sql`short as (select case when event_check.current then event_stock_short(${sql.placeholder("eventId")}::int,
      (select jsonb_agg(jsonb_build_object('item_id', item_id, 'variant', variant, 'quantity', quantity)) from wanted)) end as line
      from event_check),
    decision as (select short.line is null as fits from short)`;

function statementSql(shape: OrderStatementShape): SQL {
  const childInsert = (name: string, table: PgTable, orderId: PgColumn, columns: Record<string, PgColumn>, from: SQL, when = sql`true`) =>
    sql`${sql.identifier(name)} as (insert into ${table} (${columnNames([orderId, ...Object.values(columns)])})
      select new_order.id, v.* from new_order, ${from} where ${when})`;
  const mailInsert = (name: string, kind: string, keyPrefix: string, payload: SQL, status: string) =>
    sql`${sql.identifier(name)} as (insert into ${mailOutbox} (${columnNames([mailOutbox.dedupeKey, mailOutbox.kind, mailOutbox.payload, ...Object.values(mailColumns)])})
      select ${keyPrefix}::text || new_order.id, ${kind}::text, ${payload}, v.* from new_order, ${valuesList("v", "m", mailColumns, 1)}
      where new_order.status = ${status})`;
  const notWaiting = sql`new_order.status <> 'waiting'`;
  // Deciding places: an order that does not fit keeps neither the status it would have had nor its time and link.
  const orderSelect =
    shape.decide === "places"
      ? sql.join(
          Object.entries(orderColumns).map(([key, column]) => {
            const value = sql`v.${sql.identifier(column.name)}`;
            if (key === "status") return sql`case when decision.fits then ${value} else 'waiting' end`;
            return key === "confirmedAt" || key === "linkTokenHash" ? sql`case when decision.fits then ${value} end` : value;
          }),
          sql`, `,
        )
      : sql`v.*`;
  const parts: SQL[] = [];
  if (shape.decide === "places") parts.push(placesDecision);
  else
    // The event's row is share-locked: a leader's save (which locks it for update) waits for this order, or
    // this order waits for the save and then sees its definition (the lock reads the row's latest version),
    // never a definition the statement's snapshot saw before a save committed. Taken before the stock's
    // locks (the stock decision runs after this check), in the order a leader's save takes them.
    parts.push(sql`event_check as (select exists (select 1 from ${events} where ${events.id} = ${sql.placeholder("eventId")}::int
      and ${events.definition} = ${sql.placeholder("definition")}::jsonb and ${events.publishedAt} is not null for share) as current)`);
  if (shape.items) parts.push(sql`wanted as (select * from ${valuesList("w", "i", itemColumns, shape.items)})`);
  if (shape.decide === "stock") parts.push(stockDecision);
  parts.push(sql`new_order as (insert into ${eventOrders} (${columnNames(Object.values(orderColumns))})
      select ${orderSelect} from ${valuesList("v", "o", orderColumns, 1)}, event_check${shape.decide ? sql`, decision` : sql``}
      where event_check.current${shape.decide === "stock" ? sql` and decision.fits` : sql``}
      on conflict do nothing returning id, status)`);
  if (shape.decide === "stock")
    parts.push(sql`taken_stock as (update ${eventStock} s set stock = s.stock - w.quantity from wanted w, new_order
      where s.event_id = ${sql.placeholder("eventId")}::int and s.item_id = w.item_id and s.variant = w.variant)`);
  if (shape.participants)
    parts.push(
      childInsert(
        "participants",
        eventParticipants,
        eventParticipants.orderId,
        participantColumns,
        valuesList("v", "p", participantColumns, shape.participants),
      ),
    );
  if (shape.items) parts.push(childInsert("items", eventOrderItems, eventOrderItems.orderId, itemColumns, sql`wanted as v`));
  if (shape.charges)
    parts.push(
      childInsert(
        "charges",
        eventLedgerEntries,
        eventLedgerEntries.orderId,
        chargeColumns,
        valuesList("v", "c", chargeColumns, shape.charges),
        notWaiting,
      ),
    );
  if (shape.payment)
    parts.push(childInsert("payment", eventPayments, eventPayments.orderId, paymentColumns, valuesList("v", "y", paymentColumns, 1), notWaiting));
  if (shape.confirmationMail)
    parts.push(
      mailInsert(
        "confirmation_mail",
        eventConfirmationMailKind,
        eventConfirmationKeyPrefix,
        sql`jsonb_build_object('orderId', new_order.id, 'personalToken', ${sql.placeholder("personalToken")}::text)`,
        "confirmed",
      ),
    );
  if (shape.waitlistMail)
    parts.push(
      mailInsert(
        "waitlist_mail",
        eventWaitlistJoinedMailKind,
        eventWaitlistJoinedKeyPrefix,
        sql`jsonb_build_object('orderId', new_order.id)`,
        "waiting",
      ),
    );
  const short =
    shape.decide === "stock"
      ? sql`, (select split_part(line, chr(31), 1) from short) as short_item, (select split_part(line, chr(31), 2) from short) as short_variant`
      : sql``;
  return sql`with ${sql.join(parts, sql`, `)}
    select new_order.id, new_order.status, event_check.current as event_current${short} from event_check left join new_order on true`;
}

const statements = new Map<string, ReturnType<typeof namedStatement>>();

/** The event changed (or was unpublished) between the read the order was priced under and its write. */
export class EventChangedError extends Error {
  constructor() {
    super("The event changed during the order");
  }
}

/** What the statement did. */
export type OrderStatementResult =
  /** Stored: the order's row id and the status it was stored with. */
  | { kind: "stored"; id: number; status: string }
  /** Nothing stored: a unique key stopped it (the same form again, or a taken order id). */
  | { kind: "conflict" }
  /** Nothing stored: this line is not in stock in the quantity asked for. */
  | { kind: "short"; itemId: string; variant: string };

/**
 * Writes a new order, or nothing (OrderStatementResult). Throws EventChangedError when the event is not
 * published as it was read any more (nothing written).
 */
export async function runOrderStatement(db: Db, shape: OrderStatementShape, values: OrderStatementValues): Promise<OrderStatementResult> {
  const mails = `${Number(shape.confirmationMail)}${Number(shape.waitlistMail)}`;
  const name = `event_order_p${shape.participants}_i${shape.items}_c${shape.charges}_y${Number(shape.payment)}_m${mails}_${shape.decide ?? "given"}`;
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = namedStatement(name, () => statementSql(shape))));
  const placeholders: Record<string, unknown> = { eventId: values.eventId, definition: values.definition };
  if (shape.decide === "places") Object.assign(placeholders, { capacity: values.capacity, now: values.now?.toISOString() });
  valuesOf("o", [values.order], placeholders);
  valuesOf("p", values.participants, placeholders);
  valuesOf("i", values.items, placeholders);
  valuesOf("c", values.charges, placeholders);
  if (values.payment) valuesOf("y", [values.payment], placeholders);
  if (values.mail) valuesOf("m", [values.mail.row], placeholders);
  if (shape.confirmationMail) placeholders.personalToken = values.mail?.personalToken ?? null;
  const [row] = await statement.execute(db, placeholders);
  if (!row || !driverBoolean(row.event_current)) throw new EventChangedError();
  if (row.id !== null && row.id !== undefined) return { kind: "stored", id: Number(row.id), status: String(row.status) };
  if (row.short_item !== null && row.short_item !== undefined)
    return { kind: "short", itemId: String(row.short_item), variant: String(row.short_variant) };
  return { kind: "conflict" };
}
