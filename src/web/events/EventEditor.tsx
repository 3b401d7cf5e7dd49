import { useId, useState } from "react";
import { EventSlugSchema, eventKindLabels, type EventDefinition } from "../../shared/events/event-definition.ts";
import { AdminField, focusInView } from "../components/admin/AdminField.tsx";
import type { AdminWriteResult } from "./event-admin-api.ts";
import { EventFields } from "./EventFields.tsx";
import { PriceBandEditor } from "./PriceBandEditor.tsx";
import { QuestionEditor } from "./QuestionEditor.tsx";
import { SaleItemEditor, type StockLeft } from "./SaleItemEditor.tsx";
import { checkDraft, errorsFrom, type EventDraft, type FieldErrors } from "./event-draft.ts";

/** Focuses the first field with a message (or the form's message), so the keyboard and the screen reader land there. */
function focusFirstError(formId: string) {
  setTimeout(() => {
    const first =
      document.getElementById(formId)?.querySelector<HTMLElement>("[aria-invalid='true']") ?? document.getElementById(`${formId}-message`);
    if (first) focusInView(first);
  }, 0);
}

/**
 * A new or existing event as a form: its fields, and for a course its prices by age and its questions, for
 * a sale its items. Checked with the shared schema before it is sent; the server stays the judge, and what
 * the leader typed stays in the form when either says no.
 */
export function EventEditor({
  slug: savedSlug,
  initial,
  stockLeft,
  onSave,
  onCancel,
}: {
  /** Empty for a new event: the leader chooses its address. */
  slug: string;
  initial: EventDraft;
  /** A saved sale's sizes: how many are left now, shown beside the number for sale. */
  stockLeft?: readonly StockLeft[];
  onSave: (slug: string, definition: EventDefinition) => Promise<AdminWriteResult | undefined>;
  onCancel: () => void;
}) {
  const formId = `event${useId().replace(/:/g, "")}`;
  const isNew = savedSlug === "";
  const [slug, setSlug] = useState(savedSlug);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function save() {
    const checked = checkDraft(draft);
    const slugChecked = EventSlugSchema.safeParse(slug);
    const found: FieldErrors = { ...(checked.ok ? {} : checked.errors) };
    if (!slugChecked.success) found.slug = slugChecked.error.issues[0]!.message;
    setErrors(found);
    if (!checked.ok || !slugChecked.success) {
      setMessage("Noe må rettes før arrangementet kan lagres. Se meldingene ved feltene.");
      focusFirstError(formId);
      return;
    }
    setBusy(true);
    setMessage(undefined);
    const result = await onSave(slug, checked.definition);
    setBusy(false);
    if (!result || result.ok) return;
    const fromServer = errorsFrom(result.issues);
    setErrors(fromServer);
    setMessage(result.message);
    focusFirstError(formId);
  }

  return (
    <form
      id={formId}
      className="no-print event-editor"
      noValidate
      aria-labelledby={`${formId}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2 id={`${formId}-heading`}>
        {isNew ? "Nytt arrangement" : "Endre arrangementet"}: {eventKindLabels[draft.kind].toLowerCase()}
      </h2>
      <AdminField
        formId={formId}
        path="slug"
        label="Adresse (/arrangementer/…)"
        hint={isNew ? "Små bokstaver, tall og bindestrek, for eksempel sommerkurs-2027." : "Adressen kan ikke endres."}
        error={errors.slug}
      >
        {(a11y) => (
          <input {...a11y} type="text" autoComplete="off" value={slug} readOnly={!isNew} onChange={(event) => setSlug(event.target.value)} />
        )}
      </AdminField>
      <EventFields formId={formId} draft={draft} errors={errors} onChange={setDraft} />
      {draft.kind === "kurs" && (
        <>
          <PriceBandEditor formId={formId} bands={draft.priceBands} errors={errors} onChange={(priceBands) => setDraft({ ...draft, priceBands })} />
          <QuestionEditor formId={formId} questions={draft.questions} errors={errors} onChange={(questions) => setDraft({ ...draft, questions })} />
        </>
      )}
      {draft.kind === "salg" && (
        <SaleItemEditor
          formId={formId}
          items={draft.items}
          stockLeft={stockLeft}
          errors={errors}
          onChange={(items) => setDraft({ ...draft, items })}
        />
      )}
      {errors.kind && <p className="field-error">{errors.kind}</p>}
      {message && (
        <p id={`${formId}-message`} className="field-error" role="alert" tabIndex={-1}>
          {message}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button secondary" onClick={onCancel}>
          Avbryt
        </button>
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Lagrer …" : "Lagre"}
        </button>
      </div>
    </form>
  );
}
