import { and, eq, isNull } from "drizzle-orm";
import { editionPhase } from "../../shared/camp/camp-edition-phase.ts";
import type { CampEditionData } from "../../shared/camp/camp-edition-schema.ts";
import type { CampRegistration } from "../../shared/camp/camp-registration.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventPositions } from "../db/schema/events-orders.ts";
import { alreadyRegistered, campCompanionColumns } from "./camp-companion-rows.ts";
import { CampInputError, campInputMessages } from "./camp-registration-errors.ts";

/**
 * The checks a new registration passes that one athlete's and a group's submission share
 * (camp-registrations.ts, camp-registration-group.ts), kept apart so neither imports the other.
 */

/** A registration taken while the camp is under way is paid at the door: Vipps is refused (400 on `vipps`). */
export function refuseVippsDuringCamp(data: CampEditionData, registration: CampRegistration, now: Date): void {
  if (registration.vipps && editionPhase(data, now) === "running") throw new CampInputError("vipps", campInputMessages.vippsDuringCamp);
}

/** Case- and space-insensitive: "Kari  Nordmann" and "kari nordmann" are the same person here. */
export function personKey(firstName: string, lastName: string, telephone: string): string {
  const squash = (value: string) => value.toLocaleLowerCase("nb-NO").replace(/\s+/g, "");
  return `${squash(firstName)}|${squash(lastName)}|${squash(telephone)}`;
}

/**
 * The people (personKey) the edition's confirmed registrations pay for as companions: paying companions, not
 * themselves "already registered", still coming (a companion cancelled alone no longer covers anyone).
 */
export async function payingCompanionKeys(db: Pick<Db, "select">, editionYear: number): Promise<Set<string>> {
  const rows = await db
    .select({ firstName: campCompanionColumns.firstName, lastName: campCompanionColumns.lastName, telephone: campCompanionColumns.telephone })
    .from(eventPositions)
    .innerJoin(campRegistrations, eq(campRegistrations.id, eventPositions.orderId))
    .where(
      and(
        eq(campRegistrations.editionYear, editionYear),
        eq(campRegistrations.status, "confirmed"),
        eq(eventPositions.kind, "companion"),
        alreadyRegistered(false),
        isNull(eventPositions.cancelledAt),
      ),
    );
  return new Set(rows.map((row) => personKey(row.firstName, row.lastName, row.telephone)));
}

/**
 * A companion ticked "allerede påmeldt" is not charged, so it must be a paying companion (not itself
 * "already registered") of a confirmed registration of this edition, found by name and telephone.
 */
export async function verifyAlreadyRegisteredCompanions(db: Db, editionYear: number, registration: CampRegistration, path = ""): Promise<void> {
  const claimed = registration.ledsagere.map((companion, index) => ({ companion, index })).filter(({ companion }) => companion.alreadyRegistered);
  if (claimed.length === 0) return;
  const keys = await payingCompanionKeys(db, editionYear);
  for (const { companion, index } of claimed) {
    if (!keys.has(personKey(companion.firstName, companion.lastName, companion.telephone))) {
      throw new CampInputError(
        `${path}ledsagere.${index}.alreadyRegistered`,
        campInputMessages.companionNotFound(`${companion.firstName} ${companion.lastName}`),
      );
    }
  }
}
