// The registration as the browser posts it and the server accepts it: its schema, the wizard's draft and its
// validation. The fields are in camp-registration-fields.ts, further athletes in camp-siblings.ts.
import { z } from "zod";
import { defaultCampRules, type CampRules } from "./camp-edition.ts";
import { mayOfferToInstruct, maySleepOver, mayTickGrading } from "./camp-eligibility.ts";
import { CAMP_FIELDS, Instructor, registrationShape, type CampField } from "./camp-registration-fields.ts";
import { crossFieldErrors, firstErrors, type FieldErrors } from "./camp-registration-rules.ts";
import { applySiblingRules, maxSiblings, SiblingSchema, siblingRegistration } from "./camp-siblings.ts";

/** At least 128 random bits as base64url (the browser makes 32 bytes: 43 characters). */
export const draftSecretPattern = /^[A-Za-z0-9_-]{22,64}$/;

/** The registration as the browser posts it and the server accepts it (spec §3 field names). */
export const CampRegistrationSchema = z
  .object({
    ...registrationShape,
    /**
     * The draft's own secret, made by the browser with the draft and kept with it: a submission of the same
     * draft again is answered as the first only when it carries this secret (the server keeps its hash).
     */
    draftSecret: z.string().regex(draftSecretPattern, "Ugyldig registrerings-id.").optional(),
    /** Optional: further athletes sharing the contact details, paid and confirmed together with the first. */
    siblings: z
      .array(SiblingSchema, { error: "Ugyldig liste over utøvere." })
      .max(maxSiblings, `Du kan melde på høyst ${maxSiblings} utøvere i tillegg i én påmelding.`)
      .optional(),
    /**
     * Optional: the year of the camp registered for, when more than one is published (next year's camp
     * takes registrations in its own window). Without it: «the» camp, the earliest not yet ended.
     */
    year: z
      .number({ error: "Ugyldig årstall for leiren." })
      .int("Ugyldig årstall for leiren.")
      .min(2000, "Ugyldig årstall for leiren.")
      .max(2100, "Ugyldig årstall for leiren.")
      .optional(),
  })
  .superRefine((registration, ctx) => {
    for (const [field, message] of crossFieldErrors(registration)) {
      ctx.addIssue({ code: "custom", path: [field], message });
    }
    for (const [index, sibling] of (registration.siblings ?? []).entries()) {
      for (const [field, message] of crossFieldErrors(siblingRegistration(registration, sibling))) {
        ctx.addIssue({ code: "custom", path: ["siblings", index, field], message });
      }
    }
  });
export type CampRegistration = z.infer<typeof CampRegistrationSchema>;
/** What the wizard holds while the user types; the same shape, not yet valid. */
export type CampRegistrationDraft = z.input<typeof CampRegistrationSchema>;

/** The first message per field of the given fields, then the cross-field rules that land on them. */
export function validateFields(fields: readonly CampField[], draft: CampRegistrationDraft): FieldErrors<CampField> {
  const errors = firstErrors(registrationShape, fields, draft);
  for (const [field, message] of crossFieldErrors(draft)) {
    if (fields.includes(field)) errors[field] ??= message;
  }
  return errors;
}

/** Every field: what stands between the draft and a valid submission. */
export function validateDraft(draft: CampRegistrationDraft): FieldErrors<CampField> {
  return validateFields(CAMP_FIELDS, draft);
}

/** `draftSecret`: made by the browser with the draft (empty in a template or a fixture). */
export function emptyCampDraft(draftId: string, draftSecret = ""): CampRegistrationDraft {
  return {
    draftId,
    ...(draftSecret ? { draftSecret } : {}),
    dataConsent: false,
    termsAccepted: false,
    firstName: "",
    lastName: "",
    age: 0,
    email: "",
    telephone: "",
    clubId: 0,
    gradeId: 0,
    gradering: false,
    sleepover: false,
    hasLedsager: false,
    ledsagere: [],
    allergies: "",
    vegan: false,
    otherInfo: "",
    wantsToInstruct: false,
    public: null,
    instructor: Instructor.NotInstructor,
    vipps: false,
  };
}

/**
 * Clears choices the rules no longer allow after an edit (spec §4/§5: a disabled box is also cleared;
 * unticking "egen ledsager" empties the list). For the wizard only: the server rejects instead of fixing.
 */
export function applyCampRules(draft: CampRegistrationDraft, rules: CampRules = defaultCampRules): CampRegistrationDraft {
  return {
    ...draft,
    gradering: draft.gradering && mayTickGrading(draft, rules),
    sleepover: draft.sleepover && maySleepOver(draft, rules),
    wantsToInstruct: draft.wantsToInstruct && mayOfferToInstruct(draft.gradeId, rules),
    ledsagere: draft.hasLedsager ? draft.ledsagere : [],
    ...(draft.siblings && { siblings: draft.siblings.map((sibling) => applySiblingRules(draft, sibling, rules)) }),
  };
}
