import { Link } from "react-router";
import { contactEmails } from "../../../../shared/club/club-facts.ts";
import { formatDateRange } from "../../../../shared/format.ts";
import { campEdition } from "../../../lib/camp-edition.tsx";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import type { StepProps } from "./step-props.ts";

export function DoneStep({ wizard }: StepProps) {
  const { draft } = wizard;
  return (
    <StepLayout
      title={`Du er påmeldt vinterleiren ${campEdition.year}!`}
      focusHeading={wizard.moved}
      actions={
        <div className="button-row">
          <Link className="button" to="/">
            Tilbake til forsiden
          </Link>
          <button type="button" className="button secondary" onClick={wizard.restart}>
            Meld på en utøver til
          </button>
        </div>
      }
    >
      <p className="lead">Takk, {draft.firstName}! Vi gleder oss til å se deg.</p>
      <h3>Dette skjer nå</h3>
      <ul>
        <li>
          En bekreftelse med kvittering er på vei til <strong>{draft.email}</strong>. Finner du den ikke, så sjekk
          søppelpost.
        </li>
        <li>
          Leiren er {formatDateRange(campEdition.start, campEdition.end)} på {campEdition.settings.venue}. Se{" "}
          <Link to="/vinterleir/schedule">programmet</Link> for tider og hva du skal ha med.
        </li>
        <li>
          Vil du endre noe eller melde deg av, sender du en e-post til{" "}
          <a href={`mailto:${contactEmails.general}`}>{contactEmails.general}</a>.
        </li>
      </ul>
    </StepLayout>
  );
}
