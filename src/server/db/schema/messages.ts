import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";

/**
 * A message the leader wrote to the families of an event («Send melding»), or one the site sends by itself
 * (the reminder before the camp). `event_slug` is the event's key (`vinterleir-2026`). Subject and body are
 * deleted with the event's personal data; the row, its segment and the recipients' states stay as the log.
 */
export const messages = pgTable(
  "messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    eventSlug: text("event_slug").notNull(),
    segment: text("segment").notNull(),
    /** The camp day (YYYY-MM-DD) of a check-in segment; null otherwise. */
    segmentDay: text("segment_day"),
    /** The order ids of a `picked` segment. */
    orderIds: jsonb("order_ids").$type<string[]>(),
    /** Null once the event's personal data is gone (the log keeps counts and states). */
    subject: text("subject"),
    body: text("body"),
    attachProgramme: boolean("attach_programme").notNull().default(false),
    /** The camp account's username, or `system` for a message the site sends itself. */
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    sendAt: timestamp("send_at", { withTimezone: true }).notNull(),
    /** When the recipients were chosen and their mails queued; null while a message waits for its time. */
    queuedAt: timestamp("queued_at", { withTimezone: true }),
    recipientCount: integer("recipient_count").notNull().default(0),
    textsDeletedAt: timestamp("texts_deleted_at", { withTimezone: true }),
    /** A planned message the leader cancelled before its time («Avlys»): never queued, kept in the log. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by"),
  },
  (table) => [index("messages_event_idx").on(table.eventSlug), index("messages_due_idx").on(table.queuedAt, table.sendAt)],
);

export const messageRecipientStates = ["queued", "sent", "failed"] as const;

/**
 * One family a message went to (one per e-mail key). `state` and `error` are copied from the outbox row,
 * so they outlive it; the address and key are blanked with the event's personal data.
 */
export const messageRecipients = pgTable(
  "message_recipients",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    messageId: integer("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    emailKey: text("email_key"),
    address: text("address"),
    /** The participants the mail was about, for the log ("Emma Nordmann, Ola Nordmann"); blanked with the rest. */
    participants: text("participants"),
    /**
     * The mail's outbox row while it exists. No foreign key: the outbox is emptied by retention (and truncated by
     * tests) on its own terms; a row that is gone leaves the state last copied here.
     */
    outboxId: integer("outbox_id"),
    state: text("state", { enum: messageRecipientStates }).notNull().default("queued"),
    error: text("error"),
  },
  (table) => [
    unique("message_recipients_message_key_unique").on(table.messageId, table.emailKey),
    index("message_recipients_outbox_idx").on(table.outboxId),
    check("message_recipients_state_check", sql`${table.state} in ('queued', 'sent', 'failed')`),
  ],
);

/** The reminder the site sends by itself a set number of days before an event (one row per event; on by default). */
export const messageReminders = pgTable("message_reminders", {
  eventSlug: text("event_slug").primaryKey(),
  enabled: boolean("enabled").notNull(),
  daysBefore: integer("days_before").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  updatedBy: text("updated_by").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  /** The message the reminder became, once sent. */
  messageId: integer("message_id").references(() => messages.id, { onDelete: "set null" }),
});
