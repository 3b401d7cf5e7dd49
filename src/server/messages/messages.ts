import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { campDocumentPaths, documentFileName } from "../../shared/camp/camp-documents.ts";
import type { CampEdition } from "../../shared/camp/camp-edition.ts";
import { campYearOfSlug } from "../../shared/events/event-kinds.ts";
import {
  messageInputMessages,
  messageSegments,
  newMemberMessageSlug,
  plannedMessageGraceHours,
  type MessageLogEntry,
  type PlannedTiming,
  type MessagePreview,
  type SendMessageInput,
} from "../../shared/messages/message.ts";
import type { Db } from "../db/database.ts";
import { mailOutbox, type MailAttachment } from "../db/schema/mail.ts";
import { messageRecipients, messages } from "../db/schema/messages.ts";
import { HttpError } from "../errors.ts";
import { queueMail } from "../mail/outbox.ts";
import { campPdfs } from "../camp-documents/camp-pdfs.ts";
import { campEditionOfYear } from "../camp/camp-edition-lookup.ts";
import { loadEdition } from "../camp/camp-editions.ts";
import { createFamilyLink, personalLinkUrl } from "../camp/camp-personal-link.ts";
import { eventBySlug, type EventRow } from "../events/event-store.ts";
import { campMessageFamilies, type MessageFamily } from "./message-families.ts";
import { createEventOrderLinks, eventMessageFamilies } from "./message-event-families.ts";
import { campLinkLine, eventLinkLine, previewLinkPlaceholder, renderClubCopy, renderFamilyMessage } from "./message-mail.ts";
import { clubAddress, loadClubContact, type ClubContact } from "../site-content/club-contact.ts";

/** The camp edition behind a `vinterleir-YYYY` slug, or a 404. */
export async function eventOfSlug(db: Db, slug: string): Promise<CampEdition> {
  const year = campYearOfSlug(slug);
  if (year === undefined) throw new HttpError(404, messageInputMessages.unknownEvent);
  return campEditionOfYear(db, year);
}

/**
 * The same for what writes or shows a new message: the slug's year must be a stored camp edition (the
 * admin's picker only offers those), so a mistyped year answers 404 instead of writing to nobody.
 */
export async function storedEventOfSlug(db: Db, slug: string): Promise<CampEdition> {
  const year = campYearOfSlug(slug);
  if (year === undefined || !(await loadEdition(db, year))) throw new HttpError(404, messageInputMessages.unknownEvent);
  return campEditionOfYear(db, year);
}

/**
 * What a message is about: a winter camp's edition (`vinterleir-YYYY`), or a club event (a grading, a course,
 * a sale) by its slug. One set of calls, log and scheduler for both; who the families are, and the links
 * their mails carry, differ.
 */
export type MessageEvent = { kind: "camp"; edition: CampEdition } | { kind: "event"; row: EventRow };

/**
 * The event behind a slug, or a 404. `stored`: a camp year must have a stored edition (what writes or
 * shows a new message); a club event always must.
 */
export async function messageEventOfSlug(db: Db, slug: string, { stored = false } = {}): Promise<MessageEvent> {
  if (campYearOfSlug(slug) !== undefined) return { kind: "camp", edition: await (stored ? storedEventOfSlug(db, slug) : eventOfSlug(db, slug)) };
  // The new-member admin's log (its own credential) is never an event's, even one stored under its key.
  if (slug === newMemberMessageSlug) throw new HttpError(404, messageInputMessages.unknownEvent);
  const row = await eventBySlug(db, slug);
  if (!row) throw new HttpError(404, messageInputMessages.unknownEvent);
  return { kind: "event", row };
}

/** The families of the event a message of `input`'s segment goes to (see the camp's and the events' rules). */
function familiesOf(db: Db, event: MessageEvent, input: SendMessageInput, options: { ignoreUnknownOrders?: boolean } = {}): Promise<MessageFamily[]> {
  return event.kind === "camp" ? campMessageFamilies(db, event.edition, input, options) : eventMessageFamilies(db, event.row, input, options);
}

/**
 * The family's own links, made in the transaction that queues its mail: the camp's family link to «Min
 * påmelding», or a new link to each of its orders' pages (added beside those already mailed).
 */
async function familyLinks(tx: Db, event: MessageEvent, family: MessageFamily, now: Date, publicBaseUrl: string): Promise<string[]> {
  if (event.kind === "event") return createEventOrderLinks(tx, event.row, family, now, publicBaseUrl);
  return [personalLinkUrl(publicBaseUrl, await createFamilyLink(tx, family.emailKey, now))];
}

function linkLineOf(event: MessageEvent, links: number): string {
  return event.kind === "camp" ? campLinkLine : eventLinkLine(event.row.kind === "salg", links);
}

