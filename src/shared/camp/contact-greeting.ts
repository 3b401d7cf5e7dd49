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
