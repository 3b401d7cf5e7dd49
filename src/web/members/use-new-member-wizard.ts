import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import {
  canLeaveNewMemberStep,
  emptyNewMemberDraft,
  nextNewMemberStep,
  previousNewMemberStep,
  validateNewMemberFields,
  validateNewMemberStep,
  NEW_MEMBER_FIELDS,
  type NewMemberDraft,
  type NewMemberErrors,
  type NewMemberField,
  type NewMemberStep,
  type RefererValue,
} from "../../shared/members/new-member.ts";
import type { ApiIssue } from "../lib/api-client.ts";
import { postNewMember } from "./member-api.ts";
import { newId } from "../components/wizard/new-id.ts";
import { clearNewMemberDraft, loadNewMemberDraft, saveNewMemberDraft } from "./new-member-draft.ts";

export type Submission =
  { state: "idle" } | { state: "sending" } | { state: "invalid"; message: string; issues: ApiIssue[] } | { state: "failed"; detail: string };

/**
 * The new-member wizard: the draft and step (restored from cookies), the messages to show, and submitting.
 * `referer` comes from the address (`?referer=qr|email`); when given, it wins over a stored draft's.
 */
export function useNewMemberWizard({ referer }: { referer: RefererValue | undefined }) {
  const fresh = () => ({ draft: emptyNewMemberDraft(referer, newId()), step: "Welcome" as NewMemberStep });
  // The first render (on the server, and hydrating its HTML) is the Welcome step; the stored draft (cookies,
  // which the server does not read) takes over before the browser paints. `restored` guards the save.
  const [state, setState] = useState(() => ({ ...fresh(), restored: false }));
  useLayoutEffect(() => {
    const stored = loadNewMemberDraft();
    setState({ ...(stored ? (referer === undefined ? stored : { ...stored, draft: { ...stored.draft, referer } }) : fresh()), restored: true });
    // Read once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const { draft, step, restored } = state;
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState<ReadonlySet<NewMemberStep>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<NewMemberErrors>({});
  const [submission, setSubmission] = useState<Submission>({ state: "idle" });
  const [moved, setMoved] = useState(false);
  const sending = useRef(false);

  useEffect(() => {
    if (!restored) return;
    if (step === "Done") clearNewMemberDraft();
    else saveNewMemberDraft({ draft, step });
  }, [draft, step, restored]);

  const goTo = useCallback((to: NewMemberStep) => {
    setState((current) => ({ ...current, step: to }));
    setMoved(true);
    setSubmission((current) => (current.state === "sending" ? current : { state: "idle" }));
  }, []);

  const update = useCallback((patch: Partial<NewMemberDraft>) => {
    setState((current) => ({ ...current, draft: { ...current.draft, ...patch } }));
    setServerErrors((current) => withoutFields(current, patch));
  }, []);

  const touch = useCallback((field: NewMemberField) => {
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  }, []);

  const errors = validateNewMemberStep(step, draft);
  const showAll = attempted.has(step);
  const visibleError = (field: NewMemberField): string | undefined =>
    (touched.has(field) || showAll ? errors[field] : undefined) ?? serverErrors[field];
  const canContinue = canLeaveNewMemberStep(step, draft);
  const attempt = () => setAttempted((current) => (current.has(step) ? current : new Set(current).add(step)));

  const next = () => {
    if (!canContinue) return attempt();
    goTo(nextNewMemberStep(step, draft));
  };
  const back = () => goTo(previousNewMemberStep(step, draft));

  const submit = async () => {
    if (sending.current) return;
    const own = validateNewMemberFields(NEW_MEMBER_FIELDS, draft);
    if (Object.keys(own).length > 0) {
      setSubmission({
        state: "invalid",
        message: "Noen av opplysningene mangler eller er ugyldige.",
        issues: Object.entries(own).map(([path, message]) => ({ path, message: message ?? "" })),
      });
      return;
    }
    sending.current = true;
    setSubmission({ state: "sending" });
    const result = await postNewMember(draft);
    sending.current = false;
    if (result.kind === "done") {
      setSubmission({ state: "idle" });
      goTo("Done");
    } else if (result.kind === "invalid") {
      const byField: NewMemberErrors = {};
      for (const issue of result.issues) {
        const field = issue.path.split(".")[0] as NewMemberField;
        if (field in draft) byField[field] ??= issue.message;
      }
      setServerErrors(byField);
      setSubmission({ state: "invalid", message: result.message, issues: result.issues });
    } else {
      setSubmission({ state: "failed", detail: result.detail });
    }
  };

  /** "Meld interesse for en til": a fresh draft (same referer), from the registration step. */
  const restart = () => {
    setState({ draft: emptyNewMemberDraft(draft.referer, newId()), step: "Registration", restored: true });
    setTouched(new Set());
    setAttempted(new Set());
    setServerErrors({});
    setSubmission({ state: "idle" });
    setMoved(true);
  };

  return { draft, step, moved, errors, visibleError, canContinue, touch, update, next, back, goTo, attempt, submission, submit, restart };
}

export type NewMemberWizard = ReturnType<typeof useNewMemberWizard>;

/** The server's errors without those of the fields a change touched. */
function withoutFields(current: NewMemberErrors, patch: Partial<NewMemberDraft>): NewMemberErrors {
  const keys = Object.keys(patch).filter((key) => key in current);
  if (keys.length === 0) return current;
  const next = { ...current };
  for (const key of keys) delete next[key as NewMemberField];
  return next;
}
