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
  const label = (path: DraftField | InstantField) => eventFieldLabel(draft.kind, path);
  const setField = (path: DraftField, value: string) => onChange({ ...draft, fields: { ...draft.fields, [path]: value } });

  const input = (path: DraftField, kind: Kind, hint?: string) => (
    <AdminField formId={formId} path={path} label={label(path)} error={errors[path]} hint={hint}>
      {(a11y) => (
        <input
          {...a11y}
          type={kind === "number" ? "text" : kind}
          inputMode={kind === "number" ? "numeric" : undefined}
          autoComplete="off"
          value={draft.fields[path]}
          onChange={(event) => setField(path, event.target.value)}
        />
      )}
    </AdminField>
  );

  const check = (name: "homeClubOnly" | "sleepover", label: string) => (
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

  const instant = (path: InstantField) => {
    const id = fieldId(formId, path);
    const error = errors[path];
    const set = (part: "date" | "time", value: string) =>
      onChange({ ...draft, window: { ...draft.window, [path]: { ...draft.window[path], [part]: value } } });
    const a11y = { "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined };
    return (
      <fieldset className="event-instant">
        <legend>{label(path)}</legend>
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
  };

  /** A grade limit by the belt's name (the ids stored as before); empty is no limit that way. */
  const grade = (path: "minGradeId" | "maxGradeId") => (
    <AdminField formId={formId} path={path} label={label(path)} error={errors[path]}>
      {(a11y) => (
        <select {...a11y} value={draft.fields[path]} onChange={(event) => setField(path, event.target.value)}>
          <option value="">Ingen grense</option>
          {draft.fields[path] !== "" && !SEED_GRADES.some((belt) => String(belt.gradeId) === draft.fields[path]) && (
            <option value={draft.fields[path]}>Grad {draft.fields[path]}</option>
          )}
          {SEED_GRADES.map((belt) => (
            <option key={belt.gradeId} value={String(belt.gradeId)}>
              {gradeLabel(belt)}
            </option>
          ))}
        </select>
      )}
    </AdminField>
  );

  return (
    <>
      {input("title", "text")}
      {afterTitle}
      <div className="event-grid">
        {input("firstDay", "date")}
        {input("lastDay", "date")}
      </div>
      {input("venue", "text")}
      <AdminField formId={formId} path="description" label={label("description")} error={errors.description}>
        {(a11y) => <textarea {...a11y} rows={5} value={draft.fields.description} onChange={(event) => setField("description", event.target.value)} />}
      </AdminField>
      <div className="event-grid">
        {instant("registrationOpensAt")}
        {instant("registrationClosesAt")}
      </div>
      {/* A sale counts its stock per size, not places. */}
      {draft.kind !== "salg" && input("capacity", "number", "Tomt betyr ingen grense.")}
      {draft.kind !== "salg" && input("price", "number", draft.kind === "kurs" ? "For alle som er eldre enn aldersgruppene nedenfor." : undefined)}
      {draft.kind === "gradering" && (
        <>
          {input("startTime", "time")}
          {check("homeClubOnly", "Bare for medlemmer av klubben")}
          <p className="field-hint">Hvem som kan melde seg på: graden utøveren har nå, og alder om graderingen har en aldersgrense.</p>
          <div className="event-grid">
            {grade("minGradeId")}
            {grade("maxGradeId")}
            {input("minAge", "number", "Tomt betyr ingen grense.")}
            {input("maxAge", "number", "Tomt betyr ingen grense.")}
          </div>
        </>
      )}
      {draft.kind === "kurs" && check("sleepover", "Med overnatting")}
      {draft.kind === "salg" && (
        <div className="event-grid">
          {input("pickUpPlace", "text")}
          {input("pickUpTime", "text", "For eksempel «Etter treningen tirsdag 3. desember».")}
        </div>
      )}
    </>
  );
}
