import type { ReactNode } from "react";
import { gradeLabel } from "../../shared/camp/grades.ts";
import { SEED_GRADES } from "../../shared/camp/seed-grades.ts";
import type { EventKind } from "../../shared/events/event-definition.ts";
import { AdminField, fieldId } from "../components/admin/AdminField.tsx";
import type { DraftField, EventDraft, FieldErrors, InstantField } from "./event-draft.ts";

type Kind = "text" | "number" | "date" | "time";

const labels: Record<DraftField | InstantField, string> = {
  title: "Navn på arrangementet",
  firstDay: "Første dag",
  lastDay: "Siste dag",
  venue: "Sted",
  description: "Beskrivelse",
  startTime: "Starter klokken",
  pickUpPlace: "Hentested",
  pickUpTime: "Hentetid",
  capacity: "Antall plasser",
  price: "Pris (kr)",
  minAge: "Laveste alder",
  maxAge: "Høyeste alder",
  minGradeId: "Laveste grad",
  maxGradeId: "Høyeste grad",
  registrationOpensAt: "Påmeldingen åpner",
  registrationClosesAt: "Påmeldingen stenger",
};

/** A sale is bought, not joined: its window is the sale's own. */
const saleLabels: Partial<Record<DraftField | InstantField, string>> = {
  registrationOpensAt: "Salget åpner",
  registrationClosesAt: "Salget stenger",
};

/** A field's label for the kind of event the form is for. */
export function eventFieldLabel(kind: EventKind, path: DraftField | InstantField): string {
  return (kind === "salg" ? saleLabels[path] : undefined) ?? labels[path];
}

/** What every field of the form reads and changes: the draft, its messages, and the form's id for the fields' ids. */
interface DraftForm {
  formId: string;
  draft: EventDraft;
  errors: FieldErrors;
  onChange: (draft: EventDraft) => void;
}

const withField = (draft: EventDraft, path: DraftField, value: string): EventDraft => ({ ...draft, fields: { ...draft.fields, [path]: value } });

/** The event's own fields for its kind (the lists of questions, prices and items come after). */
export function EventFields({
  formId,
  draft,
  errors,
  afterTitle,
  onChange,
}: {
  formId: string;
  draft: EventDraft;
  errors: FieldErrors;
  /** Shown right under the title (the new event's address, made from it). */
  afterTitle?: ReactNode;
  onChange: (draft: EventDraft) => void;
}) {
  const form: DraftForm = { formId, draft, errors, onChange };
  return (
    <>
      <DraftInput form={form} path="title" kind="text" />
      {afterTitle}
      <div className="event-grid">
        <DraftInput form={form} path="firstDay" kind="date" />
        <DraftInput form={form} path="lastDay" kind="date" />
      </div>
      <DraftInput form={form} path="venue" kind="text" />
      <AdminField formId={formId} path="description" label={eventFieldLabel(draft.kind, "description")} error={errors.description}>
        {(a11y) => (
          <textarea
            {...a11y}
            rows={5}
            value={draft.fields.description}
            onChange={(event) => onChange(withField(draft, "description", event.target.value))}
          />
        )}
      </AdminField>
      <div className="event-grid">
        <InstantFieldset form={form} path="registrationOpensAt" />
        <InstantFieldset form={form} path="registrationClosesAt" />
      </div>
      {/* A sale counts its stock per size, not places. */}
      {draft.kind !== "salg" && <DraftInput form={form} path="capacity" kind="number" hint="Tomt betyr ingen grense." />}
      {draft.kind !== "salg" && (
        <DraftInput
          form={form}
          path="price"
          kind="number"
          hint={draft.kind === "kurs" ? "For alle som er eldre enn aldersgruppene nedenfor." : undefined}
        />
      )}
      {draft.kind === "gradering" && (
        <>
          <DraftInput form={form} path="startTime" kind="time" />
          <DraftCheck form={form} name="homeClubOnly" label="Bare for medlemmer av klubben" />
          <p className="field-hint">Hvem som kan melde seg på: graden utøveren har nå, og alder om graderingen har en aldersgrense.</p>
          <div className="event-grid">
            <GradeLimitField form={form} path="minGradeId" />
            <GradeLimitField form={form} path="maxGradeId" />
            <DraftInput form={form} path="minAge" kind="number" hint="Tomt betyr ingen grense." />
            <DraftInput form={form} path="maxAge" kind="number" hint="Tomt betyr ingen grense." />
          </div>
        </>
      )}
      {draft.kind === "kurs" && <DraftCheck form={form} name="sleepover" label="Med overnatting" />}
      {draft.kind === "salg" && (
        <div className="event-grid">
          <DraftInput form={form} path="pickUpPlace" kind="text" />
          <DraftInput form={form} path="pickUpTime" kind="text" hint="For eksempel «Etter treningen tirsdag 3. desember»." />
        </div>
      )}
    </>
  );
}

