import { useNow } from "../../../lib/use-now.ts";
import { ConfirmAction } from "../../../components/ConfirmAction.tsx";
import { EditionChangeLog } from "./EditionChangeLog.tsx";
import { EditionForm } from "./EditionForm.tsx";
import { EditionPreview } from "./EditionPreview.tsx";
import { editionBadge, editionBadgeLabels, editionDates, publishOutcomeText } from "./edition-status.ts";
import { editionData, type AdminEdition } from "./editions-api.ts";
import { useEditionEditor, type EditionEditorProps, type EditionEditorState } from "./use-edition-editor.ts";

/** Below the form: what saving said, and "Lagre", "Forhåndsvis" and "Publiser" (with its confirmation). */
function EditionActions({ editor, edition, editions }: { editor: EditionEditorState; edition: AdminEdition; editions: readonly AdminEdition[] }) {
  const { message, dirty, busy, preview, confirming, setConfirming, alertRef, publishButton, focus, showPreview, publish } = editor;
  const now = useNow();
  return (
    <div className="edition-actions">
      <div role="status" className="action-result ok">
        {message?.ok ? message.text : ""}
      </div>
      {message && !message.ok && (
        <p className="form-error" role="alert" tabIndex={-1} ref={alertRef}>
          {message.text}
        </p>
      )}
      {dirty && !message && <p className="field-hint edition-unsaved">Du har endringer som ikke er lagret.</p>}
      <div className="button-row">
        <button type="submit" className="button" aria-disabled={busy !== undefined || undefined}>
          {busy === "save" ? "Lagrer..." : "Lagre"}
        </button>
        <button type="button" className="button secondary" onClick={showPreview}>
          {preview ? "Oppdater forhåndsvisningen" : "Forhåndsvis"}
        </button>
        {!edition.publishedAt && !confirming && (
          <button type="button" className="button secondary" ref={publishButton} onClick={() => setConfirming(true)}>
            Publiser
          </button>
        )}
      </div>
      {confirming && (
        <ConfirmAction
          confirmLabel="Ja, publiser"
          busyLabel={busy === "save" ? "Lagrer..." : "Publiserer..."}
          busy={busy !== undefined}
          onConfirm={publish}
          onCancel={() => {
            setConfirming(false);
            focus("publish");
          }}
        >
          Publisere vinterleiren {edition.year}? {publishOutcomeText(edition, editions, now)}
          {dirty ? " Endringene i skjemaet lagres først." : ""}
        </ConfirmAction>
      )}
    </div>
  );
}

/**
 * One edition: the form with every field, "Lagre", "Forhåndsvis" and "Publiser", and the change log.
 * What the volunteer typed stays in the form through every error, the browser's or the server's.
 */
export function EditionEditor(props: EditionEditorProps) {
  const { edition, editions, token, clubs, grades, onBack, onUnauthorised } = props;
  const editor = useEditionEditor(props);
  const { id, formRef, headingRef, busy, save, values, errors, change, preview } = editor;

  const badge = editionBadge(edition);
  const isLive = badge === "current";
  return (
    <section className="edition-editor" aria-labelledby={`${id}-heading`}>
      <div className="button-row">
        <button type="button" className="button secondary" onClick={onBack}>
          Tilbake til leirene
        </button>
      </div>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        Vinterleiren {edition.year} <span className={`edition-badge badge-${badge}`}>{editionBadgeLabels[badge]}</span>
      </h2>
      <p className="edition-summary">
        {editionDates(edition)}, {edition.venue}.{" "}
        {isLive
          ? "Dette er leiren publikum ser nå: det du lagrer, vises med en gang på nettsiden og i påmeldingen."
          : edition.publishedAt
            ? "Denne leiren er publisert: det du lagrer, vises med en gang for publikum."
            : "Publikum ser ikke denne leiren før den er publisert."}
      </p>

      <form
        ref={formRef}
        noValidate
        aria-labelledby={`${id}-heading`}
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void save();
        }}
      >
        <EditionForm formId={id} values={values} errors={errors} clubs={clubs} grades={grades} onChange={change} />
        <EditionActions editor={editor} edition={edition} editions={editions} />
      </form>

      {preview && <EditionPreview data={preview} headingId={`${id}-preview`} />}
      <EditionChangeLog
        year={edition.year}
        current={editionData(edition)}
        version={edition.version}
        token={token}
        clubs={clubs}
        grades={grades}
        headingId={`${id}-changes`}
        onUnauthorised={onUnauthorised}
      />
    </section>
  );
}
