import { and, eq, isNull } from "drizzle-orm";
import { emailKey } from "../../shared/contact/email-key.ts";
import { updateCampRegistrations } from "../camp/camp-registration-rows.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { leaderOrders } from "../events/event-store.ts";

/**
 * Registrations (and event orders, whose key «Min side» looks them up by) stored before addresses had keys get theirs (src/shared/contact/email-key.ts). The key is
 * computed here, not in SQL: the database's case rules are exactly what it must not depend on. Runs at every
 * start after the migrations; once every row has its key it reads nothing.
 */
export async function backfillEmailKeys(db: Db): Promise<number> {
  const rows = await db
    .select({ id: campRegistrations.id, email: campRegistrations.email })
    .from(campRegistrations)
    .where(and(isNull(campRegistrations.emailKey), isNull(campRegistrations.anonymisedAt)));
  let filled = 0;
  for (const row of rows) {
    const key = emailKey(row.email);
    if (key === undefined) continue;
    // Written through the registration's order (the view is read-only); one given its key meanwhile is left alone.
    if ((await updateCampRegistrations(db, row.id, { emailKey: key }, isNull(eventOrders.emailKey))).length > 0) filled++;
  }
  const orders = await db
    .select({ id: eventOrders.id, email: eventOrders.email })
    .from(eventOrders)
    .where(and(isNull(eventOrders.emailKey), isNull(eventOrders.anonymisedAt), leaderOrders));
  for (const row of orders) {
    const key = emailKey(row.email);
    if (key === undefined) continue;
    const set = await db
      .update(eventOrders)
      .set({ emailKey: key })
      .where(and(eq(eventOrders.id, row.id), isNull(eventOrders.emailKey)))
      .returning({ id: eventOrders.id });
    filled += set.length;
  }
  return filled;
}
