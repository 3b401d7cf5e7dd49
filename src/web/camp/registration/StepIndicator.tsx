import { CAMP_STEPS, type CampStep } from "../../../shared/camp/camp-steps.ts";

/** The steps everyone passes; the companion list and form count as the Ledsager step, Done is not a step. */
const countedSteps = CAMP_STEPS.filter((step) => !["LedsagerManagement", "LedsagerAdd", "Done"].includes(step));

export function stepNumber(step: CampStep): number {
  const counted = step === "LedsagerManagement" || step === "LedsagerAdd" ? "Ledsager" : step;
  return countedSteps.indexOf(counted) + 1;
}

export function StepIndicator({ step }: { step: CampStep }) {
  const number = stepNumber(step);
  if (number === 0) return null;
  const total = countedSteps.length;
  return (
    <div className="step-indicator">
      <p id="step-indicator-label" className="step-indicator-label">
        Steg {number} av {total}
      </p>
      <progress max={total} value={number} aria-labelledby="step-indicator-label" />
    </div>
  );
}
