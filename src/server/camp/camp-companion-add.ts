import type { CampEdition } from "../../shared/camp/camp-edition.ts";
import { companionPerson } from "../../shared/camp/camp-ledger.ts";
import { calculateCampPrice } from "../../shared/camp/camp-pricing.ts";
import type { LeaderCompanionAdd } from "../../shared/camp/camp-registration-changes.ts";
import type { Grade } from "../../shared/camp/grades.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventPositions } from "../db/schema/events-orders.ts";
import { companionPosition } from "./camp-companion-rows.ts";
import { appendCharges } from "./camp-ledger-store.ts";
import { updateCampRegistrations } from "./camp-registration-rows.ts";

interface CompanionAddition {
  registration: typeof campRegistrations.$inferSelect;
  /** The registration's companions as stored (cancelled ones too: a position is never reused). */
  companions: readonly { position: number }[];
  edition: CampEdition;
  grades: readonly Grade[];
  input: LeaderCompanionAdd;
  /** Who added it and why, for the ledger. */
  actor: string;
  reason: string;
  now: Date;
}

/**
 * The one writer of a companion added to a stored registration, by the family (Min påmelding) or the
 * leader: priced as when the registration was made (its edition, its early-bird state), stored, charged in
 * in the ledger with its line on the receipt. Charged now and owed until paid; cancelled unpaid, it is simply
 * removed (docs/decisions/0016-money-ledger.md). The caller holds the registration's lock and asks for the
 * money (chargeDifference). Returns what the companion costs.
 */
export async function addChargedCompanion(tx: Db, addition: CompanionAddition): Promise<number> {
  const { registration, input } = addition;
  const price = calculateCampPrice(
    { ...registration, ledsagere: [input] },
    { edition: addition.edition, at: registration.createdAt, grades: addition.grades },
  );
  const line = price.lines.find((priced) => priced.kind === "companion")!;
  // The athlete is the order's position 0: the companions are numbered from 1.
  const position = addition.companions.reduce((max, row) => Math.max(max, row.position), 0) + 1;
  const [inserted] = await tx
    .insert(eventPositions)
    .values(companionPosition(registration.id, position, { ...input, clientId: input.id, alreadyRegistered: false }))
    .returning({ id: eventPositions.id });
  await updateCampRegistrations(tx, registration.id, { hasLedsager: true });
  await appendCharges(tx, registration.id, [{ person: companionPerson(inserted!.id), item: "companion", amount: line.amount, label: line.label }], {
    actor: addition.actor,
    reason: addition.reason,
    now: addition.now,
  });
  return line.amount;
}
