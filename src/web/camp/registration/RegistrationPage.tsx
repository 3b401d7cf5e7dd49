import type { ReactNode } from "react";
import type { Route } from "./+types/RegistrationPage";
import { club } from "../../../shared/club/club-facts.ts";
import { campEdition } from "../../lib/camp-edition.tsx";
import { vippsEnabled as vippsEnabledDefault } from "./payment-options.ts";
import { StepIndicator } from "./StepIndicator.tsx";
import { ClubGradeStep } from "./steps/ClubGradeStep.tsx";
import { LedsagerAddStep, LedsagerManagementStep, LedsagerStep } from "./steps/CompanionSteps.tsx";
import { DoneStep } from "./steps/DoneStep.tsx";
import { FoodPreferenceStep, GraderingStep, SleepoverStep } from "./steps/OptionSteps.tsx";
import { PaymentStep } from "./steps/PaymentStep.tsx";
import { EmailTelephoneStep, NameAgeStep } from "./steps/PersonSteps.tsx";
import { PublicStep } from "./steps/PublicStep.tsx";
import { AllergiesStep, OtherInformationStep } from "./steps/TextSteps.tsx";
import { WelcomeStep } from "./steps/WelcomeStep.tsx";
import { useCampData } from "./use-camp-data.ts";
import { useCampWizard, type WizardOptions } from "./use-camp-wizard.ts";
import "./registration.css";

export function meta(_: Route.MetaArgs) {
  const title = `Påmelding til vinterleir ${campEdition.year} – ${club.name}`;
  return [
    { title },
    {
      name: "description",
      content: `Meld deg på vinterleiren ${campEdition.year} til ${club.name}: velg gradering, overnatting og ledsagere, se prisen og betal.`,
    },
    { property: "og:title", content: title },
    { property: "og:locale", content: "nb_NO" },
  ];
}

export interface RegistrationWizardProps extends WizardOptions {
  vippsEnabled?: boolean;
}

/** The camp registration wizard (spec §2, §4): one step at a time, the draft kept in cookies. */
export function RegistrationWizard({ vippsEnabled = vippsEnabledDefault, ...options }: RegistrationWizardProps) {
  const wizard = useCampWizard(options);
  const data = useCampData();
  const props = { wizard };
  let content: ReactNode;
  switch (wizard.step) {
    case "Welcome":
      content = <WelcomeStep {...props} />;
      break;
    case "NameAge":
      content = <NameAgeStep {...props} />;
      break;
    case "EmailTelephone":
      content = <EmailTelephoneStep {...props} />;
      break;
    case "ClubGrade":
      content = <ClubGradeStep {...props} data={data} />;
      break;
    case "Gradering":
      content = <GraderingStep {...props} />;
      break;
    case "Sleepover":
      content = <SleepoverStep {...props} />;
      break;
    case "Ledsager":
      content = <LedsagerStep {...props} />;
      break;
    case "LedsagerManagement":
      content = <LedsagerManagementStep {...props} />;
      break;
    case "LedsagerAdd":
      content = <LedsagerAddStep {...props} />;
      break;
    case "Allergies":
      content = <AllergiesStep {...props} />;
      break;
    case "FoodPreference":
      content = <FoodPreferenceStep {...props} />;
      break;
    case "OtherInformation":
      content = <OtherInformationStep {...props} />;
      break;
    case "Public":
      content = <PublicStep {...props} />;
      break;
    case "Payment":
      content = <PaymentStep {...props} data={data} vippsEnabled={vippsEnabled} />;
      break;
    case "Done":
      content = <DoneStep {...props} />;
      break;
  }
  return (
    <div className="page registration">
      <h1>Påmelding til vinterleir {campEdition.year}</h1>
      <StepIndicator step={wizard.step} />
      {/* A key per step: each step mounts fresh, so its heading takes focus and sub-views start over. */}
      <div key={wizard.step}>{content}</div>
    </div>
  );
}

export default function RegistrationPage() {
  return <RegistrationWizard />;
}
