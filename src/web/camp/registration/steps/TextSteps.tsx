import { campSettings } from "../../../../shared/camp/camp-edition.ts";
import { mayOfferToInstruct } from "../../../../shared/camp/camp-eligibility.ts";
import { CheckboxField, TextAreaField } from "../../../components/wizard/fields.tsx";
import { blockedHint, checkboxProps, fieldProps, stepNav } from "../../../components/wizard/bind.ts";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import type { StepProps } from "./step-props.ts";

const maxLength = campSettings.limits.textLength;

export function AllergiesStep({ wizard }: StepProps) {
  return (
    <StepLayout title="Allergier" {...stepNav(wizard, blockedHint(wizard, "Teksten er for lang."))}>
      <p>
        Har utøveren matallergier eller andre alvorlige allergier vi bør vite om, skriver du dem her – gjerne med hva vi
        skal gjøre hvis noe skjer. Har utøveren ingen allergier, lar du feltet stå tomt.
      </p>
      <p className="field-hint">
        Dette er helseopplysninger. Bare de som har ansvaret for leiren, ser dem, og de slettes etter leiren.
      </p>
      <TextAreaField label="Allergier (valgfritt)" maxLength={maxLength} {...fieldProps(wizard, "allergies")} />
    </StepLayout>
  );
}

export function OtherInformationStep({ wizard }: StepProps) {
  return (
    <StepLayout title="Annen informasjon" {...stepNav(wizard, blockedHint(wizard, "Teksten er for lang."))}>
      <p>
        Er det noe annet vi bør vite før leiren? Skriv det her. Ønsker du ikke å være med på bilder fra leiren, er det
        også her du sier fra.
      </p>
      <TextAreaField label="Annen informasjon (valgfritt)" maxLength={maxLength} {...fieldProps(wizard, "otherInfo")} />
      {mayOfferToInstruct(wizard.draft.gradeId) && (
        <CheckboxField
          label="Jeg kan instruere ved behov"
          description="Som mester kan du tilby deg å holde en økt hvis vi trenger flere instruktører."
          {...checkboxProps(wizard, "wantsToInstruct")}
        />
      )}
    </StepLayout>
  );
}
