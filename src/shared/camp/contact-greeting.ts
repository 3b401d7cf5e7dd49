/**
 * Whom a mail about a registration greets. A child is registered by a parent or contact person, so a mail to
 * the registration's address greets that person — by the name the form asked for, or without a name — and
 * never the child (docs/decisions/0027).
 */

/** Below this age an athlete is registered by a parent or contact person, whose name the form asks for. */
export const contactNameBelowAge = 18;

/** The name to greet: an adult athlete's own, a child's contact person's when given, else none ("Hei!"). */
export function greetingNameOf(registration: { age: number; firstName: string; contactName?: string | null }): string | undefined {
  if (registration.age >= contactNameBelowAge) return registration.firstName.trim() || undefined;
  return registration.contactName?.trim() || undefined;
}

/** «Hei Kari!», or «Hei!» without a name. */
export function greeting(name: string | undefined): string {
  return name ? `Hei ${name}!` : "Hei!";
}

/**
 * The name to greet in a mail about one athlete of a group (siblings registered together, sharing the first
 * athlete's address): the person who filled in the form — a child's contact person, else the group's first
 * athlete's own greeting (an adult who registered the others, or the contact person they named). Without
 * `first` (no group, or it is the first athlete itself): `greetingNameOf`.
 */
export function registrantGreetingName(
  registration: { age: number; firstName: string; contactName?: string | null },
  first?: { age: number; firstName: string; contactName?: string | null },
): string | undefined {
  if (!first) return greetingNameOf(registration);
  if (registration.age < contactNameBelowAge && registration.contactName?.trim()) return registration.contactName.trim();
  return greetingNameOf(first);
}

/**
 * The name to greet in a mail to an address with several registrations («Finn påmeldingen min», a message
 * to the family): the contact person a child's registration names; else the address's one adult athlete
 * (who registered themselves and any children); else none — never a child.
 */
export function familyGreetingName(rows: readonly { age: number; firstName: string; contactName?: string | null }[]): string | undefined {
  const named = rows.find((row) => row.age < contactNameBelowAge && row.contactName?.trim());
  if (named) return named.contactName!.trim();
  const adults = rows.filter((row) => row.age >= contactNameBelowAge);
  return adults.length === 1 ? adults[0]!.firstName.trim() || undefined : undefined;
}
