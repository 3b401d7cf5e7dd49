import { z } from "zod";
import type { CampRegistrationDraft } from "./camp-registration.ts";
import { siblingRegistration } from "./camp-siblings.ts";
import { registersSelf } from "../person-voice.ts";

/** "Kari Nordmann": a person's name as the wizard, its review and the receipts write it. */
export function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName.trim()} ${person.lastName.trim()}`.trim();
}

/** Every athlete of a submission as a registration of its own: the first, then each further one. */
export function athletesOf<T extends CampRegistrationDraft>(draft: T): Omit<T, "siblings">[] {
  const { siblings, ...first } = draft;
  return [first, ...(siblings ?? []).map((sibling) => siblingRegistration(first, sibling))];
}

/**
 * Every athlete of a submission with whether they are the one filling in (the words speak to them as «du»):
 * the first athlete when an adult registering themselves, never a further athlete of the family.
 */
export function campPeople(draft: CampRegistrationDraft): { firstName: string; self: boolean }[] {
  return athletesOf(draft).map((athlete, index) => ({ firstName: athlete.firstName.trim(), self: registersSelf(athlete, { other: index > 0 }) }));
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

/**
 * `POST /api/Vinterleir/Price`: the price lines the server would charge for the draft right now, per
 * athlete (the first, then each further one), and the total. The wizard's review and payment show these.
 */
export const CampPriceQuoteSchema = z.object({
  athletes: z.array(
    z.object({
      name: z.string(),
      lines: z.array(z.object({ label: z.string(), amount: z.number().int() })),
      total: z.number().int(),
    }),
  ),
  total: z.number().int(),
});
export type CampPriceQuote = z.infer<typeof CampPriceQuoteSchema>;

/** What a price depends on: health data and free text stay in the browser when only a price is asked for. */
export function priceQuoteBody(draft: CampRegistrationDraft): CampRegistrationDraft {
  return {
    ...draft,
    allergies: "",
    otherInfo: "",
    ...(draft.siblings && {
      siblings: draft.siblings.map((sibling) => ({ ...sibling, allergies: "", ...(sibling.otherInfo !== undefined && { otherInfo: "" }) })),
    }),
  };
}
