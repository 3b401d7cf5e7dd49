import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { campPriceLines } from "../db/schema/camp.ts";

/** A registration's price lines as stored (as calculated when it was made), in their order. */
export function storedPriceLines(db: Pick<Db, "select">, registrationId: number): Promise<{ label: string; amount: number }[]> {
  return db
    .select({ label: campPriceLines.label, amount: campPriceLines.amount })
    .from(campPriceLines)
    .where(eq(campPriceLines.registrationId, registrationId))
    .orderBy(asc(campPriceLines.position));
}
