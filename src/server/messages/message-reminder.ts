import { and, eq, isNull } from "drizzle-orm";
import { startOfOsloDay } from "../../shared/time.ts";
import { campEventSlug } from "../../shared/events/event-kinds.ts";
import { defaultReminder, messageInputMessages, type Reminder, type ReminderState, type ReminderView } from "../../shared/messages/message.ts";
import type { Db } from "../db/database.ts";
import { messageReminders, messages } from "../db/schema/messages.ts";
import { currentEditionYear } from "../camp/camp-edition-lookup.ts";
import { HttpError } from "../errors.ts";
import { eventOfSlug, storedEventOfSlug } from "./message-event.ts";
import { queueMessage } from "./messages.ts";
import type { CampEdition } from "../../shared/camp/camp-edition.ts";

const dayMs = 24 * 60 * 60_000;

/** When the reminder goes: `daysBefore` days before the first camp day begins (Oslo). */
export function reminderSendsAt(edition: CampEdition, reminder: Pick<Reminder, "daysBefore">): Date {
  return new Date(startOfOsloDay(edition.start).getTime() - reminder.daysBefore * dayMs);
}

/** Where a reminder stands at `now` (ReminderState): from its setting, its message (if made), its time and the camp's start. */
export function reminderState(
  reminder: Pick<Reminder, "enabled">,
  sent: { queuedAt: Date | null; cancelledAt: Date | null } | undefined,
  sendsAt: Date,
  campStartsAt: Date,
  now: Date,
): ReminderState {
  if (sent?.queuedAt) return "sent";
  // Made but not queued: the scheduler's pass that made it queues it next, unless it was cancelled or that pass
  // failed and the camp has begun since (a reminder is never sent once the camp has begun).
  if (sent) return sent.cancelledAt ? "off" : now < campStartsAt ? "due" : "missed";
  if (!reminder.enabled) return "off";
  if (now < sendsAt) return "planned";
  return now < campStartsAt ? "due" : "missed";
}

/** The event's reminder as the leader set it, or the default (on) when nobody has, and where it stands at `now`. */
export async function reminderOf(db: Db, slug: string, now: Date): Promise<ReminderView> {
  const edition = await eventOfSlug(db, slug);
  const [row] = await db.select().from(messageReminders).where(eq(messageReminders.eventSlug, slug));
  const reminder: Reminder = row ? { enabled: row.enabled, daysBefore: row.daysBefore, subject: row.subject, body: row.body } : defaultReminder;
  const [sent] = row?.messageId
    ? await db
        .select({ queuedAt: messages.queuedAt, cancelledAt: messages.cancelledAt, recipients: messages.recipientCount })
        .from(messages)
        .where(eq(messages.id, row.messageId))
    : [];
  const sendsAt = reminderSendsAt(edition, reminder);
  const campStartsAt = startOfOsloDay(edition.start);
  return {
    ...reminder,
    sentMessageId: row?.messageId ?? null,
    sendsAt: sendsAt.toISOString(),
    state: reminderState(reminder, sent, sendsAt, campStartsAt, now),
    sentAt: sent?.queuedAt?.toISOString() ?? null,
    recipients: sent?.queuedAt ? sent.recipients : null,
    campStartsAt: campStartsAt.toISOString(),
  };
}

export async function saveReminder(db: Db, slug: string, reminder: Reminder, actor: string, now: Date) {
  await storedEventOfSlug(db, slug);
  await db
    .insert(messageReminders)
    .values({ eventSlug: slug, ...reminder, updatedBy: actor, updatedAt: now })
    .onConflictDoUpdate({ target: messageReminders.eventSlug, set: { ...reminder, updatedBy: actor, updatedAt: now } });
  return reminderOf(db, slug, now);
}

/**
 * The scheduler's part: once the current camp's reminder is due, it becomes a message to all its families,
 * with the programme attached, exactly once (the row is claimed in the transaction). A time missed (the
 * server was down, or the reminder was set to a time already past) is made up for as soon as the scheduler
 * runs, as long as the camp has not begun; once it has, the reminder is never sent and the admin says so.
 * Answers the new message's id.
 */
export async function createDueReminder(db: Db, now: Date): Promise<number | undefined> {
  const year = await currentEditionYear(db, now);
  if (year === undefined) return undefined;
  return createDueReminderOf(db, campEventSlug(year), now);
}

/** The same for one event's reminder (the leader's «Send nå» names it). */
async function createDueReminderOf(db: Db, slug: string, now: Date): Promise<number | undefined> {
  const current = await reminderOf(db, slug, now);
  if (current.state !== "due" || current.sentMessageId !== null) return undefined;
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

/**
 * «Send nå»: a reminder whose time has passed without it being sent (the camp has not begun) is made and
 * queued at once, as the scheduler would. 409 in any other state. Answers the reminder as it then stands.
 */
export async function sendReminderNow(db: Db, slug: string, now: Date, publicBaseUrl: string, replyToSetting?: string): Promise<ReminderView> {
  await storedEventOfSlug(db, slug);
  const before = await reminderOf(db, slug, now);
  if (before.state !== "due") throw new HttpError(409, messageInputMessages.reminderNotDue);
  const messageId = (await createDueReminderOf(db, slug, now)) ?? before.sentMessageId;
  if (messageId !== null) await queueMessage(db, messageId, now, publicBaseUrl, replyToSetting);
  return reminderOf(db, slug, now);
}
