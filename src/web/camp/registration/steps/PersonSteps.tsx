import { AgeField, TextField } from "../../../components/wizard/fields.tsx";
import { fieldProps, stepNav } from "../../../components/wizard/bind.ts";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import { isFamily } from "../../../../shared/camp/camp-steps.ts";
import { contactNameBelowAge } from "../../../../shared/camp/contact-greeting.ts";
import type { StepProps } from "./step-props.ts";

export function NameAgeStep({ wizard }: StepProps) {
  return (
    <StepLayout title={isFamily(wizard.draft) ? "Første utøver: navn og alder" : "Navn og alder"} {...stepNav(wizard)}>
      <p>
        {isFamily(wizard.draft)
          ? "Du fyller først ut alt for én av utøverne. De andre legger du inn etterpå, hver med sine egne valg."
          : "Skriv inn navnet og alderen til utøveren som skal være med på leiren."}
      </p>
      <TextField label="Fornavn" autoComplete="given-name" {...fieldProps(wizard, "firstName")} />
      <TextField label="Etternavn" autoComplete="family-name" {...fieldProps(wizard, "lastName")} />
      <AgeField label="Alder" hint="Alderen utøveren har under leiren, i hele år." {...fieldProps(wizard, "age")} />
    </StepLayout>
  );
}

export function EmailTelephoneStep({ wizard }: StepProps) {
  return (
    <StepLayout title="Kontaktinformasjon" {...stepNav(wizard)}>
      <p>
        Vi sender bekreftelsen og kvitteringen til e-postadressen, og bruker den og telefonnummeret hvis vi må nå deg før eller under leiren – for
        eksempel ved endringer i programmet eller hvis noe skjer. Er utøveren et barn, skriver du inn kontaktinformasjonen til en foresatt.
      </p>
      <TextField label="E-post" type="email" inputMode="email" autoComplete="email" {...fieldProps(wizard, "email")} />
      <TextField
        label="Telefonnummer"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="For eksempel 912 34 567 eller +47 912 34 567."
        {...fieldProps(wizard, "telephone")}
      />
      {wizard.draft.age > 0 && wizard.draft.age < contactNameBelowAge && (
        <TextField
          label="Navn på foresatt/kontaktperson (valgfritt)"
          autoComplete="name"
          hint="Da kan e-postene fra oss hilse på deg med navn."
          {...fieldProps(wizard, "contactName")}
          value={wizard.draft.contactName ?? ""}
        />
      )}
    </StepLayout>
  );
}
