import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import { emailKey } from "../../shared/contact/email-key.ts";
import { messageInputMessages, newMemberMessageSlug, type NewMemberMessageInput } from "../../shared/messages/message.ts";
import { needsGuardian } from "../../shared/members/new-member.ts";
import type { Db } from "../db/database.ts";
import { newMemberRegistrations } from "../db/schema/members.ts";
import { messageRecipients, messages } from "../db/schema/messages.ts";
import { HttpError } from "../errors.ts";
import { opensWithGreeting } from "../../shared/messages/message-greeting.ts";
import { queueMail } from "../mail/outbox.ts";
import { namesList, renderClubCopy, replyToSentence } from "../messages/message-mail.ts";
import { clubAddress, loadClubContact } from "../site-content/club-contact.ts";
import { renderMailContent } from "../mail/mail-content.ts";

/**
 * «Skriv til interesserte»: one mail per contact address (a parent with two children gets one), greeting the
 * contact — the guardian of a child, the adult themselves — about the named children, Reply-To the club, a copy
 * to the club; logged like the camp's messages. Answers the message's id and how many got it.
 */
export async function sendNewMemberMessage(
  db: Db,
  input: NewMemberMessageInput,
  actor: string,
  now: Date,
  replyToSetting?: string,
): Promise<{ id: number; recipients: number }> {
  return db.transaction(async (tx) => {
    const replyTo = await clubAddress(tx, replyToSetting);
    const rows = input.registrationIds?.length
      ? await tx.select().from(newMemberRegistrations).where(inArray(newMemberRegistrations.registrationId, input.registrationIds))
      : await tx.select().from(newMemberRegistrations);
    if (input.registrationIds?.length && rows.length !== new Set(input.registrationIds).size)
      throw new HttpError(400, "En av de valgte finnes ikke lenger.");
    const byAddress = new Map<string, typeof rows>();
    for (const row of rows.sort((a, b) => a.registrationId - b.registrationId)) {
      const key = emailKey(row.email);
      if (key) byAddress.set(key, [...(byAddress.get(key) ?? []), row]);
    }
    if (byAddress.size === 0) throw new HttpError(400, messageInputMessages.noRecipients);
    const [message] = await tx
      .insert(messages)
      .values({
        eventSlug: newMemberMessageSlug,
        segment: input.registrationIds?.length ? "picked" : "all",
        subject: input.subject,
        body: input.body,
        createdBy: actor,
        createdAt: now,
        sendAt: now,
        queuedAt: now,
        recipientCount: byAddress.size,
      })
      .returning({ id: messages.id });
    for (const [key, family] of byAddress) {
      const first = family[0]!;
      const greeting = needsGuardian(first.age) && first.parentFirstName ? first.parentFirstName : first.firstName;
      const children = family.filter((row) => needsGuardian(row.age)).map((row) => row.firstName);
      const about = children.length > 0 ? `Denne meldingen gjelder ${namesList(children)}.` : undefined;
      // One greeting: the leader's own when the text opens with one (shared/messages/message-greeting.ts);
      // then whom it is about stands below the text, so the mail still begins with the greeting.
      const hello = opensWithGreeting(input.body) ? undefined : `Hei ${greeting}!`;
      const { text, html } = renderMailContent({
        title: input.subject,
        heading: false,
        greet: hello ? greeting : false,
        blocks: [
          ...(hello && about ? [{ paragraph: about }] : []),
          { paragraph: input.body },
          ...(!hello && about ? [{ paragraph: about }] : []),
          { paragraph: replyToSentence(replyTo) },
        ],
      });
      const [recipient] = await tx
        .insert(messageRecipients)
        .values({
          messageId: message!.id,
          emailKey: key,
          address: first.email,
          participants: family.map((row) => `${row.firstName} ${row.lastName}`).join(", "),
        })
        .returning({ id: messageRecipients.id });
      const outboxId = await queueMail(
        tx,
        { dedupeKey: `message:${message!.id}:${recipient!.id}`, to: first.email, replyTo, subject: input.subject, text, html },
        now,
      );
      await tx
        .update(messageRecipients)
        .set({ outboxId: outboxId ?? null })
        .where(inArray(messageRecipients.id, [recipient!.id]));
    }
    const copy = renderClubCopy(
      { subject: input.subject, body: input.body, segment: input.registrationIds?.length ? "picked" : "all" },
      byAddress.size,
      actor,
      undefined,
      "new-members",
    );
    await queueMail(tx, { dedupeKey: `message:${message!.id}:copy`, to: (await loadClubContact(tx)).general, replyTo, ...copy }, now);
    return { id: message!.id, recipients: byAddress.size };
  });
}

/**
 * With the interest registrations (retention): the texts, addresses and names of the messages written to the
 * interested before `cutoff` go; the log keeps when, by whom, how many and each mail's state.
 */
export async function forgetOldNewMemberMessages(db: Db, cutoff: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const old = tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.eventSlug, newMemberMessageSlug), lt(messages.createdAt, cutoff), isNull(messages.textsDeletedAt)));
    await tx.update(messageRecipients).set({ emailKey: null, address: null, participants: null }).where(inArray(messageRecipients.messageId, old));
    await tx
      .update(messages)
      .set({ subject: null, body: null, orderIds: null, textsDeletedAt: cutoff })
      .where(and(eq(messages.eventSlug, newMemberMessageSlug), lt(messages.createdAt, cutoff), isNull(messages.textsDeletedAt)));
  });
}
