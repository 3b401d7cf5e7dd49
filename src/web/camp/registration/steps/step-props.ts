import type { CampWizard } from "../use-camp-wizard.ts";
import type { CampData } from "../use-camp-data.ts";
import type { Availability } from "../current-edition-api.ts";

export interface StepProps {
  wizard: CampWizard;
}

export interface DataStepProps extends StepProps {
  data: CampData;
}

/** A step that says whether registration is open, full or closed. */
export interface AvailabilityStepProps extends StepProps {
  availability: Availability;
}
