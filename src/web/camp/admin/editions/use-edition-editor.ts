// The logic of one edition's form: its values, where the keyboard goes, and saving, previewing and publishing.
import { useEffect, useId, useRef, useState } from "react";
import type { CampEditionData } from "../../../../shared/camp/camp-edition-schema.ts";
import { campEditionFieldLabel } from "../../../../shared/camp/camp-edition-labels.ts";
import type { Club, Grade } from "../../../../shared/camp/grades.ts";
import { isUnauthorised } from "../../../components/admin/AdminShell.tsx";
import { focusInView } from "./EditionField.tsx";
import { checkValues, errorsFrom, formValuesFrom, type EditionFormValues, type FieldErrors } from "./edition-form.ts";
import { editionData, publishCampEdition, putCampEdition, type AdminEdition } from "./editions-api.ts";

type Message = { ok: boolean; text: string };
type FocusTarget = "error" | "preview" | "heading" | "publish";

export interface EditionEditorProps {
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
}

/** Whether the form shows a message for this path itself (else it goes in the message above the buttons). */
function shownByField(path: string): boolean {
  return /^program\.\d+\.\d+\.(from|to|what|where|audience)$/.test(path) || campEditionFieldLabel(path) !== path;
}

/** Moves the keyboard after a render: to the first wrong field, the preview, the heading or "Publiser". */
function useEditionFocus(id: string) {
  const [focusTick, setFocusTick] = useState<{ target: FocusTarget; n: number }>({ target: "heading", n: 0 });
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const publishButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focusTick.target === "heading") headingRef.current?.focus();
    else if (focusTick.target === "error") {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-anchor]');
      const target = first ?? alertRef.current;
      if (target) focusInView(target);
    } else if (focusTick.target === "preview") document.getElementById(`${id}-preview`)?.focus();
    else if (focusTick.target === "publish") publishButton.current?.focus();
  }, [focusTick, id]);

  const focus = (target: FocusTarget) => setFocusTick((tick) => ({ target, n: tick.n + 1 }));
  return { formRef, headingRef, alertRef, publishButton, focus };
}

/** What the volunteer typed, kept by the area through leaving the form, and a warning before leaving the page unsaved. */
function useEditionValues(edition: AdminEdition, kept: EditionFormValues | undefined, onKeep: EditionEditorProps["onKeep"]) {
  const [values, setValues] = useState<EditionFormValues>(() => kept ?? formValuesFrom(editionData(edition)));
  const [dirty, setDirty] = useState(kept !== undefined);

  const change = (next: EditionFormValues) => {
    setValues(next);
    setDirty(true);
    onKeep(next);
  };
  const saved = () => {
    setDirty(false);
    onKeep(undefined);
  };

  // Closing or reloading the page with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return { values, dirty, change, saved };
}

/** What went wrong, with the error's own words after it. */
function failureText(what: string, error: unknown): string {
  return `${what} ${error instanceof Error ? error.message : ""}`.trim();
}

/** What the volunteer typed stays in the form through every error, the browser's or the server's. */
export function useEditionEditor({ edition, token, onSaved, onUnauthorised, kept, onKeep }: EditionEditorProps) {
  const id = useId();
  const view = useEditionFocus(id);
  const { values, dirty, change, saved } = useEditionValues(edition, kept, onKeep);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<Message>();
  const [busy, setBusy] = useState<"save" | "publish">();
  const [preview, setPreview] = useState<CampEditionData>();
  const [confirming, setConfirming] = useState(false);

  const showErrors = (found: FieldErrors, text: string) => {
    setErrors(found);
    const loose = Object.entries(found).filter(([path]) => !shownByField(path));
    setMessage({ ok: false, text: [text, ...loose.map(([, problem]) => problem)].join(" ") });
    view.focus("error");
  };

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
      saved();
      await onSaved(result.edition);
      setMessage({ ok: true, text: "Lagret." });
      return result.edition;
    } catch (error) {
      if (isUnauthorised(error)) onUnauthorised();
      else setMessage({ ok: false, text: failureText("Klarte ikke lagre leiren.", error) });
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
    view.focus("preview");
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
      view.focus("heading");
    } catch (error) {
      if (isUnauthorised(error)) onUnauthorised();
      else setMessage({ ok: false, text: failureText("Klarte ikke publisere leiren.", error) });
    } finally {
      setBusy(undefined);
    }
  }

  return { id, ...view, values, dirty, change, errors, message, busy, preview, confirming, setConfirming, save, showPreview, publish };
}

export type EditionEditorState = ReturnType<typeof useEditionEditor>;
