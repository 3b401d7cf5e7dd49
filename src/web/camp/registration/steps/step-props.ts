import type { CampWizard } from "../use-camp-wizard.ts";
import type { CampData } from "../use-camp-data.ts";

export interface StepProps {
  wizard: CampWizard;
}

export interface DataStepProps extends StepProps {
  data: CampData;
}
