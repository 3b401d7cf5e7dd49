import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { namedStatement } from "../db/prepared-statement.ts";
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

/**
 * A mail rendered when it is sent (mail/mail-kinds.ts): the request that queues it stores only what the
 * renderer needs, so making its HTML, images and files costs the request nothing.
 */
export interface DeferredMail {
  dedupeKey: string;
  to: string;
  kind: string;
  payload: Record<string, unknown>;
}

/** Answers the outbox row's id, or undefined when the dedupe key was already queued. */
export async function queueDeferredMail(db: Queryable, mail: DeferredMail, now: Date): Promise<number | undefined> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      dedupeKey: mail.dedupeKey,
      recipient: mail.to,
      kind: mail.kind,
      payload: mail.payload,
      status: "pending",
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return row?.id;
}

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
  /** Null for a mail rendered at send time (`kind`). */
  subject: string | null;
  text: string | null;
  html: string | null;
  attachments: MailAttachment[] | null;
  kind: string | null;
  payload: Record<string, unknown> | null;
  createdAt: Date;
  attempts: number;
}

/**
 * Takes due rows for sending: one UPDATE pushes their next attempt past the lease, so no other worker (or
 * process) claims them while this one sends. SKIP LOCKED lets parallel workers on PostgreSQL take
 * different rows instead of waiting; PGlite has one connection and accepts the same SQL. The rows are chosen
 * once, in a materialised CTE: written as `id in (subquery … limit n)`, the planner claimed every due row,
 * past the batch and past the per-minute limit.
 */
export async function claimDueMail(db: Db, now: Date, leaseMs: number, limit: number): Promise<ClaimedMail[]> {
  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  const result = await db.execute<Omit<ClaimedMail, "createdAt"> & { createdAt: string | Date }>(sql`
    with due as materialized (
      select id from mail_outbox
       where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
       order by next_attempt_at, id
       limit ${limit}::int
       for update skip locked)
    update mail_outbox m
       set attempts = m.attempts + 1, next_attempt_at = ${leaseUntil}::timestamptz
      from due
     where m.id = due.id and m.status = 'pending'
    returning m.id, m.recipient, m.reply_to as "replyTo", m.subject, m.text, m.html, m.attachments, m.kind, m.payload, m.created_at as "createdAt", m.attempts`);
  return result.rows.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts), createdAt: new Date(row.createdAt) }));
}

/** The content a mail went out with, kept on its row (a mail rendered at send time). */
export type RenderedMail = Pick<OutgoingMail, "subject" | "text" | "html" | "attachments">;

/** A mail the transport took, with its content when it was rendered at send time. */
export interface SentMail {
  mail: Pick<ClaimedMail, "id" | "text" | "html">;
  rendered?: RenderedMail;
}

/**
 * Records sent mails, a batch in one statement. The stored copy keeps its links with their secrets removed: the
 * secret went out once, to the recipient, and a sent row is only ever read again as a copy (the person export, a
 * backup), which must open nothing. A mail not sent yet (or failed, for «Send igjen») keeps its text as it is.
 *
 * A mail rendered at send time keeps its subject and its text part, which say all it said: the HTML part and the
 * files were made from the same data and are never read again, and writing them was half of recording a mail
 * (docs/decisions/0052-a-sent-mail-keeps-its-text.md). Its payload (which may hold a link's secret) goes too.
 *
 * The ids are given again as an array: the planner cannot tell how many rows the JSON holds and took the index
 * of pending rows instead of the key, and that index keeps an entry for every version of a row until a vacuum
 * (PGlite has none), so ten rows read hundreds of pages (359 buffers after three thousand mails, 9 with the ids).
 */
export async function markMailsSent(db: Db, sent: readonly SentMail[], now: Date): Promise<void> {
  if (sent.length === 0) return;
  const rows = sent.map(({ mail, rendered }) => {
    const text = rendered?.text ?? mail.text;
    return {
      id: mail.id,
      text: text === null ? null : withoutLinkSecrets(text),
      html: rendered || mail.html === null ? null : withoutLinkSecrets(mail.html),
      rendered: rendered !== undefined,
      subject: rendered?.subject ?? null,
    };
  });
  const ids = `{${rows.map((row) => row.id).join(",")}}`;
  await markSent.execute(db, { sentAt: now.toISOString(), rows: JSON.stringify(rows), ids });
}

// Every batch sent writes its rows once: a named statement, parsed once (db/prepared-statement.ts).
const markSent = namedStatement(
  "mail_outbox_mark_sent",
  () => sql`update mail_outbox m
       set status = 'sent', sent_at = ${sql.placeholder("sentAt")}::timestamptz, last_error = null, text = s.text, html = s.html,
           subject = case when s.rendered then s.subject else m.subject end,
           attachments = case when s.rendered then null else m.attachments end,
           payload = case when s.rendered then null else m.payload end
      from jsonb_to_recordset(${sql.placeholder("rows")}::jsonb)
           as s(id integer, text text, html text, rendered boolean, subject text)
     where m.id = s.id and m.status = 'pending' and m.id = any(${sql.placeholder("ids")}::int[])`,
);

/**
 * Hands back claimed rows a run did not try (mail/outbox-worker.ts): due at `now`, with the claim's attempt taken
 * off again. Only rows still under this claim's lease (`leaseUntil`), so a row another process has claimed since
 * is left to it.
 */
export async function releaseClaimedMail(db: Db, mails: readonly Pick<ClaimedMail, "id">[], leaseUntil: Date, now: Date): Promise<void> {
  if (mails.length === 0) return;
  await db.execute(sql`
    update mail_outbox
       set next_attempt_at = ${now.toISOString()}::timestamptz, attempts = greatest(attempts - 1, 0)
     where id in (select value::int from json_array_elements_text(${JSON.stringify(mails.map((mail) => mail.id))}::json))
       and status = 'pending' and next_attempt_at = ${leaseUntil.toISOString()}::timestamptz`);
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
