// The rules between a registration's fields, and the first message per field the wizard shows next to it.
import { z } from "zod";
import { club } from "../club/club-facts.ts";
import { defaultCampRules, type CampRules } from "./camp-edition.ts";
import { mayOfferToInstruct, maySleepOver, mayTickGrading } from "./camp-eligibility.ts";
import { CompanionSchema, type CampField, type CompanionDraft, type CompanionField, type registrationShape } from "./camp-registration-fields.ts";

type CrossFieldInput = Pick<
  z.input<z.ZodObject<typeof registrationShape>>,
  "age" | "clubId" | "gradeId" | "gradering" | "sleepover" | "hasLedsager" | "ledsagere" | "wantsToInstruct"
>;

/** Rules between fields, each reported on the field the user must change. */
export function crossFieldErrors(draft: CrossFieldInput, rules: CampRules = defaultCampRules): [CampField, string][] {
  const errors: [CampField, string][] = [];
  const { settings } = rules;
  if (draft.gradering && !mayTickGrading(draft, rules)) {
    errors.push(["gradering", `Cup-gradering på leiren er bare for barn under ${settings.cupGradingBelowAge} år fra ${club.name}.`]);
  }
  if (draft.sleepover && !maySleepOver(draft, rules)) {
    errors.push(["sleepover", `Barn under ${settings.homeClubSleepoverMinAge} år fra ${club.name} kan ikke overnatte i hallen.`]);
  }
  if (draft.hasLedsager && draft.ledsagere.length === 0) {
    errors.push(["ledsagere", "Du må legge til minst én ledsager."]);
  } else if (!draft.hasLedsager && draft.ledsagere.length > 0) {
    errors.push(["ledsagere", "Du har lagt inn ledsagere, men ikke krysset av for at utøveren har egen ledsager."]);
  } else if (new Set(draft.ledsagere.map((companion) => companion.id)).size < draft.ledsagere.length) {
    errors.push(["ledsagere", "Den samme ledsageren er lagt inn to ganger."]);
  }
  if (draft.wantsToInstruct && !mayOfferToInstruct(draft.gradeId, rules)) {
    errors.push(["wantsToInstruct", "Bare mastere kan tilby seg å instruere."]);
  }
  return errors;
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The companion form (LedsagerAdd): the same messages next to its fields. */
export function validateCompanion(companion: CompanionDraft): FieldErrors<CompanionField> {
  const shape = CompanionSchema.shape;
  return firstErrors(shape, Object.keys(shape) as CompanionField[], companion);
}

export function firstErrors<F extends string>(shape: Record<F, z.ZodType>, fields: readonly F[], value: Partial<Record<F, unknown>>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of fields) {
    const result = shape[field].safeParse(value[field]);
    if (!result.success) errors[field] = result.error.issues[0]?.message;
  }
  return errors;
}

/** The first message per top-level field of a failed parse, for a 400 answer the wizard can place. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? "")] ??= issue.message;
  return errors;
}
