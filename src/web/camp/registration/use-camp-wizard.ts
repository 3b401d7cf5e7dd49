import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { newCompanion, type CompanionDraft, type CompanionField } from "../../../shared/camp/camp-registration-fields.ts";
import { validateCompanion, type FieldErrors } from "../../../shared/camp/camp-registration-rules.ts";
import { applyCampRules, emptyCampDraft, type CampRegistrationDraft } from "../../../shared/camp/camp-registration.ts";
import type { SiblingDraft } from "../../../shared/camp/camp-siblings.ts";
import { canLeave, nextStep, nextStepToReview, previousStep, validateStep, type CampStep, type StepField } from "../../../shared/camp/camp-steps.ts";
import type { ApiIssue } from "../../lib/api-client.ts";
import { postCampRegistration } from "./registration-api.ts";
import { rememberGroupNames, rememberPersonalLink } from "../my-registration/personal-link-storage.ts";
import { clearWizard, loadWizard, saveWizard } from "./draft-storage.ts";
import { newDraftSecret, newId } from "../../components/wizard/new-id.ts";

export type Submission =
  | { state: "idle" }
  | { state: "sending" }
  /** The server (or our own last check) found something to correct. */
  | { state: "invalid"; message: string; issues: ApiIssue[] }
  | { state: "failed"; detail: string }
  /** Registration is not open (closed meanwhile): the server's sentence; the draft stays. */
  | { state: "closed"; message: string };

/** How the last submission ended: a place at the camp, or a place on the waiting list. */
export type Outcome = "registered" | "waitlisted";

export interface WizardOptions {
  /** Where a payment answer sends the browser; tests pass a spy. */
  redirect?: (url: string) => void;
}

interface WizardState {
  draft: CampRegistrationDraft;
  step: CampStep;
  tabFieldsMissing: boolean;
  /** The stored draft has been read: only then is the draft saved back. */
  restored: boolean;
}

/** A fresh wizard on its first step: what the server renders, and what hydration starts from. */
const freshState = (): WizardState => ({
  draft: emptyCampDraft(newId(), newDraftSecret()),
  step: "Welcome",
  tabFieldsMissing: false,
  restored: true,
});

function storedState(): WizardState | undefined {
  const stored = loadWizard();
  // A stored draft may predate a rule change (or a cookie edit): disabled choices are cleared here too.
  return stored && { ...stored, draft: applyCampRules(stored.draft), restored: true };
}

/** The top-level field a server issue path names ("ledsagere.0.email" → "ledsagere"). */
function issueField(path: string): string {
  return path.split(".")[0] ?? "";
}

