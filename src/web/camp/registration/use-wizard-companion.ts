/** The wizard's companion being added: its draft, its errors as the form shows them, and adding or removing one. */
import { useState, type Dispatch, type SetStateAction } from "react";
import { newCompanion, type CompanionDraft, type CompanionField } from "../../../shared/camp/camp-registration-fields.ts";
import { validateCompanion, type FieldErrors } from "../../../shared/camp/camp-registration-rules.ts";
import type { CampRegistrationDraft } from "../../../shared/camp/camp-registration.ts";
import { nextStep, type CampStep } from "../../../shared/camp/camp-steps.ts";
import { newId } from "../../components/wizard/new-id.ts";

interface CompanionDeps {
  draft: CampRegistrationDraft;
  update: (patch: Partial<CampRegistrationDraft>) => void;
  goTo: (to: CampStep) => void;
  attempt: (which: CampStep | "companion") => void;
  touched: ReadonlySet<string>;
  attempted: ReadonlySet<CampStep | "companion">;
  setTouched: Dispatch<SetStateAction<ReadonlySet<string>>>;
  setAttempted: Dispatch<SetStateAction<ReadonlySet<CampStep | "companion">>>;
}

export function useWizardCompanion({ draft, update, goTo, attempt, touched, attempted, setTouched, setAttempted }: CompanionDeps) {
  const [companion, setCompanion] = useState<CompanionDraft | null>(null);

  const startCompanion = () => {
    setCompanion(newCompanion(newId()));
    setAttempted((current) => {
      const nextSet = new Set(current);
      nextSet.delete("companion");
      return nextSet;
    });
    setTouched((current) => new Set([...current].filter((key) => !key.startsWith("companion."))));
    goTo("LedsagerAdd");
  };

  const updateCompanion = (patch: Partial<CompanionDraft>) => {
    setCompanion((current) => (current ? { ...current, ...patch } : current));
  };

  const companionErrors: FieldErrors<CompanionField> = companion ? validateCompanion(companion) : {};
  const companionError = (field: CompanionField): string | undefined =>
    touched.has(`companion.${field}`) || attempted.has("companion") ? companionErrors[field] : undefined;

  const addCompanion = () => {
    if (!companion) return;
    if (Object.keys(validateCompanion(companion)).length > 0) {
      attempt("companion");
      return;
    }
    update({ hasLedsager: true, ledsagere: [...draft.ledsagere, companion] });
    setCompanion(null);
    goTo(nextStep("LedsagerAdd", draft));
  };

  const removeCompanion = (id: string) => {
    update({ ledsagere: draft.ledsagere.filter((item) => item.id !== id) });
  };

  return { companion, setCompanion, companionErrors, companionError, startCompanion, updateCompanion, addCompanion, removeCompanion };
}
