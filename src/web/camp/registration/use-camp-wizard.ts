import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { FieldErrors } from "../../../shared/camp/camp-registration-rules.ts";
import { applyCampRules, type CampRegistrationDraft } from "../../../shared/camp/camp-registration.ts";
import type { SiblingDraft } from "../../../shared/camp/camp-siblings.ts";
import { canLeave, nextStep, nextStepToReview, previousStep, validateStep, type CampStep, type StepField } from "../../../shared/camp/camp-steps.ts";
import { clearWizard, saveWizard } from "./draft-storage.ts";
import { useWizardCompanion } from "./use-wizard-companion.ts";
import { useWizardSubmit } from "./use-wizard-submit.ts";
import { type WizardState, freshState, storedState, type Submission } from "./camp-wizard-state.ts";

export interface WizardOptions {
  /** Where a payment answer sends the browser; tests pass a spy. */
  redirect?: (url: string) => void;
}

export function useCampWizard({ redirect = (url) => window.location.assign(url) }: WizardOptions = {}) {
  const [state, setState] = useState<WizardState>(() => ({ ...freshState(), restored: false }));
  useStoredDraft(state, setState);
  const { draft, step, tabFieldsMissing } = state;
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState<ReadonlySet<CampStep | "companion">>(() => new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors<StepField>>({});
  const [submission, setSubmission] = useState<Submission>({ state: "idle" });
  /** Whether the step has changed since the page opened: only then does focus move to the heading. */
  const [moved, setMoved] = useState(false);
  /** Opened by «Endre» on the review: Next leads back there (nextStepToReview), not through every step. */
  const [editing, setEditing] = useState(false);

  const goTo = useCallback((to: CampStep) => {
    if (to === "Review" || to === "Payment" || to === "Done") setEditing(false);
    setState((current) => ({ ...current, step: to }));
    setMoved(true);
    setSubmission((current) => (current.state === "sending" ? current : { state: "idle" }));
  }, []);

  const update = useCallback((patch: Partial<CampRegistrationDraft>) => {
    setState((current) => ({ ...current, draft: applyCampRules({ ...current.draft, ...patch }) }));
    setServerErrors((current) => withoutFields(current, patch));
  }, []);

  const touch = useCallback((field: string) => {
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  }, []);

  const { errors, visibleError, canContinue } = stepErrors(step, draft, touched, attempted, serverErrors);

  const attempt = useCallback((which: CampStep | "companion") => {
    setAttempted((current) => (current.has(which) ? current : new Set(current).add(which)));
  }, []);

  const { setCompanion, ...companionParts } = useWizardCompanion({ draft, update, goTo, attempt, touched, attempted, setTouched, setAttempted });

  const next = () => {
    if (!canLeave(step, draft)) {
      attempt(step);
      return;
    }
    goTo(editing ? nextStepToReview(step, draft) : nextStep(step, draft));
  };

  /** «Endre» (or «Gå dit») on the review: that step, and Next from there back to the review. */
  const edit = useCallback(
    (to: CampStep) => {
      setEditing(true);
      goTo(to);
    },
    [goTo],
  );
  /** Next says where it goes when that is back to the review. */
  const nextLabel = editing && nextStepToReview(step, draft) === "Review" ? "Tilbake til oppsummeringen" : undefined;

  const back = () => {
    if (step === "LedsagerAdd") setCompanion(null);
    goTo(previousStep(step, draft));
  };

  const submitting = useWizardSubmit({ draft, setState, goTo, setSubmission, setServerErrors, redirect });

  /** "Meld på en til": a new draft with a new id, from the start. */
  const restart = () => {
    setState(freshState());
    setTouched(new Set());
    setAttempted(new Set());
    setServerErrors({});
    setSubmission({ state: "idle" });
    setEditing(false);
    setMoved(true);
  };

  return {
    draft,
    step,
    /** Allergies and other information were typed in another tab: the text steps say so. */
    tabFieldsMissing,
    moved,
    errors,
    visibleError,
    canContinue,
    touch,
    update,
    next,
    nextLabel,
    back,
    goTo,
    edit,
    attempt: () => attempt(step),
    ...companionParts,
    attemptCompanion: () => attempt("companion"),
    ...siblingActions(draft, update),
    submission,
    ...submitting,
    restart,
  };
}

/**
 * The first render (on the server, and hydrating its HTML) is the Welcome step; the stored draft (cookies and
 * this tab's storage, which the server cannot read) takes over before the browser paints, and every change is
 * saved back.
 */
function useStoredDraft(state: WizardState, setState: (state: WizardState) => void) {
  // Nothing stored (a first visit): the fresh draft stands as it is, without a second render of the whole
  // wizard in the same task as hydration.
  const nothingStored = useRef(false);
  useLayoutEffect(() => {
    const stored = storedState();
    if (stored) setState(stored);
    else nothingStored.current = true;
    // The state's setter never changes: this runs once, on mount.
  }, [setState]);
  const { draft, step, restored } = state;
  useEffect(() => {
    if (!restored && !nothingStored.current) return;
    if (step === "Done") clearWizard();
    else saveWizard({ draft, step });
  }, [draft, step, restored]);
}

/** The step's errors, and the one to show under a field: after a touch or a try to continue, or when the server said so. */
function stepErrors(
  step: CampStep,
  draft: CampRegistrationDraft,
  touched: ReadonlySet<string>,
  attempted: ReadonlySet<CampStep | "companion">,
  serverErrors: FieldErrors<StepField>,
) {
  const errors = validateStep(step, draft);
  const showAll = attempted.has(step);
  const visibleError = (field: StepField): string | undefined => (touched.has(field) || showAll ? errors[field] : undefined) ?? serverErrors[field];
  return { errors, visibleError, canContinue: canLeave(step, draft) };
}

/** The server's errors without those of the fields a change touched. */
function withoutFields(current: FieldErrors<StepField>, patch: Partial<CampRegistrationDraft>): FieldErrors<StepField> {
  const keys = Object.keys(patch).filter((key) => key in current);
  if (keys.length === 0) return current;
  const next = { ...current };
  for (const key of keys) delete next[key as StepField];
  return next;
}

/** Several athletes (a family paying together). */
function siblingActions(draft: CampRegistrationDraft, update: (patch: Partial<CampRegistrationDraft>) => void) {
  /** One athlete or several: the further athletes already added are kept until the user says "one". */
  const setFamily = (family: boolean) => {
    update({ siblings: family ? (draft.siblings ?? []) : undefined });
  };

  /** Adds a further athlete, or replaces the one at `index`. */
  const saveSibling = (sibling: SiblingDraft, index?: number) => {
    const siblings = [...(draft.siblings ?? [])];
    if (index === undefined) siblings.push(sibling);
    else siblings[index] = sibling;
    update({ siblings });
  };

  const removeSibling = (index: number) => {
    update({ siblings: (draft.siblings ?? []).filter((_, other) => other !== index) });
  };

  return { setFamily, saveSibling, removeSibling };
}

export type CampWizard = ReturnType<typeof useCampWizard>;
