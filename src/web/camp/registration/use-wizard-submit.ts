/** Sending the wizard's registration: our own last check, the server's answer, and where it leads (Done, Vipps, or what to correct). */
import { useRef, useState, type Dispatch, type SetStateAction } from "react";
import type { FieldErrors } from "../../../shared/camp/camp-registration-rules.ts";
import { validateStep, type CampStep, type StepField } from "../../../shared/camp/camp-steps.ts";
import type { CampRegistrationDraft } from "../../../shared/camp/camp-registration.ts";
import { postCampRegistration } from "./registration-api.ts";
import { rememberGroupNames, rememberPersonalLink } from "../my-registration/personal-link-storage.ts";
import { saveWizard } from "./draft-storage.ts";
import { issueField, type Outcome, type Submission, type WizardState } from "./camp-wizard-state.ts";

interface SubmitDeps {
  draft: CampRegistrationDraft;
  setState: Dispatch<SetStateAction<WizardState>>;
  goTo: (to: CampStep) => void;
  setSubmission: Dispatch<SetStateAction<Submission>>;
  setServerErrors: Dispatch<SetStateAction<FieldErrors<StepField>>>;
  redirect: (url: string) => void;
}

export function useWizardSubmit({ draft, setState, goTo, setSubmission, setServerErrors, redirect }: SubmitDeps) {
  const [outcome, setOutcome] = useState<Outcome>("registered");
  /** The path of "Min påmelding" from the server's answer (Done page). */
  const [personalLink, setPersonalLink] = useState<string | undefined>();
  const sending = useRef(false);

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

  return { outcome, personalLink, submit };
}
