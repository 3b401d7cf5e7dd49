import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { eventOrders } from "./events-orders.ts";

/**
 * The server's key for the check-in codes in the confirmation mails (an HMAC of the order id with it):
 * one row, made by the migration from the database's own strong random source. Codes stay valid across
 * restarts and processes, and follow a backup.
 */
export const campCheckinSecret = pgTable(
  "camp_checkin_secret",
  {
    id: integer("id").primaryKey(),
    secret: text("secret").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("camp_checkin_secret_single_row", sql`${table.id} = 1`)],
);

/**
 * Door actions the server refused for good (a payment of more than is left, because another door took it
 * while this phone was offline; a cancelled registration): kept so the leader sees every one, and never
 * doubled in the ledger. One row per action id, however often the phone sends it again.
 */
export const campCheckinRefusals = pgTable(
  "camp_checkin_refusals",
  {
    actionId: uuid("action_id").primaryKey(),
    registrationId: integer("registration_id").notNull(),
    kind: text("kind").notNull(),
    personId: text("person_id").notNull(),
    day: text("day").notNull(),
    amount: integer("amount"),
    method: text("method"),
    /** The Norwegian reason the door was given. */
    message: text("message").notNull(),
    accountUsername: text("account_username").notNull(),
    accountName: text("account_name").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** A refusal is a camp registration's: the database refuses one naming an event's order. */
    ownerKind: text("owner_kind").generatedAlwaysAs(sql`'camp'`),
  },
  (table) => [
    index("camp_checkin_refusals_registration_idx").on(table.registrationId),
    foreignKey({
      name: "camp_checkin_refusals_registration_owner_fk",
      columns: [table.registrationId, table.ownerKind],
      foreignColumns: [eventOrders.id, eventOrders.ownerKind],
    }).onDelete("cascade"),
  ],
);
