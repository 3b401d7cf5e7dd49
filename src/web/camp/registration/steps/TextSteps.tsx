import { campSettings } from "../../../../shared/camp/camp-edition.ts";
import { mayOfferToInstruct } from "../../../../shared/camp/camp-eligibility.ts";
import { CheckboxField, TextAreaField } from "../../../components/wizard/fields.tsx";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import { blockedHint, type StepProps } from "./step-props.ts";

const maxLength = campSettings.limits.textLength;

export function AllergiesStep({ wizard }: StepProps) {
  const { draft, update, touch, visibleError } = wizard;
  return (
    <StepLayout
      title="Allergier"
      focusHeading={wizard.moved}
      onBack={wizard.back}
      onNext={wizard.next}
      onAttempt={wizard.attempt}
      canContinue={wizard.canContinue}
      blockedHint={blockedHint(wizard, "Teksten er for lang.")}
    >
      <p>
        Har utøveren matallergier eller andre alvorlige allergier vi bør vite om, skriver du dem her – gjerne med hva vi
        skal gjøre hvis noe skjer. Har utøveren ingen allergier, lar du feltet stå tomt.
      </p>
      <p className="field-hint">
        Dette er helseopplysninger. Bare de som har ansvaret for leiren, ser dem, og de slettes etter leiren.
      </p>
      <TextAreaField
        id="allergies"
        label="Allergier (valgfritt)"
        maxLength={maxLength}
        value={draft.allergies}
        onChange={(allergies) => update({ allergies })}
        onBlur={() => touch("allergies")}
        error={visibleError("allergies")}
      />
    </StepLayout>
  );
}

export function OtherInformationStep({ wizard }: StepProps) {
  const { draft, update, touch, visibleError } = wizard;
  return (
    <StepLayout
      title="Annen informasjon"
      focusHeading={wizard.moved}
      onBack={wizard.back}
      onNext={wizard.next}
      onAttempt={wizard.attempt}
      canContinue={wizard.canContinue}
      blockedHint={blockedHint(wizard, "Teksten er for lang.")}
    >
      <p>
        Er det noe annet vi bør vite før leiren? Skriv det her. Ønsker du ikke å være med på bilder fra leiren, er det
        også her du sier fra.
      </p>
      <TextAreaField
        id="otherInfo"
        label="Annen informasjon (valgfritt)"
        maxLength={maxLength}
        value={draft.otherInfo}
        onChange={(otherInfo) => update({ otherInfo })}
        onBlur={() => touch("otherInfo")}
        error={visibleError("otherInfo")}
      />
      {mayOfferToInstruct(draft.gradeId) && (
        <CheckboxField
          id="wantsToInstruct"
          label="Jeg kan instruere ved behov"
          description="Som mester kan du tilby deg å holde en økt hvis vi trenger flere instruktører."
          checked={draft.wantsToInstruct}
          onChange={(wantsToInstruct) => update({ wantsToInstruct })}
          error={visibleError("wantsToInstruct")}
        />
      )}
    </StepLayout>
  );
}
