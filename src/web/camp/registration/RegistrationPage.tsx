import type { ReactNode } from "react";
import type { Route } from "./+types/RegistrationPage";
import { club } from "../../../shared/club/club-facts.ts";
import { CampEditionProvider, useCampEdition } from "../../lib/camp-edition.tsx";
import { useEffect, useMemo, useState } from "react";
import type { Availability, CurrentEdition } from "./current-edition-api.ts";
import {
  getCurrentEdition,
  getCurrentEditionData,
  getOpenEditions,
  getOpenEditionsData,
  withEdition,
  type CurrentEditionData,
} from "./current-edition-api.ts";
import { takesRegistrations } from "./AvailabilityNotice.tsx";
import { pageData } from "../../lib/page-api.ts";
import { LoadProblem } from "../../components/LoadProblem.tsx";
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
import { laterCampOpensText, useLaterCamps } from "../info/LaterCampNotice.tsx";
import { laterCampOpen } from "../../../shared/site/render-context.ts";
import { useNow } from "../../lib/use-now.ts";

/**
 * The Welcome step arrives in the HTML: the server renders it with the current edition and the places
 * left (lib/page-api.ts); on client-side navigation the browser asks the API.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const [current, open] = await Promise.all([pageData(getCurrentEditionData, context), pageData(getOpenEditionsData, context)]);
  return { current, open, requestedYear: requestedCampYear(new URL(request.url).search) ?? null };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const [current, open] = await Promise.all([pageData(getCurrentEditionData), pageData(getOpenEditionsData)]);
  return { current, open, requestedYear: requestedCampYear(new URL(request.url).search) ?? null };
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
  /** The editions taking registrations now as the route loader read them; without them, the wizard asks the API. */
  initialOpen?: CurrentEditionData[];
  /** The camp the address asks for (`?year=2027`, a camp page's link to next year's registration). */
  requestedYear?: number;
}

/**
 * The camp registration: first the current edition from the server (the one it prices with, so the price
 * shown is the price charged), then the wizard for that edition.
 */
export function RegistrationWizard({ initial, initialOpen, ...props }: RegistrationWizardProps) {
  const [current, retry] = useLoad(getCurrentEdition, initial === undefined || initial === "none" ? initial : withEdition(initial));
  const givenOpen = useMemo(() => initialOpen?.map(withEdition), [initialOpen]);
  // Never fails: without the list the wizard offers «the» camp alone.
  const [open] = useLoad(getOpenEditions, givenOpen);
  // A camp that is over is not offered at all: the page says the next one is not announced yet.
  if (current.status === "ready" && current.data !== "none" && !current.data.availability.campOver && open.status === "ready") {
    return <Wizard {...props} current={current.data} open={open.data} />;
  }
  return (
    <div className="page registration">
      <h1>Påmelding til vinterleiren</h1>
      {(current.status === "loading" || (current.status === "ready" && open.status === "loading")) && <p role="status">Laster påmeldingen …</p>}
      {current.status === "error" && <LoadProblem what="opplysningene om vinterleiren" detail={current.detail} onRetry={retry} />}
      {current.status === "ready" && open.status !== "loading" && (
        <Notice>
          <strong>Neste vinterleir er ikke kunngjort ennå.</strong>
        </Notice>
      )}
    </div>
  );
}

/**
 * The edition the wizard registers for: the one the draft names when it takes registrations (or is «the»
 * camp), else «the» camp while it takes registrations, else the one edition that does (next year's camp
 * opening while this year's is running). `choices`: the editions to choose between, when more than one is open.
 */
export function chooseWizardEdition(
  current: CurrentEdition,
  open: readonly CurrentEdition[],
  draftYear: number | undefined,
): { edition: CurrentEdition; choices: CurrentEdition[]; draftYearValid: boolean } {
  const choices = open.length > 1 ? [...open] : [];
  const named =
    draftYear === undefined
      ? undefined
      : (open.find((edition) => edition.data.year === draftYear) ?? (current.data.year === draftYear ? current : undefined));
  const fallback = !takesRegistrations(current.availability) && open.length === 1 ? open[0]! : current;
  return { edition: named ?? fallback, choices, draftYearValid: draftYear === undefined || named !== undefined };
}

