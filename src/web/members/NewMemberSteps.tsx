import { Link } from "react-router";
import { club } from "../../shared/club/club-facts.ts";
import { needsGuardian, newMemberSettings, type NewMemberField, type NewMemberStep } from "../../shared/members/new-member.ts";
import { AgeField, TextField } from "../components/wizard/fields.tsx";
import { fieldProps, stepNav } from "../components/wizard/bind.ts";
import { StepLayout } from "../components/wizard/StepLayout.tsx";
import { SubmitError, SubmitInvalid } from "../components/wizard/SubmitError.tsx";
import type { NewMemberWizard } from "./use-new-member-wizard.ts";
import { ContactEmailLink } from "../components/ContactEmailLink.tsx";
import { useSiteContent } from "../lib/site-content.tsx";
import { privacyPath } from "../../shared/site/site-pages.ts";
import { siteCookies } from "../../shared/site/site-cookies.ts";

interface StepProps {
  wizard: NewMemberWizard;
}

export function WelcomeStep({ wizard }: StepProps) {
  const membershipPrices = useSiteContent().priser.membership;
  return (
    <StepLayout title="Velkommen!" focusHeading={wizard.moved} onNext={wizard.next} nextLabel="Start">
      <p className="lead">
        Har du lyst til å begynne med taekwondo, eller vil barnet ditt prøve? Meld interesse her, så tar vi kontakt og avtaler en gratis prøvetime.
      </p>
      <p>
        Barnepartiet er for barn fra {membershipPrices.children.ages}, og fra {membershipPrices.youthAdultMinAge} år trener ungdom og voksne sammen –
        uansett erfaring. Det tar bare et par minutter å fylle ut skjemaet.
      </p>
      <h3>Slik bruker vi opplysningene</h3>
      <ul>
        <li>Vi bruker dem bare til å kontakte deg om prøvetime og oppstart i {club.name}.</li>
        <li>Er utøveren under 18 år, spør vi etter en foresatt. Det er den foresatte vi kontakter.</li>
        <li>
          Vil du at vi sletter opplysningene, sender du en e-post til <ContactEmailLink />.
        </li>
        <li>
          Det du fyller inn, lagres i nettleseren din i {siteCookies.newMemberDraft.maxAgeSeconds / (24 * 60 * 60)} dager, så du kan fortsette der du
          slapp. Når skjemaet er sendt, slettes det.
        </li>
        <li>
          Hvor lenge vi tar vare på opplysningene og hvilke rettigheter du har, står i <Link to={privacyPath}>personvernerklæringen</Link>.
        </li>
      </ul>
    </StepLayout>
  );
}

function ContactFields({ wizard, whose }: StepProps & { whose: "own" | "guardian" }) {
  return (
    <>
      <TextField
        label={whose === "own" ? "E-post" : "E-post til den foresatte"}
        type="email"
        inputMode="email"
        autoComplete="email"
        {...fieldProps(wizard, "email")}
      />
      <TextField
        label={whose === "own" ? "Telefonnummer" : "Telefonnummer til den foresatte"}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="For eksempel 912 34 567 eller +47 912 34 567."
        {...fieldProps(wizard, "telephone")}
      />
    </>
  );
}

export function RegistrationStep({ wizard }: StepProps) {
  const { draft } = wizard;
  const adult = !needsGuardian(draft.age) && draft.age > 0;
  return (
    <StepLayout title="Om utøveren" {...stepNav(wizard)}>
      <p>Skriv inn navnet og alderen til den som vil begynne å trene.</p>
      <TextField label="Fornavn" autoComplete="given-name" {...fieldProps(wizard, "firstName")} />
      <TextField label="Etternavn" autoComplete="family-name" {...fieldProps(wizard, "lastName")} />
      <AgeField
        label="Alder"
        hint={`I hele år. Under ${newMemberSettings.adultAge} år spør vi etter en foresatt på neste side.`}
        min={newMemberSettings.minAge}
        max={newMemberSettings.maxAge}
        {...fieldProps(wizard, "age")}
      />
      {adult && (
        <fieldset className="fieldset">
          <legend>Kontaktinformasjon</legend>
          <p className="field-hint">Hit sender vi bekreftelsen, og her når vi deg for å avtale prøvetime.</p>
          <ContactFields wizard={wizard} whose="own" />
        </fieldset>
      )}
    </StepLayout>
  );
}

