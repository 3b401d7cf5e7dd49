/** The camp wizard's state: a fresh one, the one stored in this browser, and how a submission stands. */
import { applyCampRules, emptyCampDraft, type CampRegistrationDraft } from "../../../shared/camp/camp-registration.ts";
import type { CampStep } from "../../../shared/camp/camp-steps.ts";
import type { ApiIssue } from "../../lib/api-client.ts";
import { loadWizard } from "./draft-storage.ts";
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

export interface WizardState {
  draft: CampRegistrationDraft;
  step: CampStep;
  tabFieldsMissing: boolean;
  /** The stored draft has been read: only then is the draft saved back. */
  restored: boolean;
}

/** A fresh wizard on its first step: what the server renders, and what hydration starts from. */
export const freshState = (): WizardState => ({
  draft: emptyCampDraft(newId(), newDraftSecret()),
  step: "Welcome",
  tabFieldsMissing: false,
  restored: true,
});

export function storedState(): WizardState | undefined {
  const stored = loadWizard();
  // A stored draft may predate a rule change (or a cookie edit): disabled choices are cleared here too.
  return stored && { ...stored, draft: applyCampRules(stored.draft), restored: true };
}

/** The top-level field a server issue path names ("ledsagere.0.email" → "ledsagere"). */
export function issueField(path: string): string {
  return path.split(".")[0] ?? "";
}
