import { emptyNewMemberDraft, needsGuardian, NewMemberStepSchema, type NewMemberDraft, type NewMemberStep } from "../../shared/members/new-member.ts";
import { createDraftCookies, sameShapeAs } from "../components/wizard/cookie-draft.ts";
import { siteCookies } from "../../shared/site/site-cookies.ts";

/** The new-member wizard's draft and step in cookies scoped to /nyttmedlem (docs/requirements.md §4), like the camp wizard. */
export const NEW_MEMBER_COOKIE = siteCookies.newMemberDraft.name;

const cookies = createDraftCookies<NewMemberDraft, NewMemberStep>({
  name: NEW_MEMBER_COOKIE,
  path: siteCookies.newMemberDraft.path,
  maxAgeSeconds: siteCookies.newMemberDraft.maxAgeSeconds,
  parseStep: (value) => NewMemberStepSchema.parse(value),
  asDraft,
  isResumable: (step) => step !== "Welcome" && step !== "Done",
});

export const saveNewMemberDraft = cookies.save;
export const clearNewMemberDraft = cookies.clear;

export function loadNewMemberDraft(): { draft: NewMemberDraft; step: NewMemberStep } | undefined {
  const stored = cookies.load();
  if (!stored) return undefined;
  // An adult has no Parent step (the age may have been changed since).
  const step = stored.step === "Parent" && !needsGuardian(stored.draft.age) ? "Registration" : stored.step;
  return { draft: stored.draft, step };
}

function asDraft(value: unknown): NewMemberDraft | undefined {
  const draftId = (value as { draftId?: unknown } | null)?.draftId;
  if (typeof draftId !== "string" || draftId === "") return undefined;
  const draft = sameShapeAs(emptyNewMemberDraft(0, draftId), value, {
    referer: (actual) => actual === 0 || actual === 1 || actual === 2,
  });
  return draft;
}
