import { AgeField, TextField } from "../../../components/wizard/fields.tsx";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import { blockedHint, type StepProps } from "./step-props.ts";

export function NameAgeStep({ wizard }: StepProps) {
  const { draft, update, touch, visibleError } = wizard;
  return (
    <StepLayout
      title="Navn og alder"
      focusHeading={wizard.moved}
      onBack={wizard.back}
      onNext={wizard.next}
      onAttempt={wizard.attempt}
      canContinue={wizard.canContinue}
      blockedHint={blockedHint(wizard)}
    >
      <p>Skriv inn navnet og alderen til utøveren som skal være med på leiren.</p>
      <TextField
        id="firstName"
        label="Fornavn"
        autoComplete="given-name"
        value={draft.firstName}
        onChange={(firstName) => update({ firstName })}
        onBlur={() => touch("firstName")}
        error={visibleError("firstName")}
      />
      <TextField
        id="lastName"
        label="Etternavn"
        autoComplete="family-name"
        value={draft.lastName}
        onChange={(lastName) => update({ lastName })}
        onBlur={() => touch("lastName")}
        error={visibleError("lastName")}
      />
      <AgeField
        id="age"
        label="Alder"
        hint="Alderen utøveren har under leiren, i hele år."
        value={draft.age}
        onChange={(age) => update({ age })}
        onBlur={() => touch("age")}
        error={visibleError("age")}
      />
    </StepLayout>
  );
}

export function EmailTelephoneStep({ wizard }: StepProps) {
  const { draft, update, touch, visibleError } = wizard;
  return (
    <StepLayout
      title="Kontaktinformasjon"
      focusHeading={wizard.moved}
      onBack={wizard.back}
      onNext={wizard.next}
      onAttempt={wizard.attempt}
      canContinue={wizard.canContinue}
      blockedHint={blockedHint(wizard)}
    >
      <p>
        Vi sender bekreftelsen og kvitteringen til e-postadressen, og bruker den og telefonnummeret hvis vi må nå deg
        før eller under leiren – for eksempel ved endringer i programmet eller hvis noe skjer. Er utøveren et barn,
        skriver du inn kontaktinformasjonen til en foresatt.
      </p>
      <TextField
        id="email"
        label="E-post"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={draft.email}
        onChange={(email) => update({ email })}
        onBlur={() => touch("email")}
        error={visibleError("email")}
      />
      <TextField
        id="telephone"
        label="Telefonnummer"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="For eksempel 912 34 567 eller +47 912 34 567."
        value={draft.telephone}
        onChange={(telephone) => update({ telephone })}
        onBlur={() => touch("telephone")}
        error={visibleError("telephone")}
      />
    </StepLayout>
  );
}
