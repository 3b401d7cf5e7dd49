import { myRegistrationPath } from "../../../../shared/camp/camp-my-registration.ts";
import { club } from "../../../../shared/club/club-facts.ts";
import { campDocumentPaths } from "../../../../shared/camp/camp-documents.ts";
import { formatDateRange } from "../../../../shared/format.ts";
import { useCampEdition } from "../../../lib/camp-edition.tsx";
import { AvailabilityNotice, takesRegistrations } from "../AvailabilityNotice.tsx";
import { CheckboxField } from "../../../components/wizard/fields.tsx";
import { checkboxProps, stepNav } from "../../../components/wizard/bind.ts";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import type { AvailabilityStepProps } from "./step-props.ts";
import type { CurrentEdition } from "../current-edition-api.ts";
import type { CampEdition } from "../../../../shared/camp/camp-edition.ts";
import { cancellationTermsAt } from "../../../../shared/camp/cancellation-terms.ts";
import { campWhenSentence } from "../../../../shared/camp/camp-moment-texts.ts";
import { useNow } from "../../../lib/use-now.ts";
import { privacyPath } from "../../../../shared/site/site-pages.ts";
import { siteCookies } from "../../../../shared/site/site-cookies.ts";
import { usePrivacyFacts } from "../../../lib/site-content.tsx";

/** «Vinterleir 2027 (8.–10. januar)»: a choice of camp names its year and days. */
export function editionChoiceLabel(edition: CampEdition): string {
  return `Vinterleir ${edition.year} (${formatDateRange(edition.start, edition.end)})`;
}

export function WelcomeStep({ wizard, availability, choices = [] }: AvailabilityStepProps & { choices?: readonly CurrentEdition[] }) {
  const campEdition = useCampEdition();
  const now = useNow();
  const { retention } = usePrivacyFacts();
  const draftDays = siteCookies.campDraft.maxAgeSeconds / (24 * 60 * 60);
  const terms = campDocumentPaths(campEdition.year).terms;
  const open = takesRegistrations(availability);
  // With two camps open the family says which; until then, nothing about either is taken for granted.
  const chosen = choices.length === 0 || choices.some((choice) => choice.data.year === wizard.draft.year);
  const nav = stepNav(
    wizard,
    !chosen
      ? "Velg hvilken vinterleir du melder på, og kryss av for begge punktene."
      : open
        ? "Kryss av for begge punktene for å gå videre."
        : "Påmeldingen er ikke åpen nå.",
  );
  // The first step: no Back. Outside the registration window nobody goes further.
  return (
    <StepLayout title="Velkommen til påmeldingen" {...nav} canContinue={open && chosen && nav.canContinue} onBack={undefined}>
      {choices.length > 0 && <CampChoiceField wizard={wizard} choices={choices} />}
      <AvailabilityNotice availability={availability} />
      <p className="lead">
        {campWhenSentence(campEdition, availability.phase ?? "upcoming", now)}
        {open && " Påmeldingen tar noen minutter, og du ser prisen før du bekrefter."}
      </p>
      <h3>Slik bruker vi opplysningene</h3>
      <ul>
        <li>Vi bruker opplysningene du gir oss, bare til å planlegge og gjennomføre leiren.</li>
        <li>
          Andre deltakere ser bare at det kommer noen fra klubben. Navnet og graden til utøveren vises på deltakerlisten bare hvis du sier ja til det.
          I statistikken over beltegrader telles alle uten navn.
        </li>
        <li>Opplysninger om allergier ser bare de som har ansvaret for leiren.</li>
        <li>{retention.campAnonymiseAfterDays} dager etter leiren gjør vi personopplysningene anonyme.</li>
        <li>
          Vi tar bilder under leiren. Skal utøveren ikke være med på bilder, kan du skrive det i feltet for annen informasjon mot slutten av
          påmeldingen.
        </li>
        <li>{cancellationTermsAt(campEdition, now).join(" ")}</li>
        <li>
          Det du fyller inn, lagres i nettleseren din i {draftDays} dager, så du kan fortsette der du slapp. Når påmeldingen er sendt, slettes det.
        </li>
        <li>
          Allerede påmeldt? Se, endre eller avbestill med lenken i bekreftelsen, eller få den på nytt på{" "}
          <a href={myRegistrationPath}>Finn påmeldingen min</a>.
        </li>
      </ul>
      <fieldset className="fieldset">
        <legend>Før du begynner</legend>
        <CheckboxField
          label={`Jeg samtykker i at ${club.name} bruker opplysningene mine til å arrangere vinterleiren.`}
          description={
            <>
              Hva vi samler inn, hvor lenge vi tar vare på det og hvilke rettigheter du har, står i{" "}
              <a href={privacyPath} target="_blank" rel="noopener">
                personvernerklæringen
                <span className="visually-hidden"> (åpnes i ny fane)</span>
              </a>
              .
            </>
          }
          {...checkboxProps(wizard, "dataConsent")}
        />
        <CheckboxField
          label={
            <>
              Jeg har lest og godtar{" "}
              <a href={terms} target="_blank" rel="noopener noreferrer">
                salgsbetingelsene
                <span className="visually-hidden"> (PDF, åpnes i ny fane)</span>
              </a>
              .
            </>
          }
          {...checkboxProps(wizard, "termsAccepted")}
        />
      </fieldset>
    </StepLayout>
  );
}

/** With two camps open: which one the family registers for. */
function CampChoiceField({ wizard, choices }: { wizard: AvailabilityStepProps["wizard"]; choices: readonly CurrentEdition[] }) {
  return (
    <fieldset className="fieldset camp-choice">
      <legend>Hvilken vinterleir?</legend>
      <p className="check-description" id="camp-choice-hint">
        Påmeldingen er åpen for {choices.length === 2 ? "to" : choices.length} vinterleirer. Prisene og reglene kan være forskjellige.
      </p>
      {choices.map((choice) => {
        const id = `camp-choice-${choice.data.year}`;
        return (
          <div className="check-row" key={choice.data.year}>
            <input
              type="radio"
              id={id}
              name="camp-choice"
              aria-describedby="camp-choice-hint"
              checked={wizard.draft.year === choice.data.year}
              onChange={() => wizard.update({ year: choice.data.year })}
            />
            <label htmlFor={id}>
              {editionChoiceLabel(choice.edition)}
              {choice.availability.state === "full" && " – full, venteliste"}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