export function ParentStep({ wizard }: StepProps) {
  const { draft } = wizard;
  return (
    <StepLayout title="Foresatt" {...stepNav(wizard)}>
      <p>
        Fordi {draft.firstName.trim() || "utøveren"} er under {newMemberSettings.adultAge} år, trenger vi navnet og kontaktinformasjonen til en
        foresatt. Det er den foresatte vi kontakter, og som får bekreftelsen på e-post.
      </p>
      <TextField label="Fornavn til den foresatte" autoComplete="given-name" {...fieldProps(wizard, "parentFirstName")} />
      <TextField label="Etternavn til den foresatte" autoComplete="family-name" {...fieldProps(wizard, "parentLastName")} />
      <ContactFields wizard={wizard} whose="guardian" />
    </StepLayout>
  );
}

const fieldLabels: Record<NewMemberField, string> = {
  draftId: "Skjemaet",
  firstName: "Fornavn",
  lastName: "Etternavn",
  age: "Alder",
  parentFirstName: "Fornavn til foresatt",
  parentLastName: "Etternavn til foresatt",
  email: "E-post",
  telephone: "Telefonnummer",
  referer: "Hvor du fant oss",
};

function stepOfField(field: string, child: boolean): NewMemberStep | undefined {
  if (["firstName", "lastName", "age"].includes(field)) return "Registration";
  if (["parentFirstName", "parentLastName"].includes(field)) return "Parent";
  if (["email", "telephone"].includes(field)) return child ? "Parent" : "Registration";
  return undefined;
}

export function ReceiptStep({ wizard }: StepProps) {
  const { draft, submission } = wizard;
  const child = needsGuardian(draft.age);
  const sending = submission.state === "sending";
  const rows: [string, string, NewMemberStep][] = [
    ["Navn", `${draft.firstName.trim()} ${draft.lastName.trim()}`, "Registration"],
    ["Alder", `${draft.age} år`, "Registration"],
    ...(child ? [["Foresatt", `${draft.parentFirstName.trim()} ${draft.parentLastName.trim()}`, "Parent"] as [string, string, NewMemberStep]] : []),
    ["E-post", draft.email.trim(), child ? "Parent" : "Registration"],
    ["Telefon", draft.telephone.trim(), child ? "Parent" : "Registration"],
  ];
  return (
    <StepLayout
      title="Se over og send"
      focusHeading={wizard.moved}
      onBack={sending ? undefined : wizard.back}
      onNext={() => void wizard.submit()}
      canContinue={!sending}
      nextLabel={sending ? "Sender..." : "Send inn"}
    >
      <p>Stemmer alt? Trykk «Send inn», så får {child ? "den foresatte" : "du"} en bekreftelse på e-post.</p>
      <dl className="member-summary wizard-summary">
        {rows.map(([label, value, step]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <span className="wizard-summary-value">{value}</span>
              <button type="button" className="link-button" onClick={() => wizard.goTo(step)} disabled={sending}>
                Endre<span className="visually-hidden"> {label.toLocaleLowerCase("nb-NO")}</span>
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <p className="visually-hidden" role="status">
        {sending ? "Sender, vent litt." : ""}
      </p>
      {submission.state === "failed" && <SubmitError detail={submission.detail} />}
      {submission.state === "invalid" && (
        <SubmitInvalid
          heading="Noe må rettes før vi kan ta imot skjemaet"
          message={submission.message}
          issues={submission.issues}
          labelOf={(field) => fieldLabels[field as NewMemberField]}
          stepOf={(field) => stepOfField(field, child)}
          goTo={wizard.goTo}
        />
      )}
    </StepLayout>
  );
}

export function DoneStep({ wizard }: StepProps) {
  const { draft } = wizard;
  const child = needsGuardian(draft.age);
  return (
    <StepLayout
      title="Takk for interessen!"
      focusHeading={wizard.moved}
      actions={
        <div className="button-row">
          <Link className="button" to="/">
            Til forsiden
          </Link>
          <button type="button" className="button secondary" onClick={wizard.restart}>
            Meld interesse for en til
          </button>
        </div>
      }
    >
      <p className="lead">
        Vi har fått {child ? `opplysningene om ${draft.firstName.trim()}` : "opplysningene dine"}, og gleder oss til å hilse på{" "}
        {child ? "dere" : "deg"}.
      </p>
      <h3>Dette skjer nå</h3>
      <ul>
        <li>
          En bekreftelse er på vei til <strong>{draft.email.trim()}</strong>. Finner du den ikke, så sjekk søppelpost.
        </li>
        <li>
          Noen fra klubben tar kontakt på e-post eller telefon for å avtale en gratis prøvetime. Det trengs bare vanlige treningsklær og en
          drikkeflaske – utstyr kan vente.
        </li>
        <li>
          Se gjerne <Link to="/treningstider">treningstidene</Link> allerede nå. Har du spørsmål, skriv til <ContactEmailLink />.
        </li>
      </ul>
    </StepLayout>
  );
}
