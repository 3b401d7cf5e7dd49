import { siblingRegistration, type CampRegistrationDraft } from "./camp-registration.ts";

/** "Kari Nordmann": a person's name as the wizard, its review and the receipts write it. */
export function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName.trim()} ${person.lastName.trim()}`.trim();
}

/** Every athlete of a submission as a registration of its own: the first, then each further one. */
export function athletesOf(draft: CampRegistrationDraft): Omit<CampRegistrationDraft, "siblings">[] {
  const { siblings, ...first } = draft;
  return [first, ...(siblings ?? []).map((sibling) => siblingRegistration(first, sibling))];
}

/** An athlete's answer to the public-list question, in the words of the review (no answer is a "no", D6). */
export function publicChoiceLabel(value: boolean | null | undefined): string {
  if (value === true) return "Ja, med navn og grad";
  if (value === false) return "Nei, bare klubben, uten navn";
  return "Ikke svart (vises ikke med navn)";
}

export function yesNo(value: boolean | null | undefined): string {
  return value ? "Ja" : "Nei";
}
