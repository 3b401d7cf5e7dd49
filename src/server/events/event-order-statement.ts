import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/database.ts";
import { driverBoolean, namedStatement } from "../db/prepared-statement.ts";
import { columnNames, valuesList, valuesOf } from "../db/values-list.ts";
import { eventLedgerEntries, eventOrderItems, eventOrders, eventParticipants, eventPayments, events } from "../db/schema/events.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { eventConfirmationKeyPrefix, eventConfirmationMailKind } from "./event-mail.ts";
import { eventWaitlistJoinedKeyPrefix, eventWaitlistJoinedMailKind } from "./event-waitlist-joined-mail.ts";

/**
 * The statement a new event order is written with: the order, its participants or items, its ledger
 * charges, its Vipps payment, and its confirmation or waiting-list mail (rendered when sent), as ONE statement of
 * data-modifying CTEs: one round trip, atomic, prepared once per database, as the camp's registration
 * (docs/decisions/0020-one-registration-writer.md). It writes nothing when the event is no longer published
 * with the definition the order was priced under (`event_current` false), nor when the order's insert meets a
 * unique key (the same form sent twice, or a taken order id): then no id comes back.
 */

export interface OrderStatementShape {
  participants: number;
  items: number;
  /** Ledger charges: none for an order that waits. */
  charges: number;
  payment: boolean;
  /** The mail the order's statement queues (rendered when sent): its confirmation, or «you are on the waiting list». */
  mail: "confirmation" | "waitlist" | null;
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
  order: Row<typeof orderColumns>;
  participants: Row<typeof participantColumns>[];
  items: Row<typeof itemColumns>[];
  charges: Row<typeof chargeColumns>[];
  payment?: Row<typeof paymentColumns>;
  /** The mail's outbox row, and for a confirmation the personal link's secret it carries (its hash is on the order). */
  mail?: { row: Row<typeof mailColumns>; personalToken?: string };
}

function statementSql(shape: OrderStatementShape): SQL {
  const childInsert = (
    name: string,
    table: typeof eventParticipants | typeof eventOrderItems | typeof eventLedgerEntries | typeof eventPayments,
    orderId: PgColumn,
    columns: Record<string, PgColumn>,
    prefix: string,
    rows: number,
  ) =>
    sql`${sql.identifier(name)} as (insert into ${table} (${columnNames([orderId, ...Object.values(columns)])})
      select new_order.id, v.* from new_order, ${valuesList("v", prefix, columns, rows)})`;
  const parts: SQL[] = [
    sql`event_check as (select exists (select 1 from ${events} where ${events.id} = ${sql.placeholder("eventId")}::int
      and ${events.definition} = ${sql.placeholder("definition")}::jsonb and ${events.publishedAt} is not null) as current)`,
    sql`new_order as (insert into ${eventOrders} (${columnNames(Object.values(orderColumns))})
      select v.* from ${valuesList("v", "o", orderColumns, 1)}, event_check where event_check.current
      on conflict do nothing returning id)`,
  ];
  if (shape.participants)
    parts.push(childInsert("participants", eventParticipants, eventParticipants.orderId, participantColumns, "p", shape.participants));
  if (shape.items) parts.push(childInsert("items", eventOrderItems, eventOrderItems.orderId, itemColumns, "i", shape.items));
  if (shape.charges) parts.push(childInsert("charges", eventLedgerEntries, eventLedgerEntries.orderId, chargeColumns, "c", shape.charges));
  if (shape.payment) parts.push(childInsert("payment", eventPayments, eventPayments.orderId, paymentColumns, "y", 1));
  if (shape.mail === "confirmation")
    parts.push(sql`mail as (insert into ${mailOutbox} (${columnNames([mailOutbox.dedupeKey, mailOutbox.kind, mailOutbox.payload, ...Object.values(mailColumns)])})
      select ${eventConfirmationKeyPrefix}::text || new_order.id, ${eventConfirmationMailKind}::text,
             jsonb_build_object('orderId', new_order.id, 'personalToken', ${sql.placeholder("personalToken")}::text),
             v.* from new_order, ${valuesList("v", "m", mailColumns, 1)})`);
  if (shape.mail === "waitlist")
    parts.push(sql`mail as (insert into ${mailOutbox} (${columnNames([mailOutbox.dedupeKey, mailOutbox.kind, mailOutbox.payload, ...Object.values(mailColumns)])})
      select ${eventWaitlistJoinedKeyPrefix}::text || new_order.id, ${eventWaitlistJoinedMailKind}::text, jsonb_build_object('orderId', new_order.id),
             v.* from new_order, ${valuesList("v", "m", mailColumns, 1)})`);
  return sql`with ${sql.join(parts, sql`, `)} select new_order.id, event_check.current as event_current from event_check left join new_order on true`;
}

const statements = new Map<string, ReturnType<typeof namedStatement>>();

/** The event changed (or was unpublished) between the read the order was priced under and its write. */
export class EventChangedError extends Error {
  constructor() {
    super("The event changed during the order");
  }
}

/**
 * Writes a new order; answers its row id, or undefined when a unique key stopped it (nothing written).
 * Throws EventChangedError when the event is not published as it was read any more (nothing written).
 */
export async function runOrderStatement(db: Db, shape: OrderStatementShape, values: OrderStatementValues): Promise<number | undefined> {
  const name = `event_order_p${shape.participants}_i${shape.items}_c${shape.charges}_y${Number(shape.payment)}_m${shape.mail ?? "none"}`;
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = namedStatement(name, () => statementSql(shape))));
  const placeholders: Record<string, unknown> = { eventId: values.eventId, definition: values.definition };
  valuesOf("o", [values.order], placeholders);
  valuesOf("p", values.participants, placeholders);
  valuesOf("i", values.items, placeholders);
  valuesOf("c", values.charges, placeholders);
  if (values.payment) valuesOf("y", [values.payment], placeholders);
  if (values.mail) {
    valuesOf("m", [values.mail.row], placeholders);
    if (values.mail.personalToken !== undefined) placeholders.personalToken = values.mail.personalToken;
  }
  const [row] = await statement.execute(db, placeholders);
  if (!driverBoolean(row?.event_current)) throw new EventChangedError();
  return row!.id === null || row!.id === undefined ? undefined : Number(row!.id);
}
