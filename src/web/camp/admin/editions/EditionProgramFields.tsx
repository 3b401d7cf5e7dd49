// The edition's programme: one block per camp day, each with its rows (time, what, where, for whom).
import { useRef, type RefObject } from "react";
import {
  campEditionFieldLabel,
  programAudienceLabels,
  programItemLabels,
  type CampEditionField,
} from "../../../../shared/camp/camp-edition-labels.ts";
import { programAudiences, parseCalendarDate } from "../../../../shared/camp/camp-edition-data.ts";
import { capitalise, formatLongDate, weekdayName } from "../../../../shared/format.ts";
import { addDays } from "../../../../shared/time.ts";
import { Field, fieldId, focusInView } from "./EditionField.tsx";
import { campDayCount, newProgramRow, type EditionFormValues, type FieldErrors, type ProgramRow } from "./edition-form.ts";

function dayTitle(values: EditionFormValues, index: number, dayCount: number | undefined): string {
  const first = parseCalendarDate(values.fields.firstDay);
  if (dayCount !== undefined && index >= dayCount) return `Dag ${index + 1} (etter siste leirdag)`;
  if (!first) return `Dag ${index + 1}`;
  const date = addDays(first, index);
  return `Dag ${index + 1}: ${capitalise(weekdayName(date))} ${formatLongDate(date)}`;
}

export function ProgramFields({
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
          {rows.map((row, rowIndex) => (
            <ProgramRowFields
              key={row.key}
              formId={formId}
              errors={errors}
              row={row}
              rowIndex={rowIndex}
              dayIndex={dayIndex}
              newRowFocus={newRowFocus}
              onRow={(field, value) =>
                setDay(
                  dayIndex,
                  rows.map((other) => (other === row ? { ...row, [field]: value } : other)),
                )
              }
              onRemove={() => {
                // The button goes with its row: the keyboard goes on to the day's "Legg til punkt".
                addFocus.current = dayIndex;
                setDay(
                  dayIndex,
                  rows.filter((other) => other !== row),
                );
              }}
            />
          ))}
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

/** One point of a day's programme: from, to, what, where and for whom, and «Fjern». */
function ProgramRowFields({
  formId,
  errors,
  row,
  rowIndex,
  dayIndex,
  newRowFocus,
  onRow,
  onRemove,
}: {
  formId: string;
  errors: FieldErrors;
  row: ProgramRow;
  rowIndex: number;
  dayIndex: number;
  newRowFocus: RefObject<string | undefined>;
  onRow: (field: keyof typeof programItemLabels, value: string) => void;
  onRemove: () => void;
}) {
  const path = (field: keyof typeof programItemLabels) => `program.${dayIndex}.${rowIndex}.${field}`;
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
          onChange={(event) => onRow(field, event.target.value)}
        />
      )}
    </Field>
  );
  return (
    <fieldset className="program-row">
      <legend className="visually-hidden">
        Dag {dayIndex + 1}, punkt {rowIndex + 1}
      </legend>
      {cell("from", "time", "program-time")}
      {cell("to", "time", "program-time")}
      {cell("what", "text", "program-what")}
      {cell("where", "text", "program-where")}
      <Field formId={formId} path={path("audience")} label={programItemLabels.audience} error={errors[path("audience")]} className="program-audience">
        {(a11y) => (
          <select {...a11y} value={row.audience} onChange={(event) => onRow("audience", event.target.value)}>
            {programAudiences.map((audience) => (
              <option key={audience} value={audience}>
                {programAudienceLabels[audience]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="program-remove">
        <button type="button" className="button secondary small" aria-label={`Fjern punkt ${rowIndex + 1}, dag ${dayIndex + 1}`} onClick={onRemove}>
          Fjern
        </button>
      </div>
    </fieldset>
  );
}
