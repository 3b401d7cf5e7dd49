import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Text, or base64 for a binary file (a PDF) when `encoding` says so. */
  content: string;
  encoding?: "base64";
}

/**
 * Mail to send (D5): written in the same transaction as what it confirms, sent after commit by the
 * outbox worker, retried with backoff. `dedupe_key` makes queueing the same mail twice a no-op.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    dedupeKey: text("dedupe_key").notNull().unique(),
    recipient: text("recipient").notNull(),
    /** Where an answer goes (the club's contact address for a message from the leader); null: no Reply-To. */
    replyTo: text("reply_to"),
    /**
     * The content: written when queued, or (a mail with a `kind`) rendered by the sender from `payload`, whose
     * subject and text part are written here when it is sent, so the row keeps what the mail said (its HTML part
     * and files are not kept: docs/decisions/0052-a-sent-mail-keeps-its-text.md).
     */
    subject: text("subject"),
    text: text("text"),
    html: text("html"),
    /** A mail rendered at send time (mail/mail-kinds.ts names the renderer); null: the content is stored above. */
    kind: text("kind"),
    /** What the renderer needs besides the database (ids, a link's secret, figures as they stood when queued); cleared once sent. */
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    /** Files sent with the mail (e.g. the camp as an .ics calendar file); text content only. */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** A claimed row is pushed forward by the claim lease, so no other worker takes it meanwhile. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("mail_outbox_due_idx").on(table.status, table.nextAttemptAt),
    check("mail_outbox_status_check", sql`${table.status} in ('pending', 'sent', 'failed')`),
    check(
      "mail_outbox_content_check",
      sql`${table.kind} is not null or (${table.subject} is not null and ${table.text} is not null and ${table.html} is not null)`,
    ),
  ],
);
