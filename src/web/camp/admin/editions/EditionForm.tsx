import { useRef } from "react";
import type { Club, Grade } from "../../../../shared/camp/grades.ts";
import { Field } from "./EditionField.tsx";
import { EditionInput, EditionSection, setScalarField, type EditionFormState } from "./EditionInputs.tsx";
import { LateFeeSection, RegistrationSection, RulesSection } from "./EditionFormSections.tsx";
import { ProgramFields } from "./EditionProgramFields.tsx";
import type { EditionFormValues, FieldErrors } from "./edition-form.ts";

/**
 * Every field of an edition, grouped the way the club talks about the camp. Numbers are text fields with
 * a number keyboard, so what was typed stays as typed until the schema's message says what is wrong.
 */
export function EditionForm({
  formId,
  values,
  errors,
  clubs,
  grades,
  onChange,
}: {
  formId: string;
  values: EditionFormValues;
  errors: FieldErrors;
  clubs: Club[];
  grades: Grade[];
  onChange: (values: EditionFormValues) => void;
}) {
  const newRowFocus = useRef<string>(undefined);
  const form: EditionFormState = { formId, values, errors, onChange };

  return (
    <div className="edition-form">
      <EditionSection title="Tid og sted">
        <div className="edition-grid">
          <EditionInput form={form} path="firstDay" kind="date" />
          <EditionInput form={form} path="lastDay" kind="date" />
          <EditionInput form={form} path="venue" kind="text" className="span-all" />
        </div>
      </EditionSection>
      <RegistrationSection form={form} />
      <EditionSection title="Priser">
        <div className="edition-grid">
          <EditionInput form={form} path="prices.child" kind="number" suffix="kr" />
          <EditionInput form={form} path="prices.adult" kind="number" suffix="kr" />
          <EditionInput form={form} path="prices.childMaxAge" kind="number" suffix="år" hint="Barnepris til og med denne alderen." />
          <EditionInput form={form} path="companionFee" kind="number" suffix="kr" />
          <EditionInput form={form} path="gradingFee" kind="number" suffix="kr" />
        </div>
      </EditionSection>
      <EditionSection title="Tidligrabatt">
        <div className="edition-grid">
          <EditionInput form={form} path="earlyBird.percent" kind="number" suffix="%" />
          <EditionInput form={form} path="earlyBird.lastDay" kind="date" hint="Siste dag som gir rabatt." />
        </div>
      </EditionSection>
      <LateFeeSection form={form} />
      <EditionSection title="Refusjon">
        <div className="edition-grid">
          <EditionInput form={form} path="refund.fullUntil" kind="date" hint="Full refusjon til midnatt denne dagen." />
          <EditionInput form={form} path="refund.laterPercent" kind="number" suffix="%" hint="Andelen som betales tilbake etter fristen." />
        </div>
      </EditionSection>
      <RulesSection form={form} clubs={clubs} grades={grades} />
      <ProgramFields formId={formId} values={values} errors={errors} onChange={onChange} newRowFocus={newRowFocus} />
      <EditionSection title="Flyertekster">
        {(["flyerTexts.children", "flyerTexts.adults", "flyerTexts.clubs"] as const).map((path) => (
          <Field key={path} formId={formId} path={path} error={errors[path]}>
            {(a11y) => (
              <textarea {...a11y} rows={5} value={values.fields[path]} onChange={(event) => setScalarField(form, path, event.target.value)} />
            )}
          </Field>
        ))}
      </EditionSection>
    </div>
  );
}
