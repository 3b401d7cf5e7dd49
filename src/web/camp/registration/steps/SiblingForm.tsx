import { campSettings } from "../../../../shared/camp/camp-edition.ts";
import { siblingRegistration, type SiblingField } from "../../../../shared/camp/camp-siblings.ts";
import { personName as athleteName } from "../../../../shared/camp/camp-athletes.ts";
import { voiceOf } from "../../../../shared/person-voice.ts";
import { AgeField, CheckboxField, TextAreaField, TextField } from "../../../components/wizard/fields.tsx";
import { fieldProps, toggleProps } from "../../../components/wizard/bind.ts";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import type { CampWizard } from "../use-camp-wizard.ts";
import { SiblingChoiceFields, SiblingClubGradeFields, SiblingCompanionsFieldset, SiblingPublicFieldset } from "./SiblingFields.tsx";
import type { DataStepProps } from "./step-props.ts";
import type { SiblingEditor } from "./use-sibling-editor.ts";

/** One further athlete's form: «Tilbake» returns to the list without saving, the next button saves. */
export function SiblingForm({
  editor,
  draft,
  data,
  editing,
}: {
  editor: SiblingEditor;
  draft: CampWizard["draft"];
  data: DataStepProps["data"];
  editing: boolean;
}) {
  const { form, errors, athleteSource } = editor;
  const asRegistration = siblingRegistration(editor.first, form);
  // A further athlete is never the one filling in: always named in the third person.
  const v = voiceOf(form, false);
  const anyShown = (Object.keys(errors) as SiblingField[]).some((field) => athleteSource.visibleError(field));
  return (
    <StepLayout
      title={editing ? `Endre ${athleteName(form)}` : "Legg til utøver"}
      focusHeading
      onBack={editor.backToList}
      onNext={editor.saveAthlete}
      onAttempt={editor.tryAthlete}
      canContinue={Object.keys(errors).length === 0}
      nextLabel={editing ? "Lagre utøveren" : "Legg til utøveren"}
      blockedHint={
        anyShown ? "Rett opp det som er markert, så kan du lagre utøveren." : "Fyll ut alle feltene og svar på spørsmålet om deltakerlisten."
      }
    >
      <p>Utøveren får samme e-post og telefonnummer som {athleteName(draft)}. «Tilbake» går til listen uten å lagre.</p>
      <TextField label="Fornavn" autoComplete="off" {...fieldProps(athleteSource, "firstName")} />
      <TextField label="Etternavn" autoComplete="off" {...fieldProps(athleteSource, "lastName")} />
      <AgeField label="Alder" hint="Alderen utøveren har under leiren, i hele år." {...fieldProps(athleteSource, "age")} />
      <SiblingClubGradeFields source={athleteSource} data={data} />
      <SiblingChoiceFields source={athleteSource} asRegistration={asRegistration} voice={v} />
      <SiblingCompanionsFieldset source={athleteSource} onAdd={editor.startCompanion} />
      <CheckboxField label={`${v.Jeg} er vegetarianer eller veganer`} {...toggleProps(athleteSource, "vegan")} />
      <TextAreaField
        label="Allergier (valgfritt)"
        hint="Bare de som har ansvaret for leiren, ser dette."
        maxLength={campSettings.limits.textLength}
        {...fieldProps(athleteSource, "allergies")}
      />
      <TextAreaField
        label="Annen informasjon (valgfritt)"
        hint="For eksempel om utøveren ikke vil være med på bilder, eller kommer senere."
        maxLength={campSettings.limits.textLength}
        {...fieldProps(athleteSource, "otherInfo")}
        value={form.otherInfo ?? ""}
      />
      <SiblingPublicFieldset source={athleteSource} name={v.name} />
    </StepLayout>
  );
}

/** A companion of the athlete being edited; «Legg til» adds it to that athlete's form, not yet to the draft. */
export function SiblingCompanionForm({ editor }: { editor: SiblingEditor }) {
  const source = editor.companionSource;
  return (
    <StepLayout
      title={`Legg til ledsager for ${editor.form.firstName.trim() || "utøveren"}`}
      focusHeading
      onBack={editor.backToAthlete}
      onNext={editor.addCompanion}
      onAttempt={editor.tryCompanion}
      canContinue={editor.canAddCompanion}
      nextLabel="Legg til"
      blockedHint="Fyll ut alle feltene for å legge til ledsageren."
    >
      <p>En ledsager som allerede er lagt inn for en annen utøver i denne påmeldingen, skal ikke legges inn på nytt.</p>
      <TextField label="Fornavn" {...fieldProps(source, "firstName")} />
      <TextField label="Etternavn" {...fieldProps(source, "lastName")} />
      <AgeField label="Alder" hint="En ledsager må være myndig." {...fieldProps(source, "age")} />
      <TextField label="Telefonnummer" type="tel" inputMode="tel" {...fieldProps(source, "telephone")} />
      <TextField label="E-post" type="email" inputMode="email" {...fieldProps(source, "email")} />
      <CheckboxField label="Overnatter" {...toggleProps(source, "sleepover")} />
    </StepLayout>
  );
}