export function useCampWizard({ redirect = (url) => window.location.assign(url) }: WizardOptions = {}) {
  // The first render (on the server, and hydrating its HTML) is the Welcome step; the stored draft (cookies
  // and this tab's storage, which the server cannot read) takes over before the browser paints.
  const [state, setState] = useState<WizardState>(() => ({ ...freshState(), restored: false }));
  // Nothing stored (a first visit): the fresh draft stands as it is, without a second render of the whole
  // wizard in the same task as hydration.
  const nothingStored = useRef(false);
  useLayoutEffect(() => {
    const stored = storedState();
    if (stored) setState(stored);
    else nothingStored.current = true;
  }, []);
  const { draft, step, tabFieldsMissing, restored } = state;
  const [companion, setCompanion] = useState<CompanionDraft | null>(null);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState<ReadonlySet<CampStep | "companion">>(() => new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors<StepField>>({});
  const [submission, setSubmission] = useState<Submission>({ state: "idle" });
  const [outcome, setOutcome] = useState<Outcome>("registered");
  /** The path of "Min påmelding" from the server's answer (Done page). */
  const [personalLink, setPersonalLink] = useState<string | undefined>();
  const sending = useRef(false);
  /** Whether the step has changed since the page opened: only then does focus move to the heading. */
  const [moved, setMoved] = useState(false);
  /** Opened by «Endre» on the review: Next leads back there (nextStepToReview), not through every step. */
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (!restored && !nothingStored.current) return;
    if (step === "Done") clearWizard();
    else saveWizard({ draft, step });
  }, [draft, step, restored]);

  const goTo = useCallback((to: CampStep) => {
    if (to === "Review" || to === "Payment" || to === "Done") setEditing(false);
    setState((current) => ({ ...current, step: to }));
    setMoved(true);
    setSubmission((current) => (current.state === "sending" ? current : { state: "idle" }));
  }, []);

  const update = useCallback((patch: Partial<CampRegistrationDraft>) => {
    setState((current) => ({ ...current, draft: applyCampRules({ ...current.draft, ...patch }) }));
    setServerErrors((current) => {
      const keys = Object.keys(patch).filter((key) => key in current);
      if (keys.length === 0) return current;
      const next = { ...current };
      for (const key of keys) delete next[key as StepField];
      return next;
    });
  }, []);

  const touch = useCallback((field: string) => {
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  }, []);

  const errors = validateStep(step, draft);
  const showAll = attempted.has(step);
  /** The message to show under a field: after a touch or a try to continue, or when the server said so. */
  const visibleError = (field: StepField): string | undefined => (touched.has(field) || showAll ? errors[field] : undefined) ?? serverErrors[field];
  const canContinue = canLeave(step, draft);

  const attempt = useCallback((which: CampStep | "companion") => {
    setAttempted((current) => (current.has(which) ? current : new Set(current).add(which)));
  }, []);

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

  // ---- Companions ----
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

  // ---- Several athletes (a family paying together) ----
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

  // ---- Submitting ----
  const submit = async (vipps: boolean) => {
    if (sending.current) return;
    const toSend = { ...draft, vipps };
    setState((current) => ({ ...current, draft: toSend }));
    // Everything, the further athletes included: what the server would refuse is said here first.
    const ownErrors = validateStep("Payment", toSend);
    if (Object.keys(ownErrors).length > 0) {
      setSubmission({
        state: "invalid",
        message: "Noen av opplysningene mangler eller er ugyldige.",
        issues: Object.entries(ownErrors).map(([path, message]) => ({ path, message: message ?? "" })),
      });
      return;
    }
    sending.current = true;
    setSubmission({ state: "sending" });
    const result = await postCampRegistration(toSend);
    switch (result.kind) {
      case "done":
      case "waitlist":
        sending.current = false;
        setOutcome(result.kind === "done" ? "registered" : "waitlisted");
        setPersonalLink(result.kind === "done" ? result.personalLink : undefined);
        setSubmission({ state: "idle" });
        goTo("Done");
        break;
      case "closed":
        sending.current = false;
        setSubmission({ state: "closed", message: result.message });
        break;
      case "redirect":
        // Stays "sending" while the browser leaves; the draft and step are stored for "Prøv igjen".
        saveWizard({ draft: toSend, step: "Payment" });
        rememberPersonalLink(result.personalLink);
        // A group pays once: the result page lists every athlete it paid for.
        rememberGroupNames(
          toSend.siblings?.length ? [toSend, ...toSend.siblings].map((athlete) => `${athlete.firstName} ${athlete.lastName}`) : undefined,
        );
        redirect(result.url);
        break;
      case "invalid": {
        sending.current = false;
        const byField: FieldErrors<StepField> = {};
        for (const issue of result.issues) {
          const field = issueField(issue.path) as StepField;
          if (field in toSend) byField[field] ??= issue.message;
        }
        setServerErrors(byField);
        setSubmission({ state: "invalid", message: result.message, issues: result.issues });
        break;
      }
      case "failed":
        sending.current = false;
        setSubmission({ state: "failed", detail: result.detail });
        break;
    }
  };

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
    companion,
    companionErrors,
    companionError,
    startCompanion,
    updateCompanion,
    addCompanion,
    attemptCompanion: () => attempt("companion"),
    removeCompanion,
    setFamily,
    saveSibling,
    removeSibling,
    submission,
    outcome,
    personalLink,
    submit,
    restart,
  };
}

export type CampWizard = ReturnType<typeof useCampWizard>;
