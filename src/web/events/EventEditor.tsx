import { useId, useState } from "react";
import { parseCalendarDate } from "../../shared/camp/camp-edition-data.ts";
import { EventSlugSchema, eventKindLabels, eventMessages, slugFromTitle, type EventDefinition } from "../../shared/events/event-definition.ts";
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
 * The draft checked with the shared schema, and its address: empty, malformed or (`taken`) already in use.
 * `found` holds every message; `checked` the definition when the draft itself is right.
 */
function checkEditor(draft: EventDraft, slug: string, taken: boolean) {
  const checked = checkDraft(draft);
  const slugChecked = EventSlugSchema.safeParse(slug);
  const found: FieldErrors = { ...(checked.ok ? {} : checked.errors) };
  if (!slugChecked.success) found.slug = slug === "" ? "Skriv en adresse, eller et navn den kan lages av." : slugChecked.error.issues[0]!.message;
  else if (taken) found.slug = eventMessages.slugTaken;
  return { checked, found };
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
  takenSlugs = [],
  onSave,
  onCancel,
}: {
  /** Empty for a new event: its address is made from the title, and the leader may change it. */
  slug: string;
  initial: EventDraft;
  /** Addresses already in use: a new event is told at once (the server refuses them too). */
  takenSlugs?: readonly string[];
  /** A saved sale's sizes: how many are left now, shown beside the number for sale. */
  stockLeft?: readonly StockLeft[];
  onSave: (slug: string, definition: EventDefinition) => Promise<AdminWriteResult | undefined>;
  onCancel: () => void;
}) {
  const formId = `event${useId().replace(/:/g, "")}`;
  const isNew = savedSlug === "";
  const [typedSlug, setTypedSlug] = useState<string>();
  const [draft, setDraft] = useState(initial);
  // A new event's address follows its title and year until the leader types one of their own.
  const slug = !isNew ? savedSlug : (typedSlug ?? slugFromTitle(draft.fields.title, parseCalendarDate(draft.fields.firstDay.trim())?.year));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function save() {
    const { checked, found } = checkEditor(draft, slug, isNew && takenSlugs.includes(slug));
    setErrors(found);
    if (!checked.ok || Object.keys(found).length > 0) {
      setMessage("Noe må rettes før arrangementet kan lagres. Se meldingene ved feltene.");
      focusFirstError(formId);
      return;
    }
    setBusy(true);
    setMessage(undefined);
    const result = await onSave(slug, checked.definition);
    setBusy(false);
    if (!result || result.ok) return;
    const fromServer = errorsFrom(result.issues, draft.kind);
    // The server's word on the address (taken, or the site's own) belongs by the address.
    if (result.issues.length === 0 && /adresse/i.test(result.message)) fromServer.slug = result.message;
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
      <EventFields
        formId={formId}
        draft={draft}
        errors={errors}
        onChange={setDraft}
        afterTitle={<SlugField formId={formId} slug={slug} isNew={isNew} error={errors.slug} onType={setTypedSlug} />}
      />
      <KindListEditors formId={formId} draft={draft} stockLeft={stockLeft} errors={errors} onChange={setDraft} />
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

/** The event's address: typed (or made from the title) for a new event, read-only once saved. */
function SlugField({
  formId,
  slug,
  isNew,
  error,
  onType,
}: {
  formId: string;
  slug: string;
  isNew: boolean;
  error: string | undefined;
  onType: (slug: string) => void;
}) {
  return (
    <AdminField
      formId={formId}
      path="slug"
      label="Adresse (/arrangementer/…)"
      hint={
        isNew
          ? "Lages av navnet og året. Du kan endre den: små bokstaver, tall og bindestrek. Den kan ikke endres etter lagring."
          : "Adressen kan ikke endres."
      }
      error={error}
    >
      {(a11y) => (
        <input
          {...a11y}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={slug}
          readOnly={!isNew}
          onChange={(event) => onType(event.target.value)}
        />
      )}
    </AdminField>
  );
}

/** The kind's own lists: a course's prices by age and questions, a sale's items. */
function KindListEditors({
  formId,
  draft,
  stockLeft,
  errors,
  onChange,
}: {
  formId: string;
  draft: EventDraft;
  stockLeft?: readonly StockLeft[];
  errors: FieldErrors;
  onChange: (draft: EventDraft) => void;
}) {
  return (
    <>
      {draft.kind === "kurs" && (
        <>
          <PriceBandEditor formId={formId} bands={draft.priceBands} errors={errors} onChange={(priceBands) => onChange({ ...draft, priceBands })} />
          <QuestionEditor formId={formId} questions={draft.questions} errors={errors} onChange={(questions) => onChange({ ...draft, questions })} />
        </>
      )}
      {draft.kind === "salg" && (
        <SaleItemEditor
          formId={formId}
          items={draft.items}
          stockLeft={stockLeft}
          errors={errors}
          onChange={(items) => onChange({ ...draft, items })}
        />
      )}
    </>
  );
}
