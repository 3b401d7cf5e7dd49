import { useState } from "react";
import { maxSiblings, newSibling, validateSibling, type SiblingDraft, type SiblingField } from "../../../shared/camp/camp-registration.ts";
import { gradeLabel, type Grade } from "../../../shared/camp/grades.ts";
import type { CampWizard } from "./use-camp-wizard.ts";

/**
 * «Meld på søsken/flere utøvere» on the summary: further athletes sharing the contact details, consents and
 * payment choice; each is priced and stored as its own registration, in one submission.
 */
export function SiblingsSection({ wizard, grades, disabled }: { wizard: CampWizard; grades: readonly Grade[]; disabled: boolean }) {
  const { draft } = wizard;
  const siblings = draft.siblings ?? [];
  const [form, setForm] = useState<SiblingDraft | null>(null);
  const [tried, setTried] = useState(false);
  const errors = form ? validateSibling(draft, form) : {};
  const error = (field: SiblingField) => (tried ? errors[field] : undefined);
  const set = (patch: Partial<SiblingDraft>) => setForm((current) => (current ? { ...current, ...patch } : current));

  const add = () => {
    if (!form) return;
    if (Object.keys(errors).length > 0) {
      setTried(true);
      return;
    }
    wizard.update({ siblings: [...siblings, form] });
    setForm(null);
    setTried(false);
  };

  const field = (id: SiblingField, label: string, input: React.ReactNode) => (
    <div className="field">
      <label htmlFor={`sibling-${id}`}>{label}</label>
      {input}
      {error(id) && (
        <p className="field-error" id={`sibling-${id}-error`}>
          {error(id)}
        </p>
      )}
    </div>
  );
  const described = (id: SiblingField) => ({ "aria-invalid": error(id) ? true : undefined, "aria-describedby": error(id) ? `sibling-${id}-error` : undefined });

  return (
    <section className="siblings" aria-labelledby="siblings-heading">
      <h3 id="siblings-heading">Flere utøvere i samme påmelding</h3>
      {siblings.length > 0 && (
        <ul className="sibling-list">
          {siblings.map((sibling, index) => (
            <li key={`${sibling.firstName}-${index}`}>
              <span>
                {sibling.firstName} {sibling.lastName}, {sibling.age} år
              </span>
              <button
                type="button"
                className="button secondary"
                disabled={disabled}
                onClick={() => wizard.update({ siblings: siblings.filter((_, other) => other !== index) })}
              >
                Fjern {sibling.firstName}
              </button>
            </li>
          ))}
        </ul>
      )}
      {form ? (
        <fieldset className="fieldset sibling-form">
          <legend>Ny utøver (samme kontaktopplysninger og klubb)</legend>
          {field("firstName", "Fornavn", <input id="sibling-firstName" autoComplete="off" value={form.firstName} onChange={(event) => set({ firstName: event.target.value })} {...described("firstName")} />)}
          {field("lastName", "Etternavn", <input id="sibling-lastName" autoComplete="off" value={form.lastName} onChange={(event) => set({ lastName: event.target.value })} {...described("lastName")} />)}
          {field(
            "age",
            "Alder",
            <input id="sibling-age" type="number" inputMode="numeric" value={form.age || ""} onChange={(event) => set({ age: Number(event.target.value) || 0 })} {...described("age")} />,
          )}
          {field(
            "gradeId",
            "Beltegrad",
            <select id="sibling-gradeId" value={form.gradeId} onChange={(event) => set({ gradeId: Number(event.target.value) })} {...described("gradeId")}>
              <option value={0}>Velg beltegrad</option>
              {grades.map((grade) => (
                <option key={grade.gradeId} value={grade.gradeId}>
                  {gradeLabel(grade)}
                </option>
              ))}
            </select>,
          )}
          <div className="check-row">
            <input type="checkbox" id="sibling-sleepover" checked={form.sleepover} onChange={(event) => set({ sleepover: event.target.checked })} {...described("sleepover")} />
            <label htmlFor="sibling-sleepover">Overnatter i hallen</label>
          </div>
          {error("sleepover") && <p className="field-error" id="sibling-sleepover-error">{error("sleepover")}</p>}
          <div className="check-row">
            <input type="checkbox" id="sibling-vegan" checked={form.vegan} onChange={(event) => set({ vegan: event.target.checked })} />
            <label htmlFor="sibling-vegan">Vegetar/vegansk mat</label>
          </div>
          {field("allergies", "Allergier (valgfritt)", <textarea id="sibling-allergies" value={form.allergies} onChange={(event) => set({ allergies: event.target.value })} {...described("allergies")} />)}
          <div className="wizard-nav">
            <button type="button" className="button" onClick={add} disabled={disabled}>
              Legg til utøver
            </button>
            <button type="button" className="button secondary" onClick={() => setForm(null)} disabled={disabled}>
              Avbryt
            </button>
          </div>
        </fieldset>
      ) : (
        siblings.length < maxSiblings && (
          <button type="button" className="button secondary" onClick={() => setForm(newSibling(draft.lastName))} disabled={disabled}>
            Meld på søsken/flere utøvere
          </button>
        )
      )}
    </section>
  );
}
