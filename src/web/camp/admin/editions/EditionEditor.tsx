import { useEffect, useId, useRef, useState } from "react";
import type { CampEditionData } from "../../../../shared/camp/camp-edition-schema.ts";
import { campEditionFieldLabel } from "../../../../shared/camp/camp-edition-labels.ts";
import type { Club, Grade } from "../../../../shared/camp/grades.ts";
import { isUnauthorised } from "../../../components/admin/AdminShell.tsx";
import { useNow } from "../../../lib/use-now.ts";
import { ConfirmAction } from "../../../components/ConfirmAction.tsx";
import { EditionChangeLog } from "./EditionChangeLog.tsx";
import { focusInView } from "./EditionField.tsx";
import { EditionForm } from "./EditionForm.tsx";
import { EditionPreview } from "./EditionPreview.tsx";
import { checkValues, errorsFrom, formValuesFrom, type EditionFormValues, type FieldErrors } from "./edition-form.ts";
import { editionBadge, editionBadgeLabels, editionDates, publishOutcomeText } from "./edition-status.ts";
import { editionData, publishCampEdition, putCampEdition, type AdminEdition } from "./editions-api.ts";

type Message = { ok: boolean; text: string };

/** Whether the form shows a message for this path itself (else it goes in the message above the buttons). */
function shownByField(path: string): boolean {
  return /^program\.\d+\.\d+\.(from|to|what|where|audience)$/.test(path) || campEditionFieldLabel(path) !== path;
}

/**
 * One edition: the form with every field, "Lagre", "Forhåndsvis" and "Publiser", and the change log.
 * What the volunteer typed stays in the form through every error, the browser's or the server's.
 */
export function EditionEditor({
  edition,
  editions,
  token,
  clubs,
  grades,
  onBack,
  onSaved,
  onUnauthorised,
  kept,
  onKeep,
}: {
  edition: AdminEdition;
  /** Every edition: what publishing this one does depends on the others' dates. */
  editions: readonly AdminEdition[];
  token: string;
  clubs: Club[];
  grades: Grade[];
  onBack: () => void;
  /** A saved or published edition: the list takes it in. */
  onSaved: (edition: AdminEdition) => Promise<void> | void;
  onUnauthorised: () => void;
  /** Unsaved values from an earlier visit to this edition's form ("Tilbake til leirene" does not lose them). */
  kept?: EditionFormValues;
  /** Called with the unsaved values on every change, and with undefined once they are saved. */
  onKeep: (values: EditionFormValues | undefined) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<EditionFormValues>(() => kept ?? formValuesFrom(editionData(edition)));
  const [dirty, setDirty] = useState(kept !== undefined);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<Message>();
  const [busy, setBusy] = useState<"save" | "publish">();
  const [preview, setPreview] = useState<CampEditionData>();
  const [confirming, setConfirming] = useState(false);
  const [focusTick, setFocusTick] = useState<{ target: "error" | "preview" | "heading" | "publish"; n: number }>({ target: "heading", n: 0 });
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const publishButton = useRef<HTMLButtonElement>(null);
  const now = useNow();

  useEffect(() => {
    if (focusTick.target === "heading") headingRef.current?.focus();
    else if (focusTick.target === "error") {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-anchor]');
      const target = first ?? alertRef.current;
      if (target) focusInView(target);
    } else if (focusTick.target === "preview") document.getElementById(`${id}-preview`)?.focus();
    else if (focusTick.target === "publish") publishButton.current?.focus();
  }, [focusTick, id]);

  const focus = (target: typeof focusTick.target) => setFocusTick((tick) => ({ target, n: tick.n + 1 }));
  const showErrors = (found: FieldErrors, text: string) => {
    setErrors(found);
    const loose = Object.entries(found).filter(([path]) => !shownByField(path));
    setMessage({ ok: false, text: [text, ...loose.map(([, problem]) => problem)].join(" ") });
    focus("error");
  };

  const change = (next: EditionFormValues) => {
    setValues(next);
    setDirty(true);
    onKeep(next);
  };

  // Closing or reloading the page with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  /** Checks with the shared schema, then stores; the saved edition, or undefined after saying why not. */
  async function save(): Promise<AdminEdition | undefined> {
    const checked = checkValues(values);
    if (!checked.ok) {
      showErrors(checked.errors, "Leiren er ikke lagret. Rett feltene som er merket.");
      return undefined;
    }
    setBusy("save");
    setMessage(undefined);
    try {
      const result = await putCampEdition(edition.year, checked.data, token);
      if (result.kind === "invalid") {
        showErrors(errorsFrom(result.issues), `Leiren er ikke lagret. ${result.message}`);
        return undefined;
      }
      setErrors({});
      setDirty(false);
      onKeep(undefined);
      await onSaved(result.edition);
      setMessage({ ok: true, text: "Lagret." });
      return result.edition;
    } catch (error) {
      if (isUnauthorised(error)) onUnauthorised();
      else setMessage({ ok: false, text: `Klarte ikke lagre leiren. ${error instanceof Error ? error.message : ""}`.trim() });
      return undefined;
    } finally {
      setBusy(undefined);
    }
  }

  function showPreview() {
    const checked = checkValues(values);
    if (!checked.ok) {
      showErrors(checked.errors, "Rett feltene som er merket for å se forhåndsvisningen.");
      return;
    }
    setErrors({});
    setMessage(undefined);
    setPreview(checked.data);
    focus("preview");
  }

  async function publish() {
    if (busy) return;
    if (dirty && !(await save())) {
      setConfirming(false);
      return;
    }
    setBusy("publish");
    try {
      const published = await publishCampEdition(edition.year, token);
      setConfirming(false);
      await onSaved(published);
      setMessage({
        ok: true,
        text: published.current
          ? `Vinterleiren ${edition.year} er publisert og vises nå på nettsiden.`
          : `Vinterleiren ${edition.year} er publisert og vises på nettsiden ved siden av årets leir.`,
      });
      // The confirmation (and the button in it) is gone: the keyboard goes to the heading, now "Publisert".
      focus("heading");
    } catch (error) {
      if (isUnauthorised(error)) onUnauthorised();
      else setMessage({ ok: false, text: `Klarte ikke publisere leiren. ${error instanceof Error ? error.message : ""}`.trim() });
    } finally {
      setBusy(undefined);
    }
  }

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
