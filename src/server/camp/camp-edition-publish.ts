import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { eventChanges, events } from "../db/schema/events.ts";
import { HttpError } from "../errors.ts";
import { storedEdition, type StoredEdition } from "./camp-editions.ts";
import { campEventOfYear } from "./camp-events.ts";

/**
 * "Publiser": visitors may see the edition of `year` and, inside its own window, register for it. Publishing
 * never hides another edition: which one is «the» camp follows from the dates (camp-edition-phase.ts), so a
 * published next year's camp takes over only when this year's is over. The row gets a new version (pages
 * rendered from it see a change) and the change log says who did it. Publishing an edition that is already
 * published changes nothing. The row is locked, so two publishes at once log it once.
 */
export async function publishEdition(db: Db, year: number, account: string, now: Date): Promise<StoredEdition> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(events).where(campEventOfYear(year)).for("update");
    if (!target) throw new HttpError(404, `Det finnes ingen vinterleir for ${year}.`);
    if (target.publishedAt) return storedEdition(target);
    const [row] = await tx
      .update(events)
      .set({ publishedAt: now, version: target.version + 1, updatedAt: now })
      .where(eq(events.id, target.id))
      .returning();
    await tx.insert(eventChanges).values({
      eventId: target.id,
      changedAt: now,
      account,
      action: "published",
      changes: [{ field: "publishedAt", from: null, to: now.toISOString() }],
    });
    return storedEdition(row!);
  });
}
