/** A leader's message to an event's families: stored, queued as one mail per family with its own links, and previewed. */
import { and, eq, isNull } from "drizzle-orm";
import { messageInputMessages, type MessagePreview, type SendMessageInput } from "../../shared/messages/message.ts";
import type { Db } from "../db/database.ts";
import { messageRecipients, messages } from "../db/schema/messages.ts";
import { HttpError } from "../errors.ts";
import { queueMail } from "../mail/outbox.ts";
import type { MessageFamily } from "./message-families.ts";
import { previewLinkPlaceholder, renderClubCopy, renderFamilyMessage } from "./message-mail.ts";
import { clubAddress, loadClubContact } from "../site-content/club-contact.ts";
import { messageEventOfSlug, familiesOf, programmeAttachment, familyLinks, linkLineOf, programmeFileName } from "./message-event.ts";

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
