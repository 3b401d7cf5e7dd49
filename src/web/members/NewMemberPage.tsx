import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/NewMemberPage";
import { club } from "../../shared/club/club-facts.ts";
import { countedNewMemberSteps, refererFromQuery, type RefererValue } from "../../shared/members/new-member.ts";
import { StepProgress } from "../components/wizard/StepProgress.tsx";
import { DoneStep, ParentStep, ReceiptStep, RegistrationStep, WelcomeStep } from "./NewMemberSteps.tsx";
import { useNewMemberWizard } from "./use-new-member-wizard.ts";
import "./new-member.css";

export function meta(_: Route.MetaArgs) {
  const title = `Meld interesse – ${club.name}`;
  return [
    { title },
    { name: "description", content: `Vil du begynne med taekwondo i ${club.name}? Meld interesse, så tar vi kontakt om en gratis prøvetime.` },
    { property: "og:title", content: title },
    { property: "og:locale", content: "nb_NO" },
  ];
}

/** `?referer=qr|email` as given; nothing (undefined) when the address does not say. */
function refererParam(value: string | null): RefererValue | undefined {
  return value === null ? undefined : refererFromQuery(value);
}

/** The new-member wizard (docs/requirements.md §2, §4, §5): Welcome, Registration, Parent (children only), Receipt, Done. */
export function NewMemberWizard({ referer }: { referer: RefererValue | undefined }) {
  const wizard = useNewMemberWizard({ referer });
  const counted = countedNewMemberSteps(wizard.draft);
  let content: ReactNode;
  switch (wizard.step) {
    case "Welcome":
      content = <WelcomeStep wizard={wizard} />;
      break;
    case "Registration":
      content = <RegistrationStep wizard={wizard} />;
      break;
    case "Parent":
      content = <ParentStep wizard={wizard} />;
      break;
    case "Receipt":
      content = <ReceiptStep wizard={wizard} />;
      break;
    case "Done":
      content = <DoneStep wizard={wizard} />;
      break;
  }
  return (
    <div className="page new-member">
      <h1>Meld interesse</h1>
      <StepProgress number={counted.indexOf(wizard.step) + 1} total={counted.length} />
      <div key={wizard.step}>{content}</div>
    </div>
  );
}

export default function NewMemberPage() {
  const [params] = useSearchParams();
  return <NewMemberWizard referer={refererParam(params.get("referer"))} />;
}
