import { useRef, type ReactNode } from "react";
import { campEditionFieldLabel } from "../../../../shared/camp/camp-edition-labels.ts";
import type { Club, Grade } from "../../../../shared/camp/grades.ts";
import { Field, fieldId } from "./EditionField.tsx";
import { ProgramFields } from "./EditionProgramFields.tsx";
import type { EditionFormValues, FieldErrors, InstantField, ScalarField } from "./edition-form.ts";

type Kind = "text" | "number" | "date";

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
  const setField = (path: ScalarField, value: string) => onChange({ ...values, fields: { ...values.fields, [path]: value } });

  const input = (path: ScalarField, kind: Kind, options: { hint?: string; className?: string; suffix?: string } = {}) => (
    <Field formId={formId} path={path} error={errors[path]} hint={options.hint} className={options.className}>
      {(a11y) => (
        <div className={options.suffix ? "input-with-unit" : undefined}>
          <input
            {...a11y}
            type={kind === "date" ? "date" : "text"}
            inputMode={kind === "number" ? "numeric" : undefined}
            autoComplete="off"
            value={values.fields[path]}
            onChange={(event) => setField(path, event.target.value)}
          />
          {options.suffix && <span aria-hidden="true">{options.suffix}</span>}
        </div>
      )}
    </Field>
  );

  const select = (path: ScalarField, choices: { value: number; label: string }[], hint?: string) =>
    choices.length === 0 ? (
      input(path, "number", { hint })
    ) : (
      <Field formId={formId} path={path} error={errors[path]} hint={hint}>
        {(a11y) => (
          <select {...a11y} value={values.fields[path]} onChange={(event) => setField(path, event.target.value)}>
            {!choices.some((choice) => String(choice.value) === values.fields[path]) && (
              <option value={values.fields[path]}>{values.fields[path] || "Velg"}</option>
            )}
            {choices.map((choice) => (
              <option key={choice.value} value={String(choice.value)}>
                {choice.label}
              </option>
            ))}
          </select>
        )}
      </Field>
    );

  const instant = (path: InstantField, hint?: string) => {
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
  };

  const section = (title: string, children: ReactNode) => (
    <fieldset className="edition-section">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );

  const gradeChoices = grades.map((grade) => ({ value: grade.gradeId, label: grade.name }));
  return (
    <div className="edition-form">
      {section(
        "Tid og sted",
        <div className="edition-grid">
          {input("firstDay", "date")}
          {input("lastDay", "date")}
          {input("venue", "text", { className: "span-all" })}
        </div>,
      )}
      {section(
        "Påmelding",
        <>
          <p className="field-hint">Tidene er norsk tid.</p>
          <div className="edition-grid">
            {instant("registrationOpensAt")}
            {instant("registrationClosesAt", "Senest når leiren er over.")}
            {input("capacity", "number", { hint: "Utøvere. Tomt betyr ingen grense." })}
            {input("sleepoverCapacity", "number", { hint: "Tomt betyr ingen grense." })}
          </div>
          <div className="check-row">
            <input
              id={fieldId(formId, "registrationDuringCamp")}
              type="checkbox"
              checked={values.registrationDuringCamp}
              aria-describedby={`${fieldId(formId, "registrationDuringCamp")}-hint`}
              onChange={(event) => onChange({ ...values, registrationDuringCamp: event.target.checked })}
            />
            <label htmlFor={fieldId(formId, "registrationDuringCamp")}>Påmeldingen er åpen mens leiren pågår</label>
          </div>
          <p className="field-hint" id={`${fieldId(formId, "registrationDuringCamp")}-hint`}>
            Uten avkrysning stenger påmeldingen når leiren starter (midnatt før første leirdag), uansett tidspunktet over. Med avkrysning kan utøvere
            melde seg på til påmeldingen stenger, også mens leiren pågår; de betaler med kort eller kontant ved oppmøte, ikke med Vipps.
          </p>
          {errors.registrationDuringCamp && <p className="field-error">{errors.registrationDuringCamp}</p>}
        </>,
      )}
      {section(
        "Priser",
        <div className="edition-grid">
          {input("prices.child", "number", { suffix: "kr" })}
          {input("prices.adult", "number", { suffix: "kr" })}
          {input("prices.childMaxAge", "number", { suffix: "år", hint: "Barnepris til og med denne alderen." })}
          {input("companionFee", "number", { suffix: "kr" })}
          {input("gradingFee", "number", { suffix: "kr" })}
        </div>,
      )}
      {section(
        "Tidligrabatt",
        <div className="edition-grid">
          {input("earlyBird.percent", "number", { suffix: "%" })}
          {input("earlyBird.lastDay", "date", { hint: "Siste dag som gir rabatt." })}
        </div>,
      )}
      {section(
        "Etteranmelding",
        <>
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
            {input("lateFee.amount", "number", { suffix: "kr" })}
            {input("lateFee.firstDay", "date")}
          </div>
        </>,
      )}
      {section(
        "Refusjon",
        <div className="edition-grid">
          {input("refund.fullUntil", "date", { hint: "Full refusjon til midnatt denne dagen." })}
          {input("refund.laterPercent", "number", { suffix: "%", hint: "Andelen som betales tilbake etter fristen." })}
        </div>,
      )}
      {section(
        "Regler",
        <div className="edition-grid">
          {select(
            "homeClubId",
            clubs.map((club) => ({ value: club.clubId, label: club.name })),
            "Utøvere fra vertsklubben deltar gratis.",
          )}
          {input("rules.minAge", "number", { suffix: "år" })}
          {input("rules.cupGradingBelowAge", "number", { suffix: "år" })}
          {input("rules.homeClubSleepoverMinAge", "number", { suffix: "år" })}
          {select("rules.masterFromGradeId", gradeChoices)}
          {select("rules.cupGradeIdsBelow", gradeChoices, "Cup-gradering gjelder grader lavere enn denne.")}
          {input("rules.companionMinAge", "number", { suffix: "år" })}
          {input("rules.companionDefaultAge", "number", { suffix: "år" })}
        </div>,
      )}
      <ProgramFields formId={formId} values={values} errors={errors} onChange={onChange} newRowFocus={newRowFocus} />
      {section(
        "Flyertekster",
        <>
          {(["flyerTexts.children", "flyerTexts.adults", "flyerTexts.clubs"] as const).map((path) => (
            <Field key={path} formId={formId} path={path} error={errors[path]}>
              {(a11y) => <textarea {...a11y} rows={5} value={values.fields[path]} onChange={(event) => setField(path, event.target.value)} />}
            </Field>
          ))}
        </>,
      )}
    </div>
  );
}
