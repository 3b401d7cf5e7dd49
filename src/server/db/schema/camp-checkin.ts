import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { campRegistrations } from "./camp.ts";

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
    registrationId: integer("registration_id")
      .notNull()
      .references(() => campRegistrations.id, { onDelete: "cascade" }),
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
  },
  (table) => [index("camp_checkin_refusals_registration_idx").on(table.registrationId)],
);
