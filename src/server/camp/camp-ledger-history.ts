/**
 * A registration's ledger for the leader's «Historikk»: every entry, oldest first, with the person a charge
 * is for by name (the athlete, or the companion the entry's person key names). Blanked personal data stays
 * blank: a forgotten registration's names are what the registration row holds now.
 */
import { eq } from "drizzle-orm";
import { athletePerson, companionPerson } from "../../shared/camp/camp-ledger.ts";
import type { LedgerHistoryEntry } from "../../shared/camp/camp-ledger-history.ts";
import { fullName } from "../../shared/camp/camp-pricing.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { readCampCompanions } from "./camp-companion-rows.ts";
import { ledgerHistory } from "./camp-ledger-store.ts";

export async function registrationLedgerHistory(db: Db, registrationId: number): Promise<LedgerHistoryEntry[] | undefined> {
  const [registration] = await db
    .select({ firstName: campRegistrations.firstName, lastName: campRegistrations.lastName })
    .from(campRegistrations)
    .where(eq(campRegistrations.id, registrationId));
  if (!registration) return undefined;
  const companions = await readCampCompanions(db, registrationId);
  const names = new Map<string, string>([
    [athletePerson, fullName(registration)],
    ...companions.map((companion): [string, string] => [companionPerson(companion.id), fullName(companion)]),
  ]);
  const rows = await ledgerHistory(db, registrationId);
  return rows.map((row) => ({
    at: row.at.toISOString(),
    actor: row.actor,
    kind: row.kind,
    personName: row.person === null ? null : (names.get(row.person) ?? null),
    item: row.item,
    method: row.method,
    amount: row.amount,
    reason: row.reason,
  }));
}
