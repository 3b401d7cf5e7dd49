/** Messages planned for later: where each stands, the scheduler's pass, and the leader's «Avlys» and «Send nå». */
import { and, asc, eq, gt, isNull, lte } from "drizzle-orm";
import { messageInputMessages, plannedMessageGraceHours, type PlannedTiming } from "../../shared/messages/message.ts";
import type { Db } from "../db/database.ts";
import { messages } from "../db/schema/messages.ts";
import { HttpError } from "../errors.ts";
import { queueMessage } from "./messages.ts";

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
