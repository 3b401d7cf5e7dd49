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
  minGradeId: "Laveste grad (nummer)",
  maxGradeId: "Høyeste grad (nummer)",
  registrationOpensAt: "Påmeldingen åpner",
  registrationClosesAt: "Påmeldingen stenger",
};

/** The event's own fields for its kind (the lists of questions, prices and items come after). */
export function EventFields({
  formId,
  draft,
  errors,
  onChange,
}: {
  formId: string;
  draft: EventDraft;
  errors: FieldErrors;
  onChange: (draft: EventDraft) => void;
}) {
  const setField = (path: DraftField, value: string) => onChange({ ...draft, fields: { ...draft.fields, [path]: value } });

  const input = (path: DraftField, kind: Kind, hint?: string) => (
    <AdminField formId={formId} path={path} label={labels[path]} error={errors[path]} hint={hint}>
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
        <legend>{labels[path]}</legend>
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

  return (
    <>
      {input("title", "text")}
      <div className="event-grid">
        {input("firstDay", "date")}
        {input("lastDay", "date")}
      </div>
      {input("venue", "text")}
      <AdminField formId={formId} path="description" label={labels.description} error={errors.description}>
        {(a11y) => <textarea {...a11y} rows={5} value={draft.fields.description} onChange={(event) => setField("description", event.target.value)} />}
      </AdminField>
      <div className="event-grid">
        {instant("registrationOpensAt")}
        {instant("registrationClosesAt")}
      </div>
      {input("capacity", "number", "Tomt betyr ingen grense.")}
      {draft.kind !== "salg" && input("price", "number", draft.kind === "kurs" ? "For alle som er eldre enn aldersgruppene nedenfor." : undefined)}
      {draft.kind === "gradering" && (
        <>
          {input("startTime", "time")}
          {check("homeClubOnly", "Bare for medlemmer av klubben")}
          <div className="event-grid">
            {input("minAge", "number")}
            {input("maxAge", "number")}
            {input("minGradeId", "number")}
            {input("maxGradeId", "number")}
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
