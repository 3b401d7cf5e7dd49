import { and, eq, isNull } from "drizzle-orm";
import { startOfOsloDay } from "../../shared/time.ts";
import { campEventSlug, defaultReminder, type Reminder } from "../../shared/messages/message.ts";
import type { Db } from "../db/database.ts";
import { messageReminders, messages } from "../db/schema/messages.ts";
import { currentEditionYear } from "../camp/camp-edition-lookup.ts";
import { eventOfSlug, storedEventOfSlug } from "./messages.ts";
import type { CampEdition } from "../../shared/camp/camp-edition.ts";

const dayMs = 24 * 60 * 60_000;

/** When the reminder goes: `daysBefore` days before the first camp day begins (Oslo). */
export function reminderSendsAt(edition: CampEdition, reminder: Pick<Reminder, "daysBefore">): Date {
  return new Date(startOfOsloDay(edition.start).getTime() - reminder.daysBefore * dayMs);
}

/** The event's reminder as the leader set it, or the default (on) when nobody has. */
export async function reminderOf(db: Db, slug: string) {
  const edition = await eventOfSlug(db, slug);
  const [row] = await db.select().from(messageReminders).where(eq(messageReminders.eventSlug, slug));
  const reminder: Reminder = row ? { enabled: row.enabled, daysBefore: row.daysBefore, subject: row.subject, body: row.body } : defaultReminder;
  return { ...reminder, sentMessageId: row?.messageId ?? null, sendsAt: reminderSendsAt(edition, reminder).toISOString() };
}

export async function saveReminder(db: Db, slug: string, reminder: Reminder, actor: string, now: Date) {
  await storedEventOfSlug(db, slug);
  await db
    .insert(messageReminders)
    .values({ eventSlug: slug, ...reminder, updatedBy: actor, updatedAt: now })
    .onConflictDoUpdate({ target: messageReminders.eventSlug, set: { ...reminder, updatedBy: actor, updatedAt: now } });
  return reminderOf(db, slug);
}

/**
 * The scheduler's part: once the current camp's reminder is due (and the camp has not begun), it becomes a
 * message to all its families, with the programme attached, exactly once (the row is claimed in the transaction).
 * Answers the new message's id.
 */
export async function createDueReminder(db: Db, now: Date): Promise<number | undefined> {
  const year = await currentEditionYear(db, now);
  if (year === undefined) return undefined;
  const slug = campEventSlug(year);
  const edition = await eventOfSlug(db, slug);
  const current = await reminderOf(db, slug);
  const start = startOfOsloDay(edition.start);
  if (!current.enabled || current.sentMessageId !== null || now < new Date(current.sendsAt) || now >= start) return undefined;
  return db.transaction(async (tx) => {
    await tx
      .insert(messageReminders)
      .values({
        eventSlug: slug,
        enabled: current.enabled,
        daysBefore: current.daysBefore,
        subject: current.subject,
        body: current.body,
        updatedBy: "system",
        updatedAt: now,
      })
      .onConflictDoNothing({ target: messageReminders.eventSlug });
    const [message] = await tx
      .insert(messages)
      .values({
        eventSlug: slug,
        segment: "all",
        subject: current.subject,
        body: current.body,
        attachProgramme: true,
        createdBy: "system",
        createdAt: now,
        sendAt: now,
      })
      .returning({ id: messages.id });
    const [claimed] = await tx
      .update(messageReminders)
      .set({ messageId: message!.id })
      .where(and(eq(messageReminders.eventSlug, slug), isNull(messageReminders.messageId)))
      .returning({ slug: messageReminders.eventSlug });
    // Another process took it first: this message is not kept.
    if (!claimed) {
      await tx.delete(messages).where(eq(messages.id, message!.id));
      return undefined;
    }
    return message!.id;
  });
}
