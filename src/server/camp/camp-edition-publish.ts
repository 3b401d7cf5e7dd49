import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { campEditionChanges, campEditions } from "../db/schema/camp-editions.ts";
import { HttpError } from "../errors.ts";
import type { StoredEdition } from "./camp-editions.ts";

/**
 * "Publiser": the edition of `year` becomes the one the public pages, the wizard and the prices follow, in
 * one transaction: the previous current edition steps down first (the partial unique index allows one
 * current row), then this one is marked current with `published_at` now, and the change log says who did
 * it. Both rows get a new version, so a process that renders pages from the current edition sees a change.
 * Every row is locked first, so two publishes at once run one after the other instead of meeting at the
 * index. Publishing the edition that is already current and published changes nothing.
 */
export async function publishEdition(db: Db, year: number, account: string, now: Date): Promise<StoredEdition> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(campEditions).orderBy(asc(campEditions.year)).for("update");
    const target = rows.find((row) => row.year === year);
    if (!target) throw new HttpError(404, `Det finnes ingen vinterleir for ${year}.`);
    if (target.isCurrent && target.publishedAt) return toStored(target);
    const previous = rows.find((row) => row.isCurrent && row.year !== year);
    if (previous) {
      await tx
        .update(campEditions)
        .set({ isCurrent: false, version: sql`${campEditions.version} + 1`, updatedAt: now })
        .where(eq(campEditions.year, previous.year));
    }
    const [row] = await tx
      .update(campEditions)
      .set({ isCurrent: true, publishedAt: now, version: sql`${campEditions.version} + 1`, updatedAt: now })
      .where(eq(campEditions.year, year))
      .returning();
    await tx.insert(campEditionChanges).values({
      year,
      changedAt: now,
      account,
      action: "published",
      changes: previous ? [{ field: "current", from: previous.year, to: year }] : [],
    });
    return toStored(row!);
  });
}

function toStored(row: typeof campEditions.$inferSelect): StoredEdition {
  return { data: row.data, isCurrent: row.isCurrent, publishedAt: row.publishedAt, version: row.version, updatedAt: row.updatedAt };
}
