// The edition form's building blocks: a text, number or date field, a pick list, a date-and-time pair, a group.
import type { ReactNode } from "react";
import { campEditionFieldLabel } from "../../../../shared/camp/camp-edition-labels.ts";
import { Field, fieldId } from "./EditionField.tsx";
import type { EditionFormValues, FieldErrors, InstantField, ScalarField } from "./edition-form.ts";

/** The whole form's values and errors, which every field reads and changes. */
export interface EditionFormState {
  formId: string;
  values: EditionFormValues;
  errors: FieldErrors;
  onChange: (values: EditionFormValues) => void;
}

export const setScalarField = ({ values, onChange }: EditionFormState, path: ScalarField, value: string) =>
  onChange({ ...values, fields: { ...values.fields, [path]: value } });

/** Numbers are text fields with a number keyboard, so what was typed stays as typed until the schema says what is wrong. */
export function EditionInput({
  form,
  path,
  kind,
  hint,
  className,
  suffix,
}: {
  form: EditionFormState;
  path: ScalarField;
  kind: "text" | "number" | "date";
  hint?: string;
  className?: string;
  suffix?: string;
}) {
  return (
    <Field formId={form.formId} path={path} error={form.errors[path]} hint={hint} className={className}>
      {(a11y) => (
        <div className={suffix ? "input-with-unit" : undefined}>
          <input
            {...a11y}
            type={kind === "date" ? "date" : "text"}
            inputMode={kind === "number" ? "numeric" : undefined}
            autoComplete="off"
            value={form.values.fields[path]}
            onChange={(event) => setScalarField(form, path, event.target.value)}
          />
          {suffix && <span aria-hidden="true">{suffix}</span>}
        </div>
      )}
    </Field>
  );
}

/** A pick list; a number field when there is nothing to pick from (the list could not be read). */
export function EditionSelect({
  form,
  path,
  choices,
  hint,
}: {
  form: EditionFormState;
  path: ScalarField;
  choices: { value: number; label: string }[];
  hint?: string;
}) {
  const value = form.values.fields[path];
  if (choices.length === 0) return <EditionInput form={form} path={path} kind="number" hint={hint} />;
  return (
    <Field formId={form.formId} path={path} error={form.errors[path]} hint={hint}>
      {(a11y) => (
        <select {...a11y} value={value} onChange={(event) => setScalarField(form, path, event.target.value)}>
          {!choices.some((choice) => String(choice.value) === value) && <option value={value}>{value || "Velg"}</option>}
          {choices.map((choice) => (
            <option key={choice.value} value={String(choice.value)}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** An instant in Norwegian time, as a date field and a clock-time field. */
export function EditionInstant({ form, path, hint }: { form: EditionFormState; path: InstantField; hint?: string }) {
  const { formId, values, errors, onChange } = form;
  const id = fieldId(formId, path);
  const error = errors[path];
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ") || undefined;
  const set = (part: "date" | "time", value: string) =>
    onChange({ ...values, window: { ...values.window, [path]: { ...values.window[path], [part]: value } } });
  return (
    <fieldset className={error ? "edition-instant has-error" : "edition-instant"}>
      <legend>{campEditionFieldLabel(path)}</legend>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <div className="edition-instant-parts">
        <div className="field">
          <label htmlFor={id}>Dato</label>
          <input
            id={id}
            type="date"
            value={values.window[path].date}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => set("date", event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-time`}>Klokkeslett</label>
          <input
            id={`${id}-time`}
            type="time"
            value={values.window[path].time}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => set("time", event.target.value)}
          />
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** One group of the form, the way the club talks about the camp. */
export function EditionSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="edition-section">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}
