import { CAMP_STEPS, type CampStep } from "../../../shared/camp/camp-steps.ts";
import { StepProgress } from "../../components/wizard/StepProgress.tsx";

/** The steps everyone passes; the companion list and form count as the Ledsager step, Done is not a step. */
const countedSteps = CAMP_STEPS.filter((step) => !["LedsagerManagement", "LedsagerAdd", "Done"].includes(step));

function stepNumber(step: CampStep): number {
  const counted = step === "LedsagerManagement" || step === "LedsagerAdd" ? "Ledsager" : step;
  return countedSteps.indexOf(counted) + 1;
}

export function StepIndicator({ step }: { step: CampStep }) {
  return <StepProgress number={stepNumber(step)} total={countedSteps.length} />;
}
