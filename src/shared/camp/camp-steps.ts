import { z } from "zod";
import {
  CAMP_FIELDS,
  validateFields,
  type CampField,
  type CampRegistrationDraft,
  type FieldErrors,
} from "./camp-registration.ts";

/** The wizard's steps in spec order; names, not numbers, so a stored step survives a reordering. */
export const CampStepSchema = z.enum([
  "Welcome",
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
  "Payment",
  "Done",
]);
export type CampStep = z.infer<typeof CampStepSchema>;
export const CAMP_STEPS = CampStepSchema.options;

/** The fields each step edits. The companion form has its own (validateCompanion); Payment checks everything. */
export const STEP_FIELDS: Record<CampStep, readonly CampField[]> = {
  Welcome: ["dataConsent", "termsAccepted"],
  NameAge: ["firstName", "lastName", "age"],
  EmailTelephone: ["email", "telephone"],
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
  Payment: CAMP_FIELDS,
  Done: [],
};

/** {field: message} for the step's fields: shown next to them, and Next stays disabled while any exists. */
export function validateStep(step: CampStep, draft: CampRegistrationDraft): FieldErrors<CampField> {
  return validateFields(STEP_FIELDS[step], draft);
}

export function canLeave(step: CampStep, draft: CampRegistrationDraft): boolean {
  return Object.keys(validateStep(step, draft)).length === 0;
}

/** The companion steps are a detour reached only from Ledsager, so plain Next/Back skip them. */
const mainFlow: readonly CampStep[] = CAMP_STEPS.filter((step) => step !== "LedsagerManagement" && step !== "LedsagerAdd");

function along(step: CampStep, offset: 1 | -1): CampStep {
  const index = mainFlow.indexOf(step) + offset;
  return mainFlow[Math.min(Math.max(index, 0), mainFlow.length - 1)]!;
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
    default:
      return along(step, 1);
  }
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
    case "Done":
      return "Done";
    default:
      return along(step, -1);
  }
}
