// The edition form's groups that hold more than a row of plain fields: registration, late fee and rules.
import type { Club, Grade } from "../../../../shared/camp/grades.ts";
import { fieldId } from "./EditionField.tsx";
import { EditionInput, EditionInstant, EditionSection, EditionSelect, type EditionFormState } from "./EditionInputs.tsx";

/** «Påmelding»: when registration opens and closes, the places, and whether it stays open during the camp. */
export function RegistrationSection({ form }: { form: EditionFormState }) {
  const { formId, values, errors, onChange } = form;
  const duringCampId = fieldId(formId, "registrationDuringCamp");
  return (
    <EditionSection title="Påmelding">
      <p className="field-hint">Tidene er norsk tid.</p>
      <div className="edition-grid">
        <EditionInstant form={form} path="registrationOpensAt" />
        <EditionInstant form={form} path="registrationClosesAt" hint="Senest når leiren er over." />
        <EditionInput form={form} path="capacity" kind="number" hint="Utøvere. Tomt betyr ingen grense." />
        <EditionInput form={form} path="sleepoverCapacity" kind="number" hint="Tomt betyr ingen grense." />
      </div>
      <div className="check-row">
        <input
          id={duringCampId}
          type="checkbox"
          checked={values.registrationDuringCamp}
          aria-describedby={`${duringCampId}-hint`}
          onChange={(event) => onChange({ ...values, registrationDuringCamp: event.target.checked })}
        />
        <label htmlFor={duringCampId}>Påmeldingen er åpen mens leiren pågår</label>
      </div>
      <p className="field-hint" id={`${duringCampId}-hint`}>
        Uten avkrysning stenger påmeldingen når leiren starter (midnatt før første leirdag), uansett tidspunktet over. Med avkrysning kan utøvere
        melde seg på til påmeldingen stenger, også mens leiren pågår; de betaler med kort eller kontant ved oppmøte, ikke med Vipps.
      </p>
      {errors.registrationDuringCamp && <p className="field-error">{errors.registrationDuringCamp}</p>}
    </EditionSection>
  );
}

/** «Etteranmelding»: whether a late fee is charged, how much, and from which day. */
export function LateFeeSection({ form }: { form: EditionFormState }) {
  const { formId, values, errors, onChange } = form;
  return (
    <EditionSection title="Etteranmelding">
      <div className="check-row">
        <input
          id={fieldId(formId, "lateFee.enabled")}
          type="checkbox"
          checked={values.lateFeeEnabled}
          onChange={(event) => onChange({ ...values, lateFeeEnabled: event.target.checked })}
        />
        <label htmlFor={fieldId(formId, "lateFee.enabled")}>Ta etteranmeldingsgebyr</label>
      </div>
      {errors["lateFee.enabled"] && <p className="field-error">{errors["lateFee.enabled"]}</p>}
      <div className="edition-grid">
        <EditionInput form={form} path="lateFee.amount" kind="number" suffix="kr" />
        <EditionInput form={form} path="lateFee.firstDay" kind="date" />
      </div>
    </EditionSection>
  );
}

/** «Regler»: the host club, the ages and the grades the prices and choices depend on. */
export function RulesSection({ form, clubs, grades }: { form: EditionFormState; clubs: Club[]; grades: Grade[] }) {
  const gradeChoices = grades.map((grade) => ({ value: grade.gradeId, label: grade.name }));
  return (
    <EditionSection title="Regler">
      <div className="edition-grid">
        <EditionSelect
          form={form}
          path="homeClubId"
          choices={clubs.map((club) => ({ value: club.clubId, label: club.name }))}
          hint="Utøvere fra vertsklubben deltar gratis."
        />
        <EditionInput form={form} path="rules.minAge" kind="number" suffix="år" />
        <EditionInput form={form} path="rules.cupGradingBelowAge" kind="number" suffix="år" />
        <EditionInput form={form} path="rules.homeClubSleepoverMinAge" kind="number" suffix="år" />
        <EditionSelect form={form} path="rules.masterFromGradeId" choices={gradeChoices} />
        <EditionSelect form={form} path="rules.cupGradeIdsBelow" choices={gradeChoices} hint="Cup-gradering gjelder grader lavere enn denne." />
        <EditionInput form={form} path="rules.companionMinAge" kind="number" suffix="år" />
        <EditionInput form={form} path="rules.companionDefaultAge" kind="number" suffix="år" />
      </div>
    </EditionSection>
  );
}