/** `?year=2027` (a camp page's link to next year's registration), when it names a year. */
export function requestedCampYear(search: string): number | undefined {
  const year = Number(new URLSearchParams(search).get("year"));
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : undefined;
}

/** The wizard itself: one step at a time, the draft kept in cookies. */
function Wizard({
  current,
  open,
  requestedYear: requested,
  ...props
}: RegistrationWizardProps & { current: CurrentEdition; open: CurrentEdition[] }) {
  const wizard = useCampWizard(props);
  const { update, goTo } = wizard;
  // A link to a camp's own registration (`?year=`) chooses that camp once, while it takes registrations (or is
  // «the» camp); the family may still choose the other one afterwards.
  const requestedValid = requested !== undefined && (open.some((choice) => choice.data.year === requested) || current.data.year === requested);
  const [requestApplied, setRequestApplied] = useState(!requestedValid);
  const draftYear = requestApplied ? wizard.draft.year : requested;
  const { edition, choices, draftYearValid } = chooseWizardEdition(current, open, draftYear);
  useEffect(() => {
    if (requestApplied) return;
    update({ year: requested });
    setRequestApplied(true);
  }, [requestApplied, requested, update]);
  const fallbackYear = edition.data.year === current.data.year ? undefined : edition.data.year;
  useEffect(() => {
    if (!requestApplied) return;
    // A draft naming a camp that no longer takes registrations asks again; one for the only camp open that is
    // not «the» camp names it, so the server registers (and prices) it for that camp.
    if (!draftYearValid) {
      update({ year: undefined });
      if (choices.length > 0) goTo("Welcome");
    } else if (draftYear === undefined && choices.length === 0 && fallbackYear !== undefined) update({ year: fallbackYear });
  }, [requestApplied, draftYearValid, draftYear, fallbackYear, choices.length, update, goTo]);
  return (
    <CampEditionProvider edition={edition.edition}>
      <WizardSteps
        {...props}
        wizard={wizard}
        availability={edition.availability}
        choices={choices}
        unavailableYear={requested !== undefined && !requestedValid && requested !== edition.data.year ? requested : undefined}
      />
    </CampEditionProvider>
  );
}

function WizardSteps({
  vippsEnabled = vippsEnabledDefault,
  availability,
  wizard,
  choices,
  unavailableYear,
}: RegistrationWizardProps & {
  availability: Availability;
  wizard: ReturnType<typeof useCampWizard>;
  choices: CurrentEdition[];
  /** A camp the address asked for (`?year=`) that does not take registrations now. */
  unavailableYear?: number;
}) {
  const { year } = useCampEdition();
  const data = useCampData(wizard.step !== "Welcome");
  const props = { wizard };
  let content: ReactNode;
  switch (wizard.step) {
    case "Welcome":
      content = <WelcomeStep {...props} availability={availability} choices={choices} />;
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
      content = <DoneStep {...props} availability={availability} />;
      break;
  }
  return (
    <div className="page registration">
      <h1>Påmelding til vinterleir {year}</h1>
      {unavailableYear !== undefined && wizard.step === "Welcome" && <UnavailableYearNotice year={unavailableYear} shownYear={year} />}
      <StepIndicator step={wizard.step} draft={wizard.draft} />
      {/* A key per step: each step mounts fresh, so its heading takes focus and sub-views start over. */}
      <div key={wizard.step}>{content}</div>
    </div>
  );
}

/** A later camp asked for by its year (`?year=`) that does not take registrations yet: when it will. */
function UnavailableYearNotice({ year, shownYear }: { year: number; shownYear: number }) {
  const now = useNow();
  const later = useLaterCamps().find((camp) => camp.year === year);
  const opens = later && !laterCampOpen(later, now) ? laterCampOpensText(later, now) : undefined;
  return (
    <Notice>
      {opens ? (
        <>
          <strong>
            Påmeldingen til vinterleiren {year} åpner {opens}.
          </strong>{" "}
          Her kan du melde deg på vinterleiren {shownYear}.
        </>
      ) : (
        <strong>Påmeldingen til vinterleiren {year} er ikke åpen nå.</strong>
      )}
    </Notice>
  );
}

export default function RegistrationPage({ loaderData }: Route.ComponentProps) {
  return <RegistrationWizard initial={loaderData.current} initialOpen={loaderData.open} requestedYear={loaderData.requestedYear ?? undefined} />;
}
