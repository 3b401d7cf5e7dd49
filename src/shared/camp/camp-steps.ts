import { z } from "zod";
import { CAMP_FIELDS, type CampField } from "./camp-registration-fields.ts";
import type { FieldErrors } from "./camp-registration-rules.ts";
import { validateFields, type CampRegistrationDraft } from "./camp-registration.ts";
import { validateSibling } from "./camp-siblings.ts";

/** The wizard's steps in spec order; names, not numbers, so a stored step survives a reordering. */
export const CampStepSchema = z.enum([
  "Welcome",
  "Athletes",
  "NameAge",
  "EmailTelephone",
  "ClubGrade",
  "Gradering",
  "Sleepover",
  "Ledsager",
  "LedsagerManagement",
  "LedsagerAdd",
  "Allergies",
  "FoodPreference",
  "OtherInformation",
  "Public",
  "Siblings",
  "Review",
  "Payment",
  "Done",
]);
export type CampStep = z.infer<typeof CampStepSchema>;
export const CAMP_STEPS = CampStepSchema.options;

/**
 * A family submission: several athletes paid together, chosen on the Athletes step near the start. The
 * first athlete goes through the ordinary steps; the others are added on the Siblings step.
 */
export function isFamily(draft: CampRegistrationDraft): boolean {
  return Array.isArray(draft.siblings);
}

/** A step's fields: the registration's own, and the list of further athletes on the Siblings step. */
export type StepField = CampField | "siblings";

/** The fields each step edits. The companion form has its own (validateCompanion); Review and Payment check everything. */
export const STEP_FIELDS: Record<CampStep, readonly CampField[]> = {
  Welcome: ["dataConsent", "termsAccepted"],
  Athletes: [],
  NameAge: ["firstName", "lastName", "age"],
  EmailTelephone: ["email", "telephone", "contactName"],
  ClubGrade: ["clubId", "gradeId"],
  Gradering: ["gradering"],
  Sleepover: ["sleepover"],
  Ledsager: ["hasLedsager"],
  LedsagerManagement: ["ledsagere"],
  LedsagerAdd: [],
  Allergies: ["allergies"],
  FoodPreference: ["vegan"],
  OtherInformation: ["otherInfo", "wantsToInstruct"],
  Public: ["public"],
  Siblings: [],
  Review: CAMP_FIELDS,
  Payment: CAMP_FIELDS,
  Done: [],
};

export const siblingsMissingMessage = "Legg til minst én utøver til, eller gå tilbake til starten og velg «Én utøver».";
export const siblingInvalidMessage = "Noen av opplysningene om utøverne mangler eller er ugyldige. Trykk «Endre» på utøveren som er markert.";

/** The further athletes' problems: a family needs at least one, and each must be complete. */
function siblingsErrors(draft: CampRegistrationDraft): FieldErrors<StepField> {
  if (!isFamily(draft)) return {};
  const siblings = draft.siblings ?? [];
  if (siblings.length === 0) return { siblings: siblingsMissingMessage };
  const { siblings: _, ...first } = draft;
  return siblings.some((sibling) => Object.keys(validateSibling(first, sibling)).length > 0) ? { siblings: siblingInvalidMessage } : {};
}

/** {field: message} for the step's fields: shown next to them, and Next stays disabled while any exists. */
export function validateStep(step: CampStep, draft: CampRegistrationDraft): FieldErrors<StepField> {
  const errors: FieldErrors<StepField> = validateFields(STEP_FIELDS[step], draft);
  return step === "Siblings" || step === "Review" || step === "Payment" ? { ...errors, ...siblingsErrors(draft) } : errors;
}

export function canLeave(step: CampStep, draft: CampRegistrationDraft): boolean {
  return Object.keys(validateStep(step, draft)).length === 0;
}

/** The companion steps are a detour reached only from Ledsager, so plain Next/Back skip them. */
const mainFlow: readonly CampStep[] = CAMP_STEPS.filter((step) => step !== "LedsagerManagement" && step !== "LedsagerAdd");

/** The Siblings step is on the way only for a family. */
function along(step: CampStep, offset: 1 | -1, draft: CampRegistrationDraft): CampStep {
  const flow = isFamily(draft) ? mainFlow : mainFlow.filter((other) => other !== "Siblings");
  const index = flow.indexOf(step) + offset;
  return flow[Math.min(Math.max(index, 0), flow.length - 1)]!;
}

/** Where Next leads (spec §4). Call canLeave first; Done is final. */
export function nextStep(step: CampStep, draft: CampRegistrationDraft): CampStep {
  switch (step) {
    case "Ledsager":
      return draft.hasLedsager ? "LedsagerManagement" : "Allergies";
    case "LedsagerManagement":
      return "Allergies";
    case "LedsagerAdd":
      return "LedsagerManagement";
    case "Siblings":
      return "Review";
    default:
      return along(step, 1, draft);
  }
}

/**
 * Where Next leads after «Endre» on the review: back to the review in one step, unless the change left a
 * later step needing an answer (a companion to add, the public-list question, a further athlete) — then
 * that step first, and from there on the same way.
 */
export function nextStepToReview(step: CampStep, draft: CampRegistrationDraft): CampStep {
  let at = nextStep(step, draft);
  for (let guard = 0; at !== "Review" && guard < CAMP_STEPS.length; guard++) {
    if (at === "Payment" || at === "Done") return "Review";
    if (!canLeave(at, draft)) return at;
    at = nextStep(at, draft);
  }
  return "Review";
}

/** Where Back leads (spec §4). Welcome has nothing before it; Done is submitted, so there is no way back. */
export function previousStep(step: CampStep, draft: CampRegistrationDraft): CampStep {
  switch (step) {
    case "Allergies":
      return draft.ledsagere.length > 0 ? "LedsagerManagement" : "Ledsager";
    case "LedsagerManagement":
      return "Ledsager";
    case "LedsagerAdd":
      return "LedsagerManagement";
    case "Siblings":
      return "Public";
    case "Done":
      return "Done";
    default:
      return along(step, -1, draft);
  }
}
