/**
 * The change log of the leader's events (gradings, courses, sales), in the table the camp's editions log to
 * (`event_changes`): who saved, published or copied an event, when, and field by field what changed. The
 * event admin writes an entry in the same transaction as the change; the words are made when the log is
 * shown (src/shared/events/event-change-lines.ts).
 */
import { asc, eq } from "drizzle-orm";
import type { ChangeLogEntry, FieldChange } from "../../shared/change-log.ts";
import type { Db } from "../db/database.ts";
import { eventChanges } from "../db/schema/events.ts";
import { eventBySlug } from "./event-store.ts";

export type EventChangeAction = "created" | "copied" | "updated" | "published";

/** One entry, inside the caller's transaction; a change of nothing is not logged. */
export async function logEventChange(
  tx: Db,
  entry: { eventId: number; account: string; action: EventChangeAction; changes: FieldChange[]; at: Date },
): Promise<void> {
  if (entry.changes.length === 0) return;
  await tx.insert(eventChanges).values({
    eventId: entry.eventId,
    changedAt: entry.at,
    account: entry.account,
    action: entry.action,
    changes: entry.changes,
  });
}

/**
 * `GET /api/ArrangementAdmin/Changes/{slug}/{token}`: the event's log, oldest first; undefined for an
 * address without an event of the leader's kinds (a camp edition's log is the camp admin's).
 */
export async function eventChangeLog(db: Db, slug: string): Promise<ChangeLogEntry[] | undefined> {
  const event = await eventBySlug(db, slug);
  if (!event) return undefined;
  const rows = await db.select().from(eventChanges).where(eq(eventChanges.eventId, event.id)).orderBy(asc(eventChanges.id));
  return rows.map((row) => ({ changedAt: row.changedAt.toISOString(), account: row.account, action: row.action, changes: row.changes }));
}
