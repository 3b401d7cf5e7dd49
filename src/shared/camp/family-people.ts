import { athletePerson } from "./camp-ledger.ts";

/**
 * The people of a family's camp registrations as a mail (and the family's page) names them: an athlete by
 * name, a companion as «Ledsager Kari Berg», a cancelled one marked «(avbestilt)». Amounts beside them are
 * said with `formatKroner` (shared/format.ts), the house's one way of writing kroner.
 */
export interface FamilyPerson {
  kind: "athlete" | "companion";
  /** First and last name. */
  name: string;
  cancelled?: boolean;
}

/** «Emma Berg», «Ledsager Kari Berg». */
export function personName(person: FamilyPerson): string {
  return person.kind === "companion" ? `Ledsager ${person.name}` : person.name;
}

/** The person's line in a list: «Ledsager Kari Berg (avbestilt)» when cancelled. */
export function personLine(person: FamilyPerson): string {
  return person.cancelled ? `${personName(person)} (avbestilt)` : personName(person);
}

/** One registration's people as its ledger keys them (`athlete`, `companion-<id>`). */
export interface RegistrationPeople {
  athlete: FamilyPerson;
  companions: ReadonlyMap<string, FamilyPerson>;
}

/** The person a ledger key names in a registration (undefined: not one of its people). */
export function personOfKey(people: RegistrationPeople, key: string): FamilyPerson | undefined {
  return key === athletePerson ? people.athlete : people.companions.get(key);
}

/**
 * What comes back, person by person, as a receipt's lines (label and amount) for the mail's refund list: the
 * people the cancellation took off, in the order given, each with what the ledger gives back for them.
 */
export function refundLinesOf(
  cancelled: readonly { key: string; person: FamilyPerson }[],
  byPerson: readonly { person: string; refund: number }[],
): { label: string; amount: number }[] {
  return cancelled.map(({ key, person }) => ({
    label: personName(person),
    amount: byPerson.filter((entry) => entry.person === key).reduce((sum, entry) => sum + entry.refund, 0),
  }));
}
