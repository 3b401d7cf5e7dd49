/**
 * «Allerede påmeldt»: a companion listed at 0 kr because the same person is a paying companion of another
 * confirmed registration of the camp. When that person is cancelled there, the claims that leaned on them
 * are no longer covered: each claiming registration gets a line in its change log, which the camp's leader
 * sees in the person details, so the leader can price the companion or remove them. The line is the claiming
 * family's own (their person export holds it), so it says nothing of the other registration, not even its
 * order number; the leader's list flags both sides. Each such claim also opens a case for the leader to decide
 * once (camp-companion-cases.ts): charge the companion, or let them come free. A claim still covered by another
 * paying companion of the same person is left alone.
 */
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventPositions, orderChanges } from "../db/schema/events-orders.ts";
import { alreadyRegistered, campCompanionColumns } from "./camp-companion-rows.ts";
import { openCompanionCases } from "./camp-companion-cases.ts";
import { payingCompanionKeys, personKey } from "./camp-registration-checks.ts";

export interface CancelledPerson {
  firstName: string;
  lastName: string;
  telephone: string;
}

/** Writes the note on every other registration of the edition that claims one of these persons; answers how many. */
export async function noteUncoveredClaims(
  tx: Db,
  editionYear: number,
  fromRegistrationId: number,
  persons: readonly CancelledPerson[],
  now: Date,
): Promise<number> {
  if (persons.length === 0) return 0;
  const keys = new Set(persons.map((person) => personKey(person.firstName, person.lastName, person.telephone)));
  const claims = await tx
    .select({
      id: campCompanionColumns.id,
      registrationId: campCompanionColumns.registrationId,
      firstName: campCompanionColumns.firstName,
      lastName: campCompanionColumns.lastName,
      telephone: campCompanionColumns.telephone,
    })
    .from(eventPositions)
    .innerJoin(campRegistrations, eq(campRegistrations.id, eventPositions.orderId))
    .where(
      and(
        eq(campRegistrations.editionYear, editionYear),
        ne(campRegistrations.id, fromRegistrationId),
        ne(campRegistrations.status, "cancelled"),
        eq(eventPositions.kind, "companion"),
        alreadyRegistered(true),
        isNull(eventPositions.cancelledAt),
      ),
    );
  // Read after the cancellation is written: those still paying for the same person (the person paid for twice).
  const stillPaid = await payingCompanionKeys(tx, editionYear);
  const uncovered = claims.filter((claim) => {
    const key = personKey(claim.firstName, claim.lastName, claim.telephone);
    return keys.has(key) && !stillPaid.has(key);
  });
  for (const claim of uncovered) {
    await tx.insert(orderChanges).values({
      orderId: claim.registrationId,
      ownerKind: "camp",
      at: now,
      actor: "system",
      summary: `Ledsager ${claim.firstName} ${claim.lastName} er oppgitt som allerede påmeldt, men er avbestilt i en annen påmelding og er ikke betalt for lenger. Ta betalt for ledsageren eller fjern ledsageren.`,
    });
  }
  await openCompanionCases(
    tx,
    uncovered.map((claim) => ({ companionId: claim.id, registrationId: claim.registrationId })),
    fromRegistrationId,
    now,
  );
  return uncovered.length;
}
