import type { CampRegistrationDraft } from "../../../shared/camp/camp-registration.ts";
import { CAMP_STEPS, isFamily, type CampStep } from "../../../shared/camp/camp-steps.ts";
import { StepProgress } from "../../components/wizard/StepProgress.tsx";

/**
 * The steps this registration passes: the companion list and form count as the Ledsager step, Done is not a
 * step, and the further athletes' step counts only for a family.
 */
export function countedSteps(family: boolean): CampStep[] {
  return CAMP_STEPS.filter((step) => !["LedsagerManagement", "LedsagerAdd", "Done", ...(family ? [] : ["Siblings"])].includes(step));
}

export function StepIndicator({ step, draft }: { step: CampStep; draft: CampRegistrationDraft }) {
  const steps = countedSteps(isFamily(draft));
  const counted = step === "LedsagerManagement" || step === "LedsagerAdd" ? "Ledsager" : step;
  return <StepProgress number={steps.indexOf(counted) + 1} total={steps.length} />;
}