/** One of the draft's typed fields; a number is a text field with the numeric keyboard. */
function DraftInput({ form, path, kind, hint }: { form: DraftForm; path: DraftField; kind: Kind; hint?: string }) {
  const { formId, draft, errors, onChange } = form;
  return (
    <AdminField formId={formId} path={path} label={eventFieldLabel(draft.kind, path)} error={errors[path]} hint={hint}>
      {(a11y) => (
        <input
          {...a11y}
          type={kind === "number" ? "text" : kind}
          inputMode={kind === "number" ? "numeric" : undefined}
          autoComplete="off"
          value={draft.fields[path]}
          onChange={(event) => onChange(withField(draft, path, event.target.value))}
        />
      )}
    </AdminField>
  );
}

/** One of the draft's yes-or-no choices, as a checkbox. */
function DraftCheck({ form, name, label }: { form: DraftForm; name: "homeClubOnly" | "sleepover"; label: string }) {
  const { formId, draft, onChange } = form;
  return (
    <div className="check-row">
      <input
        id={fieldId(formId, name)}
        type="checkbox"
        checked={draft[name]}
        onChange={(event) => onChange({ ...draft, [name]: event.target.checked })}
      />
      <label htmlFor={fieldId(formId, name)}>{label}</label>
    </div>
  );
}

/** An instant of the registration window: a date and a time, with one message for both. */
function InstantFieldset({ form, path }: { form: DraftForm; path: InstantField }) {
  const { formId, draft, errors, onChange } = form;
  const id = fieldId(formId, path);
  const error = errors[path];
  const set = (part: "date" | "time", value: string) =>
    onChange({ ...draft, window: { ...draft.window, [path]: { ...draft.window[path], [part]: value } } });
  const a11y = { "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined };
  return (
    <fieldset className="event-instant">
      <legend>{eventFieldLabel(draft.kind, path)}</legend>
      <div className="field">
        <label htmlFor={id}>Dato</label>
        <input id={id} type="date" value={draft.window[path].date} {...a11y} onChange={(event) => set("date", event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-time`}>Klokkeslett</label>
        <input id={`${id}-time`} type="time" value={draft.window[path].time} {...a11y} onChange={(event) => set("time", event.target.value)} />
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A grade limit by the belt's name (the ids stored as before); empty is no limit that way. */
function GradeLimitField({ form, path }: { form: DraftForm; path: "minGradeId" | "maxGradeId" }) {
  const { formId, draft, errors, onChange } = form;
  const value = draft.fields[path];
  return (
    <AdminField formId={formId} path={path} label={eventFieldLabel(draft.kind, path)} error={errors[path]}>
      {(a11y) => (
        <select {...a11y} value={value} onChange={(event) => onChange(withField(draft, path, event.target.value))}>
          <option value="">Ingen grense</option>
          {value !== "" && !SEED_GRADES.some((belt) => String(belt.gradeId) === value) && <option value={value}>Grad {value}</option>}
          {SEED_GRADES.map((belt) => (
            <option key={belt.gradeId} value={String(belt.gradeId)}>
              {gradeLabel(belt)}
            </option>
          ))}
        </select>
      )}
    </AdminField>
  );
}
