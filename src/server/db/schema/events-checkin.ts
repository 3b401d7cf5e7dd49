/** The door: each check-in, pick-up, payment at the door and undo. */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { eventPayments, eventPaymentActions } from "./events-money.ts";
import { ownerKindColumn, orderOwnerFk } from "./events-orders.ts";

/**
 * Every action from a door (docs/decisions/0030-event-door.md, 0040-one-offline-door.md), appended, never
 * changed. A grading's or a course's participant is checked in by position, a sale's order picked up whole
 * (`position` null): what stands is the latest row of each order and position that changed something, and
 * the door writes a row only when it changes that, with the order row locked, so two doors never act twice.
 * The camp's door writes here too (its registration's order, `owner_kind` «camp»): a check-in or its undo for
 * a person (`person_id`) on a camp day, or a payment taken at the door or taken back, with its payment and
 * money-log entry; what stands at the camp is read from it (camp-arrivals.ts).
 */
export const eventCheckinActions = pgTable(
  "event_checkin_actions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id").notNull(),
    /** The participant's position in the order; null for a sale's order (picked up) and at the camp. */
    position: integer("position"),
    /** An event's door: checkin | undo. The camp's: checkin | undo-checkin | payment | undo-payment. */
    kind: text("kind", { enum: ["checkin", "undo", "undo-checkin", "payment", "undo-payment"] }).notNull(),
    /** The admin account's username and name. */
    accountUsername: text("account_username").notNull(),
    accountName: text("account_name").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /**
     * The phone's id for the action, so a replay is carried out once; null for an event's action sent
     * without one (the camp's door always sends one).
     */
    actionId: uuid("action_id").unique("event_checkin_actions_action_id_unique"),
    /**
     * False for an action that found its state already standing: kept only so its id is known when it is
     * sent again. What stands is the latest row that changed something.
     */
    changed: boolean("changed").notNull().default(true),
    /** The camp: the person (`a{registrationId}` the athlete, `c{companionId}` a companion) and the camp day (YYYY-MM-DD, Oslo). */
    personId: text("person_id"),
    day: text("day"),
    /** The camp: a payment's amount, whole kroner (an undo's: what was taken back). */
    amount: integer("amount"),
    /** The camp: the payment and its action a door payment went to (null once the accounting records are deleted). */
    paymentId: integer("payment_id").references(() => eventPayments.id, { onDelete: "set null" }),
    paymentActionId: integer("payment_action_id").references(() => eventPaymentActions.id, { onDelete: "set null" }),
    /** The camp: the action that undid this payment. */
    undoneBy: uuid("undone_by"),
    /** Whose row it is, kept by the database: it names only an order of its own side (`orderOwnerFk`). */
    ownerKind: ownerKindColumn(),
  },
  (table) => [
    orderOwnerFk("event_checkin_actions", table, "cascade"),
    index("event_checkin_actions_order_idx").on(table.orderId, table.position, table.id),
    check("event_checkin_actions_kind_check", sql`${table.kind} in ('checkin', 'undo', 'undo-checkin', 'payment', 'undo-payment')`),
    check(
      "event_checkin_actions_owner_check",
      sql`${table.ownerKind} <> 'camp' or (${table.personId} is not null and ${table.day} is not null and ${table.actionId} is not null)`,
    ),
  ],
);
