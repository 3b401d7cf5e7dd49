// Further athletes in the same submission (a family): their schema, their form and their rules.
import { z } from "zod";
import { defaultCampRules, type CampRules } from "./camp-edition.ts";
import { mayOfferToInstruct, maySleepOver, mayTickGrading } from "./camp-eligibility.ts";
import { registrationShape, type CampFieldsDraft } from "./camp-registration-fields.ts";
import { crossFieldErrors, firstErrors, type FieldErrors } from "./camp-registration-rules.ts";

/** How many further athletes one submission may carry besides the first. */
export const maxSiblings = 10;

/** The question each athlete's own public-list choice answers; the wizard asks it per athlete. */
export const publicChoiceRequired = "Du må velge om utøveren skal vises med navn på deltakerlisten.";

/**
 * A further athlete in the same submission (a family: siblings paid together): the first athlete's
 * per-athlete fields with the same messages and rules, including its own companions. The contact details,
 * the two consents and the payment choice are the first athlete's. `clubId` left out means the first
 * athlete's club.
 *
 * `public` is each athlete's own answer and is never taken from the first athlete: a child whose answer is
 * missing is not shown by name (D6). The wizard requires the answer before the athlete is added
 * (validateSibling).
 */
export const SiblingSchema = z
  .object({
    firstName: registrationShape.firstName,
    lastName: registrationShape.lastName,
    age: registrationShape.age,
    clubId: registrationShape.clubId.optional(),
    gradeId: registrationShape.gradeId,
    gradering: registrationShape.gradering,
    sleepover: registrationShape.sleepover,
    hasLedsager: registrationShape.hasLedsager.optional(),
    ledsagere: registrationShape.ledsagere.optional(),
    allergies: registrationShape.allergies,
    vegan: registrationShape.vegan,
    otherInfo: registrationShape.otherInfo.optional(),
    wantsToInstruct: registrationShape.wantsToInstruct.optional(),
    public: z.boolean({ error: publicChoiceRequired }).optional(),
  })
  .strict();
export type SiblingDraft = z.input<typeof SiblingSchema>;

/**
 * The registration of a further athlete, as one registration of its own: the first athlete's contact
 * details, consents and payment choice with the sibling's own fields, companions, free text and public-list
 * answer.
 */
export function siblingRegistration<T extends CampFieldsDraft>(first: T, sibling: SiblingDraft): T {
  return {
    ...first,
    firstName: sibling.firstName,
    lastName: sibling.lastName,
    age: sibling.age,
    clubId: sibling.clubId ?? first.clubId,
    gradeId: sibling.gradeId,
    gradering: sibling.gradering,
    sleepover: sibling.sleepover,
    allergies: sibling.allergies,
    vegan: sibling.vegan,
    // Free text is about one person: never copied from the first athlete.
    otherInfo: sibling.otherInfo ?? "",
    wantsToInstruct: sibling.wantsToInstruct ?? false,
    // Not asked means not shown: never the first athlete's answer.
    public: sibling.public ?? false,
    hasLedsager: sibling.hasLedsager ?? false,
    ledsagere: sibling.ledsagere ?? [],
  };
}

export type SiblingField = keyof typeof SiblingSchema.shape;

/**
 * The wizard's form for a further athlete: the first message per field, then the per-athlete rules, and
 * an answer to the public-list question (which the server reads as "no" when it is missing).
 */
export function validateSibling(first: CampFieldsDraft, sibling: SiblingDraft): FieldErrors<SiblingField> {
  const shape = SiblingSchema.shape;
  const errors = firstErrors(shape, Object.keys(shape) as SiblingField[], sibling as Record<SiblingField, unknown>);
  if (typeof sibling.public !== "boolean") errors.public ??= publicChoiceRequired;
  for (const [field, message] of crossFieldErrors(siblingRegistration(first, sibling))) {
    if (field in shape) errors[field as SiblingField] ??= message;
  }
  return errors;
}

/** A new athlete's form: the family's last name and the first athlete's club to start from. */
export function newSibling(lastName: string, clubId = 0): SiblingDraft {
  return {
    firstName: "",
    lastName,
    age: 0,
    clubId,
    gradeId: 0,
    gradering: false,
    sleepover: false,
    hasLedsager: false,
    ledsagere: [],
    allergies: "",
    vegan: false,
    otherInfo: "",
    wantsToInstruct: false,
  };
}

/**
 * Clears a further athlete's choices the rules no longer allow after an edit, as applyCampRules does
 * for the first athlete (a disabled box is also cleared).
 */
export function applySiblingRules(first: CampFieldsDraft, sibling: SiblingDraft, rules: CampRules = defaultCampRules): SiblingDraft {
  const asRegistration = siblingRegistration(first, sibling);
  const ledsagere = sibling.ledsagere ?? [];
  return {
    ...sibling,
    gradering: sibling.gradering && mayTickGrading(asRegistration, rules),
    sleepover: sibling.sleepover && maySleepOver(asRegistration, rules),
    wantsToInstruct: (sibling.wantsToInstruct ?? false) && mayOfferToInstruct(sibling.gradeId, rules),
    hasLedsager: ledsagere.length > 0,
    ledsagere,
  };
}
