import { sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/database.ts";
import { columnNames, columnsOf, jsonRecords, jsonRows, type JsonField } from "../db/json-records.ts";
import { driverBoolean, namedStatement } from "../db/prepared-statement.ts";
import { WriteBatcher } from "../db/write-batcher.ts";
import { eventLedgerEntries, eventPayments } from "../db/schema/events-money.ts";
import { eventOrders, eventPositions, familyLinks } from "../db/schema/events-orders.ts";
import { eventStock } from "../db/schema/events.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { eventConfirmationKeyPrefix, eventConfirmationMailKind } from "./event-mail.ts";
import { eventWaitlistJoinedKeyPrefix, eventWaitlistJoinedMailKind } from "./event-waitlist-joined-mail.ts";
import {
  orderIdField,
  mailColumns,
  orderColumns,
  incomingOrderFields,
  itemColumns,
  participantColumns,
  chargeColumns,
  paymentColumns,
  type OrderStatementValues,
} from "./event-order-statement-values.ts";

function statementSql(): SQL {
  const childInsert = (name: string, table: PgTable, orderId: PgColumn, columns: Record<string, PgColumn>, when = sql`true`) =>
    sql`${sql.identifier(name)} as (insert into ${table} (${columnNames([orderId, ...Object.values(columns)])})
      select new_order.id, ${columnsOf("c", columns)}
      from new_order join ${jsonRecords("c", name, { ...orderIdField, ...columns })} on c.order_id = new_order.order_id
      where ${when} order by c.ordinal)`;
  const mailInsert = (name: string, kind: string, keyPrefix: string, payload: SQL, status: string) =>
    sql`${sql.identifier(name)} as (insert into ${mailOutbox} (${columnNames([mailOutbox.dedupeKey, mailOutbox.kind, mailOutbox.payload, ...Object.values(mailColumns)])})
      select ${keyPrefix}::text || mails.new_id, ${kind}::text, ${payload}, ${columnsOf("mails", mailColumns)}
      from mails where mails.new_status = ${status} order by mails.ordinal)`;
  const notWaiting = sql`new_order.status <> 'waiting'`;
  // An order that does not fit its places keeps neither the status it would have had nor its time and link.
  const orderSelect = sql.join(
    Object.entries(orderColumns).map(([key, column]) => {
      const value = sql`o.${sql.identifier(column.name)}`;
      if (key === "status") return sql`case when d.fits then ${value} else 'waiting' end`;
      return key === "confirmedAt" ? sql`case when d.fits then ${value} end` : value;
    }),
    sql`, `,
  );
  const eventId = sql`${sql.placeholder("eventId")}::int`;
  const capacity = sql`${sql.placeholder("capacity")}::int`;
  return sql`with orders_in as (select * from ${jsonRecords("o", "orders", incomingOrderFields)}),
    decided as (select * from event_orders_decide(${eventId}, ${sql.placeholder("definition")}::jsonb, ${capacity},
      ${sql.placeholder("now")}::timestamptz, ${sql.placeholder("decisions")}::jsonb)),
    event_check as (select exists (select 1 from decided) as current),
    -- A sale's order that is short is not written; with places, one that does not fit is written waiting.
    new_order as (insert into ${eventOrders} (${columnNames(Object.values(orderColumns))})
      select ${orderSelect} from orders_in o join decided d on d.order_ref = o.order_id
      where d.fits or ${capacity} is not null
      -- With places the event's row lock (taken by event_orders_decide before any insert) lets one statement of the
      -- event run at a time: the orders go in as they came, so ids follow arrival and the waiting line (created_at,
      -- id) keeps it where created_at ties. Otherwise one order for the unique keys' locks in every statement: two
      -- statements holding one form cannot wait for each other.
      order by case when ${capacity} is null then o.draft_id end, o.ordinal
      on conflict do nothing returning id, order_id, status),
    wanted as (select * from ${jsonRecords("w", "items", { ...orderIdField, ...itemColumns })}),
    taken_stock as (update ${eventStock} s set stock = s.stock - taken.quantity
      from (select wanted.item_id, wanted.variant, sum(wanted.quantity)::int as quantity
            from wanted join new_order on new_order.order_id = wanted.order_id group by 1, 2) taken
      where s.event_id = ${eventId} and s.item_id = taken.item_id and s.variant = taken.variant),
    ${childInsert("participants", eventPositions, eventPositions.orderId, participantColumns)},
    items as (insert into ${eventPositions} (${columnNames([eventPositions.orderId, ...Object.values(itemColumns)])})
      select new_order.id, ${columnsOf("wanted", itemColumns)} from new_order join wanted on wanted.order_id = new_order.order_id
      order by wanted.ordinal),
    ${childInsert("charges", eventLedgerEntries, eventLedgerEntries.orderId, chargeColumns, notWaiting)},
    ${childInsert("payments", eventPayments, eventPayments.orderId, paymentColumns, notWaiting)},
    -- The confirmation's link: only the secret's hash is stored, and only when the order is confirmed.
    order_link as (insert into ${familyLinks} (order_id, token_hash, created_at)
      select new_order.id, orders_in.link_token_hash, orders_in.created_at
      from new_order join orders_in on orders_in.order_id = new_order.order_id
      where new_order.status <> 'waiting' and orders_in.link_token_hash is not null order by orders_in.ordinal),
    mails as (select m.*, new_order.id as new_id, new_order.status as new_status, orders_in.personal_token
      from new_order join ${jsonRecords("m", "mails", { ...orderIdField, ...mailColumns })} on m.order_id = new_order.order_id
      join orders_in on orders_in.order_id = new_order.order_id),
    ${mailInsert(
      "confirmation_mail",
      eventConfirmationMailKind,
      eventConfirmationKeyPrefix,
      sql`jsonb_build_object('orderId', mails.new_id, 'personalToken', mails.personal_token)`,
      "confirmed",
    )},
    ${mailInsert("waitlist_mail", eventWaitlistJoinedMailKind, eventWaitlistJoinedKeyPrefix, sql`jsonb_build_object('orderId', mails.new_id)`, "waiting")}
    select orders_in.order_id, new_order.id, new_order.status, event_check.current as event_current,
      split_part(decided.short_line, chr(31), 1) as short_item, split_part(decided.short_line, chr(31), 2) as short_variant
    from orders_in cross join event_check
    left join decided on decided.order_ref = orders_in.order_id
    left join new_order on new_order.order_id = orders_in.order_id`;
}

const statement = namedStatement("event_orders_write", statementSql);

/** The event changed (or was unpublished) between the read the order was priced under and its write. */
export class EventChangedError extends Error {
  constructor() {
    super("The event changed during the order");
  }
}

/** What the statement did with one order. */
export type OrderStatementResult =
  /** Stored: the order's row id and the status it was stored with. */
  | { kind: "stored"; id: number; status: string }
  /** Nothing stored: a unique key stopped it (the same form again, or a taken order id). */
  | { kind: "conflict" }
  /** Nothing stored: this line is not in stock in the quantity asked for. */
  | { kind: "short"; itemId: string; variant: string }
  /** Nothing stored: the event is not published as it was read any more. */
  | { kind: "changed" };

/** Writes orders of one event, priced under one definition, in one statement; one result per order. */
async function writeOrders(db: Db, all: readonly OrderStatementValues[]): Promise<OrderStatementResult[]> {
  const first = all[0]!;
  const latest = all.reduce((at, values) => (values.now > at ? values.now : at), first.now);
  const child = (columns: Record<string, JsonField>, pick: (values: OrderStatementValues) => Record<string, unknown>[]) =>
    jsonRows(
      { ...orderIdField, ...columns },
      all.flatMap((values) => pick(values).map((row) => ({ ...row, orderId: values.order.orderId }))),
    );
  const rows = await statement.execute(db, {
    eventId: first.eventId,
    definition: first.definition,
    capacity: first.capacity ?? null,
    // Open offers hold their places until this moment.
    now: latest.toISOString(),
    decisions: JSON.stringify(
      all.map((values) => ({
        order_id: values.order.orderId,
        draft_id: values.order.draftId,
        places: values.order.places,
        lines: values.decideStock ? values.items.map((line) => ({ item_id: line.itemId, variant: line.variant, quantity: line.quantity })) : [],
      })),
    ),
    orders: jsonRows(
      incomingOrderFields,
      all.map((values) => ({ ...values.order, linkTokenHash: values.linkTokenHash, personalToken: values.mail.personalToken ?? null })),
    ),
    items: child(itemColumns, (values) => values.items),
    participants: child(participantColumns, (values) => values.participants),
    charges: child(chargeColumns, (values) => values.charges),
    payments: child(paymentColumns, (values) => (values.payment ? [values.payment] : [])),
    mails: child(mailColumns, (values) => [values.mail.row]),
  });
  const byOrderId = new Map(rows.map((row) => [String(row.order_id), row]));
  return all.map((values): OrderStatementResult => {
    const row = byOrderId.get(String(values.order.orderId));
    if (!row || !driverBoolean(row.event_current)) return { kind: "changed" };
    if (row.id !== null && row.id !== undefined) return { kind: "stored", id: Number(row.id), status: String(row.status) };
    if (row.short_item) return { kind: "short", itemId: String(row.short_item), variant: String(row.short_variant) };
    return { kind: "conflict" };
  });
}

/**
 * Orders of one event that arrive together share a statement (db/write-batcher.ts): one batcher per event,
 * one statement of it at a time (its orders would wait for the same locks anyway). A statement takes only
 * orders priced under one definition and capacity; the batcher's other orders follow in the next.
 */
const batchers = new WeakMap<Db, Map<number, WriteBatcher<OrderStatementValues, OrderStatementResult>>>();

export function orderStatementBatcher(db: Db, eventId: number): WriteBatcher<OrderStatementValues, OrderStatementResult> {
  let byEvent = batchers.get(db);
  if (!byEvent) batchers.set(db, (byEvent = new Map()));
  let batcher = byEvent.get(eventId);
  if (!batcher) {
    batcher = new WriteBatcher<OrderStatementValues, OrderStatementResult>({
      write: (all) => writeInRuns(db, all),
      maxBatch: 32,
      concurrency: 1,
      key: (values) => String(values.order.draftId),
    });
    byEvent.set(eventId, batcher);
  }
  return batcher;
}

/** Consecutive orders priced alike go in one statement each. */
async function writeInRuns(db: Db, all: OrderStatementValues[]): Promise<OrderStatementResult[]> {
  const results: OrderStatementResult[] = [];
  for (let start = 0; start < all.length;) {
    const { definition, capacity } = all[start]!;
    let end = start + 1;
    while (end < all.length && all[end]!.definition === definition && all[end]!.capacity === capacity) end++;
    results.push(...(await writeOrders(db, all.slice(start, end))));
    start = end;
  }
  return results;
}

/**
 * Writes a new order, or nothing (OrderStatementResult), with the orders of its event that arrive at the same
 * moment. Throws EventChangedError when the event is not published as it was read any more (nothing written).
 */
export async function runOrderStatement(db: Db, values: OrderStatementValues): Promise<Exclude<OrderStatementResult, { kind: "changed" }>> {
  const result = await orderStatementBatcher(db, values.eventId).write(values);
  if (result.kind === "changed") throw new EventChangedError();
  return result;
}
