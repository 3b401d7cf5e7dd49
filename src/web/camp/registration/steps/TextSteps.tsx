import { campSettings } from "../../../../shared/camp/camp-edition.ts";
import { mayOfferToInstruct } from "../../../../shared/camp/camp-eligibility.ts";
import { CheckboxField, TextAreaField } from "../../../components/wizard/fields.tsx";
import { blockedHint, checkboxProps, fieldProps, stepNav } from "../../../components/wizard/bind.ts";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import type { StepProps } from "./step-props.ts";
import { voiceFor } from "../../../../shared/person-voice.ts";

const maxLength = campSettings.limits.textLength;

/** The draft was resumed in a tab that never had these fields (they are not kept in cookies): say so. */
function TabFieldsMissing({ wizard }: StepProps) {
  if (!wizard.tabFieldsMissing) return null;
  return (
    <div className="notice" role="status">
      <p>
        <strong>Skriv inn på nytt:</strong> Av personvernhensyn tar vi vare på allergier og annen informasjon bare i nettleserfanen der du skrev dem,
        og denne fanen har dem ikke. Har du ingenting å melde, lar du feltet stå tomt.
      </p>
    </div>
  );
}

export function AllergiesStep({ wizard }: StepProps) {
  const v = voiceFor(wizard.draft);
  return (
    <StepLayout title="Allergier" {...stepNav(wizard, blockedHint(wizard, "Teksten er for lang."))}>
      <p>
        Har {v.du} matallergier eller andre alvorlige allergier vi bør vite om, skriver du dem her – gjerne med hva vi skal gjøre hvis noe skjer. Har{" "}
        {v.du} ingen allergier, lar du feltet stå tomt.
      </p>
      <p className="field-hint">Dette er helseopplysninger. Bare de som har ansvaret for leiren, ser dem, og de slettes etter leiren.</p>
      <TabFieldsMissing wizard={wizard} />
      <TextAreaField label="Allergier (valgfritt)" maxLength={maxLength} {...fieldProps(wizard, "allergies")} />
    </StepLayout>
  );
}

export function OtherInformationStep({ wizard }: StepProps) {
  const v = voiceFor(wizard.draft);
  return (
    <StepLayout title="Annen informasjon" {...stepNav(wizard, blockedHint(wizard, "Teksten er for lang."))}>
      <p>Er det noe annet vi bør vite før leiren? Skriv det her. Skal {v.du} ikke være med på bilder fra leiren, er det også her du sier fra.</p>
      <TabFieldsMissing wizard={wizard} />
      <TextAreaField label="Annen informasjon (valgfritt)" maxLength={maxLength} {...fieldProps(wizard, "otherInfo")} />
      {mayOfferToInstruct(wizard.draft.gradeId) && (
        <CheckboxField
          label={`${v.Jeg} kan instruere ved behov`}
          description={`Som mester kan ${v.du} tilby ${v.self ? "deg" : "seg"} å holde en økt hvis vi trenger flere instruktører.`}
          {...checkboxProps(wizard, "wantsToInstruct")}
        />
      )}
    </StepLayout>
  );
}
