import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mailOutbox, type MailAttachment } from "../db/schema/mail.ts";
import { withoutLinkSecrets } from "../../shared/privacy/link-secrets.ts";

export type { MailAttachment };

export interface OutgoingMail {
  /** One mail per key, ever: queueing the same key again does nothing (e.g. `camp-confirmation:{id}`). */
  dedupeKey: string;
  to: string;
  /** Where an answer goes; without it, answers go to the sender (MAIL_FROM, which does not take them). */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the mail (text content), e.g. a calendar file. */
  attachments?: MailAttachment[];
  /** Not sent before this time (a message sent at a chosen time); default now. */
  notBefore?: Date;
}

/** Any query API: the app's db or a transaction (queue inside the transaction that makes the mail true). */
type Queryable = Pick<Db, "insert">;

/** Answers the outbox row's id, or undefined when the dedupe key was already queued. */
export async function queueMail(db: Queryable, mail: OutgoingMail, now: Date): Promise<number | undefined> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      dedupeKey: mail.dedupeKey,
      recipient: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments?.length ? mail.attachments : null,
      status: "pending",
      nextAttemptAt: mail.notBefore && mail.notBefore > now ? mail.notBefore : now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return row?.id;
}

export interface ClaimedMail {
  id: number;
  recipient: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[] | null;
  attempts: number;
}

/**
 * Takes due rows for sending: one UPDATE pushes their next attempt past the lease, so no other worker (or
 * process) claims them while this one sends. SKIP LOCKED lets parallel workers on PostgreSQL take
 * different rows instead of waiting; PGlite has one connection and accepts the same SQL.
 */
export async function claimDueMail(db: Db, now: Date, leaseMs: number, limit: number): Promise<ClaimedMail[]> {
  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  const result = await db.execute<{ id: number; recipient: string; replyTo: string | null; subject: string; text: string; html: string; attachments: MailAttachment[] | null; attempts: number }>(sql`
    update mail_outbox
       set attempts = attempts + 1, next_attempt_at = ${leaseUntil}::timestamptz
     where id in (
       select id from mail_outbox
        where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked)
       and status = 'pending'
    returning id, recipient, reply_to as "replyTo", subject, text, html, attachments, attempts`);
  return result.rows.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }));
}

/**
 * Records a sent mail. The stored copy keeps its links with their secrets removed: the secret went out once,
 * to the recipient, and a sent row is only ever read again as a copy (the person export, a backup), which
 * must open nothing. A mail not sent yet (or failed, for «Send igjen») keeps its text as it is.
 */
export async function markMailSent(db: Db, mail: Pick<ClaimedMail, "id" | "text" | "html">, now: Date): Promise<void> {
  await db.execute(sql`
    update mail_outbox set status = 'sent', sent_at = ${now.toISOString()}::timestamptz, last_error = null,
           text = ${withoutLinkSecrets(mail.text)}, html = ${withoutLinkSecrets(mail.html)}
     where id = ${mail.id} and status = 'pending'`);
}

/** Retry later with backoff, or give up after `maxAttempts` (status failed; the admin can see it). */
export async function markMailFailed(
  db: Db,
  mail: Pick<ClaimedMail, "id" | "attempts">,
  error: string,
  now: Date,
  policy: { maxAttempts: number; backoffMs: (attempts: number) => number },
): Promise<"retry" | "failed"> {
  const giveUp = mail.attempts >= policy.maxAttempts;
  const next = new Date(now.getTime() + policy.backoffMs(mail.attempts)).toISOString();
  await db.execute(sql`
    update mail_outbox
       set status = ${giveUp ? "failed" : "pending"}, next_attempt_at = ${next}::timestamptz,
           last_error = ${error.slice(0, 1000)}
     where id = ${mail.id} and status = 'pending'`);
  return giveUp ? "failed" : "retry";
}
