import { useRef, type ReactNode, type RefObject } from "react";
import {
  campEditionFieldLabel,
  programAudienceLabels,
  programItemLabels,
  type CampEditionField,
} from "../../../../shared/camp/camp-edition-labels.ts";
import { programAudiences, parseCalendarDate } from "../../../../shared/camp/camp-edition-data.ts";
import type { Club, Grade } from "../../../../shared/camp/grades.ts";
import { capitalise, formatLongDate, weekdayName } from "../../../../shared/format.ts";
import { addDays } from "../../../../shared/time.ts";
import {
  campDayCount,
  newProgramRow,
  type EditionFormValues,
  type FieldErrors,
  type InstantField,
  type ProgramRow,
  type ScalarField,
} from "./edition-form.ts";

/** Focuses and scrolls to the middle of the screen, clear of the sticky save bar at the bottom. */
export function focusInView(element: HTMLElement) {
  element.focus({ preventScroll: true });
  element.scrollIntoView?.({ block: "center" });
}

/** The input's id for a dotted path, unique in the form. */
const fieldId = (formId: string, path: string) => `${formId}-${path.replace(/\./g, "-")}`;

interface A11y {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

function Field({
  formId,
  path,
  label,
  error,
  hint,
  className,
  children,
}: {
  formId: string;
  path: string;
  label?: string;
  error?: string;
  hint?: string;
  className?: string;
  children: (a11y: A11y) => ReactNode;
}) {
  const id = fieldId(formId, path);
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["field", className, error ? "has-error" : ""].filter(Boolean).join(" ")}>
      <label htmlFor={id}>{label ?? campEditionFieldLabel(path)}</label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

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

function dayTitle(values: EditionFormValues, index: number, dayCount: number | undefined): string {
  const first = parseCalendarDate(values.fields.firstDay);
  if (dayCount !== undefined && index >= dayCount) return `Dag ${index + 1} (etter siste leirdag)`;
  if (!first) return `Dag ${index + 1}`;
  const date = addDays(first, index);
  return `Dag ${index + 1}: ${capitalise(weekdayName(date))} ${formatLongDate(date)}`;
}

function ProgramFields({
  formId,
  values,
  errors,
  onChange,
  newRowFocus,
}: {
  formId: string;
  values: EditionFormValues;
  errors: FieldErrors;
  onChange: (values: EditionFormValues) => void;
  newRowFocus: RefObject<string | undefined>;
}) {
  const dayCount = campDayCount(values);
  const days = Math.min(14, Math.max(dayCount ?? 0, values.program.length));
  const program = Array.from({ length: days }, (_, index) => values.program[index] ?? []);
  const setDay = (dayIndex: number, rows: ProgramRow[]) =>
    onChange({ ...values, program: program.map((day, index) => (index === dayIndex ? rows : day)) });
  const programError = errors.program;
  const addFocus = useRef<number>(undefined);

  return (
    <fieldset className="edition-section">
      <legend>{campEditionFieldLabel("program" satisfies CampEditionField)}</legend>
      <p className="field-hint">Ukedagene kommer av datoene. Klokkeslett som TT:MM; «Til» og «Hvor» kan stå tomme.</p>
      {programError && (
        <p id={`${fieldId(formId, "program")}-error`} className="field-error" tabIndex={-1} data-error-anchor="">
          {programError}
        </p>
      )}
      {program.map((rows, dayIndex) => (
        <fieldset key={dayIndex} className="program-day">
          <legend>{dayTitle(values, dayIndex, dayCount)}</legend>
          {rows.length === 0 && <p className="muted">Ingen punkter denne dagen.</p>}
          {rows.map((row, rowIndex) => {
            const path = (field: keyof typeof programItemLabels) => `program.${dayIndex}.${rowIndex}.${field}`;
            const setRow = (field: keyof typeof programItemLabels, value: string) =>
              setDay(
                dayIndex,
                rows.map((other) => (other === row ? { ...row, [field]: value } : other)),
              );
            const cell = (field: keyof typeof programItemLabels, kind: "time" | "text", className: string) => (
              <Field formId={formId} path={path(field)} label={programItemLabels[field]} error={errors[path(field)]} className={className}>
                {(a11y) => (
                  <input
                    {...a11y}
                    ref={(element) => {
                      if (element && field === "from" && newRowFocus.current === row.key) {
                        newRowFocus.current = undefined;
                        focusInView(element);
                      }
                    }}
                    type={kind}
                    autoComplete="off"
                    value={row[field]}
                    onChange={(event) => setRow(field, event.target.value)}
                  />
                )}
              </Field>
            );
            return (
              <fieldset key={row.key} className="program-row">
                <legend className="visually-hidden">
                  Dag {dayIndex + 1}, punkt {rowIndex + 1}
                </legend>
                {cell("from", "time", "program-time")}
                {cell("to", "time", "program-time")}
                {cell("what", "text", "program-what")}
                {cell("where", "text", "program-where")}
                <Field
                  formId={formId}
                  path={path("audience")}
                  label={programItemLabels.audience}
                  error={errors[path("audience")]}
                  className="program-audience"
                >
                  {(a11y) => (
                    <select {...a11y} value={row.audience} onChange={(event) => setRow("audience", event.target.value)}>
                      {programAudiences.map((audience) => (
                        <option key={audience} value={audience}>
                          {programAudienceLabels[audience]}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <div className="program-remove">
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={`Fjern punkt ${rowIndex + 1}, dag ${dayIndex + 1}`}
                    onClick={() => {
                      // The button goes with its row: the keyboard goes on to the day's "Legg til punkt".
                      addFocus.current = dayIndex;
                      setDay(
                        dayIndex,
                        rows.filter((other) => other !== row),
                      );
                    }}
                  >
                    Fjern
                  </button>
                </div>
              </fieldset>
            );
          })}
          <div className="button-row compact">
            <button
              type="button"
              className="button secondary small"
              ref={(element) => {
                if (element && addFocus.current === dayIndex) {
                  addFocus.current = undefined;
                  focusInView(element);
                }
              }}
              aria-label={`Legg til punkt på dag ${dayIndex + 1}`}
              onClick={() => {
                const row = newProgramRow();
                newRowFocus.current = row.key;
                setDay(dayIndex, [...rows, row]);
              }}
            >
              Legg til punkt
            </button>
            {dayCount !== undefined && dayIndex >= dayCount && dayIndex === program.length - 1 && (
              <button type="button" className="button secondary small" onClick={() => onChange({ ...values, program: program.slice(0, -1) })}>
                Fjern dagen
              </button>
            )}
          </div>
        </fieldset>
      ))}
    </fieldset>
  );
}