/** The programme's file name for an edition: the families' invitation, which carries the programme. */
export function programmeFileName(edition: CampEdition): string {
  return documentFileName(campDocumentPaths(edition.year).children);
}

/** The programme as the site serves it now: the club's contact details as kept in «Nettsted», the offers of the moment. */
async function programmeAttachment(edition: CampEdition, contact: ClubContact, at: Date): Promise<MailAttachment> {
  const name = programmeFileName(edition);
  const file = (await campPdfs(edition, contact, at)).get(name);
  if (!file) throw new Error(`the edition has no ${name}`);
  return { filename: name, contentType: "application/pdf", content: file.toString("base64"), encoding: "base64" };
}

/**
 * Stores a message; one due now is queued at once (recipients chosen, one mail per family), one for later
 * when the scheduler finds it due. Refuses (400) a segment nobody is in, before anything is stored.
 */
export async function createMessage(
  db: Db,
  slug: string,
  input: SendMessageInput,
  actor: string,
  now: Date,
  publicBaseUrl: string,
  replyToSetting?: string,
): Promise<{ id: number; recipients: number }> {
  const event = await messageEventOfSlug(db, slug, { stored: true });
  const families = await familiesOf(db, event, input);
  if (families.length === 0) throw new HttpError(400, messageInputMessages.noRecipients);
  const sendAt = input.sendAt ? new Date(input.sendAt) : now;
  const [row] = await db
    .insert(messages)
    .values({
      eventSlug: slug,
      segment: input.segment,
      segmentDay: input.day ?? null,
      orderIds: input.orderIds ?? null,
      subject: input.subject,
      body: input.body,
      attachProgramme: input.attachProgramme ?? false,
      createdBy: actor,
      createdAt: now,
      sendAt: sendAt > now ? sendAt : now,
    })
    .returning({ id: messages.id });
  if (sendAt <= now) return { id: row!.id, recipients: await queueMessage(db, row!.id, now, publicBaseUrl, replyToSetting) };
  return { id: row!.id, recipients: families.length };
}

/**
 * Chooses the recipients as the data stands now and queues one mail per family plus the club's copy, in one
 * transaction that first claims the message (so two processes never queue it twice). Answers how many families.
 */
export async function queueMessage(db: Db, messageId: number, now: Date, publicBaseUrl: string, replyToSetting?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .update(messages)
      .set({ queuedAt: now })
      .where(and(eq(messages.id, messageId), isNull(messages.queuedAt), isNull(messages.cancelledAt)))
      .returning();
    if (!message || message.subject === null || message.body === null) return 0;
    const event = await messageEventOfSlug(tx, message.eventSlug);
    const input: SendMessageInput = {
      segment: message.segment as SendMessageInput["segment"],
      subject: message.subject,
      body: message.body,
      ...(message.segmentDay ? { day: message.segmentDay } : {}),
      ...(message.orderIds ? { orderIds: message.orderIds } : {}),
    };
    // A picked registration removed since the message was written is simply not written to.
    const families = await familiesOf(tx, event, input, { ignoreUnknownOrders: true });
    const contact = await loadClubContact(tx);
    const replyTo = replyToSetting ?? contact.general;
    // Only a camp has a programme (a club event's message with one is refused when written).
    const attachments = message.attachProgramme && event.kind === "camp" ? [await programmeAttachment(event.edition, contact, now)] : [];
    const attachmentName = attachments[0]?.filename;
    for (const family of families) {
      const [recipient] = await tx
        .insert(messageRecipients)
        .values({ messageId, emailKey: family.emailKey, address: family.address, participants: family.participants.join(", ") })
        .returning({ id: messageRecipients.id });
      const links = await familyLinks(tx, event, family, now, publicBaseUrl);
      const mail = renderFamilyMessage(input, family, links, attachmentName, replyTo, linkLineOf(event, links.length));
      const outboxId = await queueMail(
        tx,
        { dedupeKey: `message:${messageId}:${recipient!.id}`, to: family.address, replyTo, ...mail, attachments },
        now,
      );
      await tx
        .update(messageRecipients)
        .set({ outboxId: outboxId ?? null })
        .where(eq(messageRecipients.id, recipient!.id));
    }
    await queueMail(
      tx,
      {
        dedupeKey: `message:${messageId}:copy`,
        to: contact.general,
        replyTo,
        ...renderClubCopy(input, families.length, message.createdBy, attachmentName),
        attachments,
      },
      now,
    );
    await tx.update(messages).set({ recipientCount: families.length }).where(eq(messages.id, messageId));
    return families.length;
  });
}

const graceMs = plannedMessageGraceHours * 60 * 60_000;

