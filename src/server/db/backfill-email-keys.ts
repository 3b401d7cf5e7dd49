import { and, eq, isNull } from "drizzle-orm";
import { emailKey } from "../../shared/contact/email-key.ts";
import type { Db } from "./database.ts";
import { campRegistrations } from "./schema/camp.ts";

/**
 * Registrations stored before addresses had keys get theirs (src/shared/contact/email-key.ts). The key is
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
    await db.update(campRegistrations).set({ emailKey: key }).where(eq(campRegistrations.id, row.id));
    filled++;
  }
  return filled;
}
