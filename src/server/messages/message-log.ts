/** The log of an event's messages: each family's state, «Send igjen», and forgetting the families with the event's personal data. */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { messageInputMessages, messageSegments, type MessageLogEntry } from "../../shared/messages/message.ts";
import type { Db } from "../db/database.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { messageRecipients, messages } from "../db/schema/messages.ts";
import { HttpError } from "../errors.ts";
import { messageEventOfSlug, programmeFileName } from "./message-event.ts";
import { plannedTiming } from "./message-planning.ts";

/** Copies each recipient's state from its outbox row (which the mail retention deletes later) into the log. */
export async function syncRecipientStates(db: Pick<Db, "execute">): Promise<void> {
  await db.execute(sql`
    update message_recipients r
       set state = case o.status when 'pending' then 'queued' else o.status end,
           error = case o.status when 'failed' then o.last_error else null end
      from mail_outbox o
     where o.id = r.outbox_id
       and (r.state <> case o.status when 'pending' then 'queued' else o.status end or r.error is distinct from o.last_error)`);
}

/** The event's messages, newest first, with each family's state and the counts per state. */
export async function messageLog(db: Db, slug: string, now: Date): Promise<MessageLogEntry[]> {
  const event = await messageEventOfSlug(db, slug);
  return messageLogOf(db, slug, event.kind === "camp" ? programmeFileName(event.edition) : null, now);
}

/**
 * The messages logged under `slug` (an event's, or the new-member admin's), newest first. `attachment`: the
 * file name a message with the programme attached carried.
 */
export async function messageLogOf(db: Db, slug: string, attachment: string | null, now: Date): Promise<MessageLogEntry[]> {
  await syncRecipientStates(db);
  const rows = await db.select().from(messages).where(eq(messages.eventSlug, slug)).orderBy(desc(messages.createdAt), desc(messages.id));
  if (rows.length === 0) return [];
  const recipients = await db
    .select()
    .from(messageRecipients)
    .where(
      inArray(
        messageRecipients.messageId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(messageRecipients.id));
  return rows.map((row) => {
    const own = recipients.filter((recipient) => recipient.messageId === row.id);
    const count = (state: string) => own.filter((recipient) => recipient.state === state).length;
    return {
      id: row.id,
      segment: messageSegments.includes(row.segment as never) ? (row.segment as MessageLogEntry["segment"]) : "all",
      day: row.segmentDay,
      subject: row.subject,
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      sendAt: row.sendAt.toISOString(),
      queuedAt: row.queuedAt?.toISOString() ?? null,
      recipients: row.queuedAt ? row.recipientCount : 0,
      counts: { queued: count("queued"), sent: count("sent"), failed: count("failed") },
      attachment: row.attachProgramme ? attachment : null,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      cancelledBy: row.cancelledBy,
      timing: plannedTiming(row, now),
      families: own.map((recipient) => ({
        address: recipient.address,
        participants: recipient.participants,
        state: recipient.state,
        error: recipient.error,
      })),
    };
  });
}

/** «Send igjen»: the message's failed mails go back into the outbox, due now. Answers how many. */
export async function resendFailed(db: Db, slug: string, messageId: number, now: Date): Promise<number> {
  await syncRecipientStates(db);
  const [message] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.eventSlug, slug)));
  if (!message) throw new HttpError(404, messageInputMessages.notFound);
  return db.transaction(async (tx) => {
    const failed = await tx
      .select({ id: messageRecipients.id, outboxId: messageRecipients.outboxId })
      .from(messageRecipients)
      .where(and(eq(messageRecipients.messageId, messageId), eq(messageRecipients.state, "failed")));
    const outboxIds = failed.flatMap((row) => (row.outboxId === null ? [] : [row.outboxId]));
    if (outboxIds.length === 0) return 0;
    await tx
      .update(mailOutbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: now, lastError: null })
      .where(and(inArray(mailOutbox.id, outboxIds), eq(mailOutbox.status, "failed")));
    await tx.update(messageRecipients).set({ state: "queued", error: null }).where(inArray(messageRecipients.outboxId, outboxIds));
    return outboxIds.length;
  });
}

/**
 * With an event's personal data (retention): the messages' texts, the families' addresses and names, and
 * their mails still in the outbox go; the log keeps each message's segment, count and states.
 */
export async function forgetEventMessages(db: Db, slug: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await syncRecipientStates(tx);
    const ids = tx.select({ id: messages.id }).from(messages).where(eq(messages.eventSlug, slug));
    await tx
      .delete(mailOutbox)
      .where(
        inArray(
          mailOutbox.id,
          tx.select({ id: messageRecipients.outboxId }).from(messageRecipients).where(inArray(messageRecipients.messageId, ids)),
        ),
      );
    await tx.execute(sql`delete from mail_outbox where dedupe_key in (select 'message:' || id || ':copy' from messages where event_slug = ${slug})`);
    await tx.update(messageRecipients).set({ emailKey: null, address: null, participants: null }).where(inArray(messageRecipients.messageId, ids));
    // A message not yet queued is never sent once its event's personal data is gone.
    await tx
      .update(messages)
      .set({
        subject: null,
        body: null,
        orderIds: null,
        textsDeletedAt: now,
        queuedAt: sql`coalesce(${messages.queuedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(and(eq(messages.eventSlug, slug), isNull(messages.textsDeletedAt)));
  });
}