/** The earliest planned time the scheduler still sends by itself at `now`. */
function missedBefore(now: Date): Date {
  return new Date(now.getTime() - graceMs);
}

/** Where a message not yet sent stands at `now` (PlannedTiming); null once it is sent or cancelled. */
export function plannedTiming(row: { queuedAt: Date | null; cancelledAt: Date | null; sendAt: Date }, now: Date): PlannedTiming | null {
  if (row.queuedAt || row.cancelledAt) return null;
  if (row.sendAt > now) return "waiting";
  return row.sendAt > missedBefore(now) ? "due" : "missed";
}

/**
 * Queues every message whose time has come (the scheduler's pass). A time the scheduler missed (the server
 * was down) is made up for up to `plannedMessageGraceHours` late; a message later than that is left for the
 * leader («Send nå» or «Avlys»), as the log says. Answers how many it queued.
 */
export async function queueDueMessages(db: Db, now: Date, publicBaseUrl: string, replyToSetting?: string): Promise<number> {
  const due = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(isNull(messages.queuedAt), isNull(messages.cancelledAt), lte(messages.sendAt, now), gt(messages.sendAt, missedBefore(now))))
    .orderBy(asc(messages.sendAt));
  for (const { id } of due) await queueMessage(db, id, now, publicBaseUrl, replyToSetting);
  return due.length;
}

/** The exact mail one family of the segment would get (the named order's, else the first), without making its link. */
export async function previewMessage(
  db: Db,
  slug: string,
  input: SendMessageInput,
  orderId: string | undefined,
  replyToSetting?: string,
): Promise<MessagePreview> {
  const event = await messageEventOfSlug(db, slug, { stored: true });
  const families = await familiesOf(db, event, input);
  const family: MessageFamily | undefined = orderId ? families.find((candidate) => candidate.orderIds.includes(orderId)) : families[0];
  if (!family) throw new HttpError(400, messageInputMessages.noRecipients);
  const attachment = input.attachProgramme && event.kind === "camp" ? programmeFileName(event.edition) : undefined;
  const replyTo = await clubAddress(db, replyToSetting);
  // A camp family has one link; an event family one per order.
  const placeholders = event.kind === "camp" ? [previewLinkPlaceholder] : family.orderIds.map(() => previewLinkPlaceholder);
  const mail = renderFamilyMessage(input, family, placeholders, attachment, replyTo, linkLineOf(event, placeholders.length));
  return {
    to: family.address,
    replyTo,
    ...mail,
    attachment: attachment ?? null,
    recipients: families.map((candidate) => ({ orderIds: candidate.orderIds, participants: candidate.participants.join(", ") })),
  };
}

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

/**
 * «Avlys»: a message waiting for its time is never sent. Answers 404 for another event's or an unknown
 * message, 409 once it has been queued (its mails are on their way) or cancelled already.
 */
export async function cancelPlannedMessage(db: Db, slug: string, messageId: number, actor: string, now: Date): Promise<void> {
  // One statement against the scheduler's claim (which sets queued_at): exactly one of them wins.
  const [cancelled] = await db
    .update(messages)
    .set({ cancelledAt: now, cancelledBy: actor })
    .where(and(eq(messages.id, messageId), eq(messages.eventSlug, slug), isNull(messages.queuedAt), isNull(messages.cancelledAt)))
    .returning({ id: messages.id });
  if (cancelled) return;
  const [message] = await db
    .select({ cancelledAt: messages.cancelledAt })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.eventSlug, slug)));
  if (!message) throw new HttpError(404, messageInputMessages.notFound);
  throw new HttpError(409, message.cancelledAt ? messageInputMessages.alreadyCancelled : messageInputMessages.alreadyQueued);
}

/**
 * «Send nå»: a message not yet sent (waiting for its time, or missed) is queued at once, its recipients chosen
 * now. 404 for another event's or an unknown message, 409 once it is sent or cancelled. Answers how many families.
 */
export async function sendPlannedNow(
  db: Db,
  slug: string,
  messageId: number,
  now: Date,
  publicBaseUrl: string,
  replyToSetting?: string,
): Promise<number> {
  const [message] = await db
    .select({ queuedAt: messages.queuedAt, cancelledAt: messages.cancelledAt })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.eventSlug, slug)));
  if (!message) throw new HttpError(404, messageInputMessages.notFound);
  if (message.cancelledAt) throw new HttpError(409, messageInputMessages.alreadyCancelled);
  if (message.queuedAt) throw new HttpError(409, messageInputMessages.alreadyQueued);
  // queueMessage claims the row itself: of two at once (or the scheduler), one queues it.
  return queueMessage(db, messageId, now, publicBaseUrl, replyToSetting);
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
