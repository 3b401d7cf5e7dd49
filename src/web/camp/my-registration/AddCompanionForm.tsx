/** «Legg til ledsager» on "Min påmelding": the wizard's companion form, priced and charged by the server. */
import { useState } from "react";
import { newCompanion, type CompanionDraft, type CompanionField } from "../../../shared/camp/camp-registration-fields.ts";
import { validateCompanion, type FieldErrors } from "../../../shared/camp/camp-registration-rules.ts";
import { CompanionFields } from "../../components/wizard/CompanionFields.tsx";
import { newId } from "../../components/wizard/new-id.ts";
import type { ActionResult } from "./my-registration-api.ts";
import { H, useIdPrefix, useLandmarkId, type Sending } from "./my-registration-sections.tsx";

export function AddCompanionForm({ onAdd }: { onAdd: (companion: CompanionDraft) => Promise<ActionResult> }) {
  const idp = useIdPrefix();
  const landmarkId = useLandmarkId();
  const [open, setOpen] = useState(false);
  const [companion, setCompanion] = useState<CompanionDraft>(() => newCompanion(newId()));
  const [errors, setErrors] = useState<FieldErrors<CompanionField>>({});
  const [sending, setSending] = useState<Sending>({ state: "idle" });
  const set = <K extends keyof CompanionDraft>(field: K, value: CompanionDraft[K]) => setCompanion((current) => ({ ...current, [field]: value }));
  if (!open) {
    return (
      <section aria-labelledby={landmarkId(`${idp}my-add`)}>
        <H id={`${idp}my-add`}>Ledsager</H>
        <button type="button" className="button secondary my-add-button" onClick={() => setOpen(true)}>
          Legg til ledsager
        </button>
      </section>
    );
  }
  const submit = async () => {
    const found = validateCompanion(companion);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending({ state: "sending" });
    const result = await onAdd(companion);
    if (result.kind === "ok") {
      if (!result.payUrl) {
        setOpen(false);
        setCompanion(newCompanion(newId()));
        setSending({ state: "idle" });
      }
    } else if (result.kind === "invalid") {
      setErrors(Object.fromEntries(result.issues.map((issue) => [issue.path.split(".").pop()!, issue.message])));
      setSending({ state: "error", message: result.message });
    } else
      setSending({ state: "error", message: result.kind === "conflict" ? result.message : "Vi fikk ikke lagt til ledsageren. Prøv igjen om litt." });
  };
  return (
    <section aria-labelledby={landmarkId(`${idp}my-add`)}>
      <H id={`${idp}my-add`}>Legg til ledsager</H>
      <p className="field-hint">
        En ledsager må være myndig. Prisen er den som gjaldt da du meldte på; det nye beløpet betaler du med samme betalingsmåte som før.
      </p>
      <form
        className="my-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <CompanionFields idPrefix={`${idp}add`} companion={companion} errors={errors} set={set} />
        {sending.state === "error" && (
          <p className="field-error" role="alert">
            {sending.message}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button" disabled={sending.state === "sending"}>
            {sending.state === "sending" ? "Legger til …" : "Legg til ledsageren"}
          </button>
          <button type="button" className="button secondary" onClick={() => setOpen(false)} disabled={sending.state === "sending"}>
            Avbryt
          </button>
        </div>
      </form>
    </section>
  );
}
