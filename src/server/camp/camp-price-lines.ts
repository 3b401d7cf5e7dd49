import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { campPriceLines, campRegistrations } from "../db/schema/camp.ts";

/** A registration's price lines as stored (as calculated when it was made), in their order. */
export function storedPriceLines(db: Pick<Db, "select">, registrationId: number): Promise<{ label: string; amount: number }[]> {
  return db
    .select({ label: campPriceLines.label, amount: campPriceLines.amount })
    .from(campPriceLines)
    .where(eq(campPriceLines.registrationId, registrationId))
    .orderBy(asc(campPriceLines.position));
}

type PriceLine = Pick<typeof campPriceLines.$inferInsert, "kind" | "label" | "amount">;
type RegistrationChange = Partial<Pick<typeof campRegistrations.$inferInsert, "gradering" | "hasLedsager">>;

/**
 * The one writer of a change to a stored receipt: a line after the last (a companion or grading added, one
 * taken off as a negative line, a correction) and the registration's total moved by its amount, so the lines
 * always sum to the total. `also` sets the registration's flags that go with the line. Inside the caller's
 * transaction, which holds the registration's lock and has read `total` under it.
 */
export async function appendPriceLine(
  tx: Db,
  registration: { id: number; total: number },
  line: PriceLine,
  also: RegistrationChange = {},
): Promise<void> {
  const [last] = await tx
    .select({ position: sql<number>`coalesce(max(${campPriceLines.position}), -1)::int` })
    .from(campPriceLines)
    .where(eq(campPriceLines.registrationId, registration.id));
  await tx.insert(campPriceLines).values({ registrationId: registration.id, position: Number(last?.position ?? -1) + 1, ...line });
  await tx
    .update(campRegistrations)
    .set({ ...also, total: registration.total + line.amount })
    .where(eq(campRegistrations.id, registration.id));
}
