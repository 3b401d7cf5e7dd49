import { and, eq, isNull } from "drizzle-orm";
import { registrantGreetingName } from "../../shared/camp/contact-greeting.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";

/**
 * Whom a mail about a camp registration greets: the person who registered (shared/camp/contact-greeting.ts).
 * An athlete of a group was registered by whoever filled in the form for its first athlete, so the group's
 * first registration (its order id is the group's id) is read; a forgotten one is not.
 */
export async function registrantGreeting(
  db: Pick<Db, "select">,
  registration: { orderId: string; groupId: string | null; age: number; firstName: string; contactName: string | null },
): Promise<string | undefined> {
  if (!registration.groupId || registration.groupId === registration.orderId) return registrantGreetingName(registration);
  const [first] = await db
    .select({ age: campRegistrations.age, firstName: campRegistrations.firstName, contactName: campRegistrations.contactName })
    .from(campRegistrations)
    .where(and(eq(campRegistrations.orderId, registration.groupId), isNull(campRegistrations.anonymisedAt)));
  return registrantGreetingName(registration, first);
}
