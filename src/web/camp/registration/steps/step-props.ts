import type { CampField } from "../../../../shared/camp/camp-registration.ts";
import type { CampWizard } from "../use-camp-wizard.ts";
import type { CampData } from "../use-camp-data.ts";

export interface StepProps {
  wizard: CampWizard;
}

export interface DataStepProps extends StepProps {
  data: CampData;
}

/** Why Next is disabled: point at the marked fields once any message shows, else say what is left. */
export function blockedHint(wizard: CampWizard, whenEmpty = "Fyll ut alle feltene for å gå videre."): string {
  const anyShown = (Object.keys(wizard.errors) as CampField[]).some((field) => wizard.visibleError(field));
  return anyShown ? "Rett opp det som er markert, så kan du gå videre." : whenEmpty;
}
