import { Link } from "react-router";
import { formatDateRange } from "../../../../shared/format.ts";
import { useCampEdition } from "../../../lib/camp-edition.tsx";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import type { StepProps } from "./step-props.ts";
import { ContactEmailLink } from "../../../components/ContactEmailLink.tsx";
import { campWhenSentence } from "../../../../shared/camp/camp-moment-texts.ts";
import { useNow } from "../../../lib/use-now.ts";
import { duringCamp, type Availability } from "../current-edition-api.ts";
import { campPeople } from "../../../../shared/camp/camp-athletes.ts";
import { namesList, thanksSentence } from "../../../../shared/person-voice.ts";

export function DoneStep({ wizard, availability }: StepProps & { availability?: Availability }) {
  const { draft } = wizard;
  const campEdition = useCampEdition();
  const now = useNow();
  const waiting = wizard.outcome === "waitlisted";
  const running = availability !== undefined && duringCamp(availability);
  // The person who registered is thanked; a child is named, never thanked as if reading this.
  const people = campPeople(draft);
  const seen = namesList(people.map((person) => (person.self ? "deg" : person.firstName.trim())));
  return (
    <StepLayout
      title={thanksSentence(people, `vinterleiren ${campEdition.year}`, { waitlisted: waiting })}
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
      <p className="lead">
        {waiting ? "Leiren er full, og du har ikke betalt noe." : `Vi gleder oss til å se ${people.length > 1 ? "dere" : seen}.`}
      </p>
      <h3>Dette skjer nå</h3>
      <ul>
        {waiting ? (
          <li>
            Blir en plass ledig, får du en e-post til <strong>{draft.email}</strong> med en lenke der du kan bekrefte plassen. Tilbudet gjelder en
            begrenset tid, så følg med på e-posten (også søppelpost).
          </li>
        ) : (
          <li>
            En bekreftelse med kvittering er på vei til <strong>{draft.email}</strong>. Finner du den ikke, så sjekk søppelpost.
          </li>
        )}
        {running && !waiting ? (
          <li>
            <strong>{campWhenSentence(campEdition, "running", now)}</strong> Sjekk inn når du kommer. Har du noe å betale, betaler du med kort eller
            kontant der – påmeldinger mens leiren pågår, betales ikke med Vipps. Se <Link to="/vinterleir/schedule">programmet</Link> for tider.
          </li>
        ) : (
          <li>
            {running
              ? campWhenSentence(campEdition, "running", now)
              : `Leiren er ${formatDateRange(campEdition.start, campEdition.end)} på ${campEdition.settings.venue}.`}{" "}
            Se <Link to="/vinterleir/schedule">programmet</Link> for tider og hva du skal ha med.
          </li>
        )}
        {wizard.personalLink ? (
          <li>
            På <Link to={wizard.personalLink}>Min påmelding</Link> ser du påmeldingen, kan rette opplysningene og avbestille. Lenken står også i
            e-posten.
          </li>
        ) : (
          <li>
            Spørsmål? Skriv til <ContactEmailLink />.
          </li>
        )}
      </ul>
    </StepLayout>
  );
}
