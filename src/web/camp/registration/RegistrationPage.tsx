import type { ReactNode } from "react";
import type { Route } from "./+types/RegistrationPage";
import { club } from "../../../shared/club/club-facts.ts";
import { CampEditionProvider, useCampEdition } from "../../lib/camp-edition.tsx";
import type { Availability } from "./current-edition-api.ts";
import { getCurrentEdition, getCurrentEditionData, withEdition, type CurrentEditionData } from "./current-edition-api.ts";
import { pageData } from "../../lib/page-api.ts";
import { LoadProblem } from "./LoadProblem.tsx";
import { Notice } from "./AvailabilityNotice.tsx";
import { vippsEnabled as vippsEnabledDefault } from "./payment-options.ts";
import { StepIndicator } from "./StepIndicator.tsx";
import { AthletesStep } from "./steps/AthletesStep.tsx";
import { ClubGradeStep } from "./steps/ClubGradeStep.tsx";
import { CompanionAddStep, CompanionListStep, CompanionChoiceStep } from "./steps/CompanionSteps.tsx";
import { DoneStep } from "./steps/DoneStep.tsx";
import { FoodPreferenceStep, GraderingStep, SleepoverStep } from "./steps/OptionSteps.tsx";
import { PaymentStep } from "./steps/PaymentStep.tsx";
import { EmailTelephoneStep, NameAgeStep } from "./steps/PersonSteps.tsx";
import { PublicStep } from "./steps/PublicStep.tsx";
import { ReviewStep } from "./steps/ReviewStep.tsx";
import { SiblingsStep } from "./steps/SiblingsStep.tsx";
import { AllergiesStep, OtherInformationStep } from "./steps/TextSteps.tsx";
import { WelcomeStep } from "./steps/WelcomeStep.tsx";
import { useLoad } from "../../lib/use-load.ts";
import { useCampData } from "./use-camp-data.ts";
import { useCampWizard, type WizardOptions } from "./use-camp-wizard.ts";
import "./registration.css";

/**
 * The Welcome step arrives in the HTML: the server renders it with the current edition and the places
 * left (lib/page-api.ts); on client-side navigation the browser asks the API.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { current: await pageData(getCurrentEditionData, context) };
}

export async function clientLoader() {
  return { current: await pageData(getCurrentEditionData) };
}

// The title and description go without the year: they are the same for every edition.
export function meta(_: Route.MetaArgs) {
  const title = `Påmelding til vinterleiren – ${club.name}`;
  return [
    { title },
    {
      name: "description",
      content: `Meld deg på vinterleiren til ${club.name}: velg gradering, overnatting og ledsagere, se prisen og betal.`,
    },
    { property: "og:title", content: title },
    { property: "og:locale", content: "nb_NO" },
  ];
}

export interface RegistrationWizardProps extends WizardOptions {
  vippsEnabled?: boolean;
  /** The current edition as the route loader read it; without it, the wizard asks the API itself. */
  initial?: CurrentEditionData | "none";
}

/**
 * The camp registration: first the current edition from the server (the one it prices with, so the price
 * shown is the price charged), then the wizard for that edition.
 */
export function RegistrationWizard({ initial, ...props }: RegistrationWizardProps) {
  const [current, retry] = useLoad(getCurrentEdition, initial === undefined || initial === "none" ? initial : withEdition(initial));
  // A camp that is over is not offered at all: the page says the next one is not announced yet.
  if (current.status === "ready" && current.data !== "none" && !current.data.availability.campOver) {
    return (
      <CampEditionProvider edition={current.data.edition}>
        <Wizard {...props} availability={current.data.availability} />
      </CampEditionProvider>
    );
  }
  return (
    <div className="page registration">
      <h1>Påmelding til vinterleiren</h1>
      {current.status === "loading" && <p role="status">Laster påmeldingen …</p>}
      {current.status === "error" && <LoadProblem what="opplysningene om vinterleiren" detail={current.detail} onRetry={retry} />}
      {current.status === "ready" && (
        <Notice>
          <strong>Neste vinterleir er ikke kunngjort ennå.</strong>
        </Notice>
      )}
    </div>
  );
}

/** The wizard itself: one step at a time, the draft kept in cookies. */
function Wizard({ vippsEnabled = vippsEnabledDefault, availability, ...options }: RegistrationWizardProps & { availability: Availability }) {
  const { year } = useCampEdition();
  const wizard = useCampWizard(options);
  const data = useCampData(wizard.step !== "Welcome");
  const props = { wizard };
  let content: ReactNode;
  switch (wizard.step) {
    case "Welcome":
      content = <WelcomeStep {...props} availability={availability} />;
      break;
    case "Athletes":
      content = <AthletesStep {...props} />;
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
      content = <CompanionChoiceStep {...props} />;
      break;
    case "LedsagerManagement":
      content = <CompanionListStep {...props} />;
      break;
    case "LedsagerAdd":
      content = <CompanionAddStep {...props} />;
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
    case "Siblings":
      content = <SiblingsStep {...props} data={data} />;
      break;
    case "Review":
      content = <ReviewStep {...props} data={data} />;
      break;
    case "Payment":
      content = <PaymentStep {...props} vippsEnabled={vippsEnabled} availability={availability} />;
      break;
    case "Done":
      content = <DoneStep {...props} />;
      break;
  }
  return (
    <div className="page registration">
      <h1>Påmelding til vinterleir {year}</h1>
      <StepIndicator step={wizard.step} draft={wizard.draft} />
      {/* A key per step: each step mounts fresh, so its heading takes focus and sub-views start over. */}
      <div key={wizard.step}>{content}</div>
    </div>
  );
}

export default function RegistrationPage({ loaderData }: Route.ComponentProps) {
  return <RegistrationWizard initial={loaderData.current} />;
}
