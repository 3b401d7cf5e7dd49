import { emptyCampDraft, type CampRegistrationDraft } from "../../../shared/camp/camp-registration.ts";
import { CampStepSchema, type CampStep } from "../../../shared/camp/camp-steps.ts";
import { createDraftCookies, sameShapeAs } from "../../components/wizard/cookie-draft.ts";

export { decodeBase64, encodeBase64, PART_SIZE } from "../../components/wizard/cookie-draft.ts";

/**
 * The camp wizard's draft and step in cookies (components/wizard/cookie-draft.ts), under the spec's name
 * `vinterleir_registrering` and scoped to the wizard's path (the Vipps result page can still set and
 * clear them by naming the path). Two long texts plus ten companions need several cookies.
 */
export const DRAFT_COOKIE = "vinterleir_registrering";
export const STEP_COOKIE = "vinterleir_registrering_step";
export const PARTS_COOKIE = "vinterleir_registrering_parts";
export const COOKIE_PATH = "/vinterleir/registrering";

export interface StoredWizard {
  draft: CampRegistrationDraft;
  step: CampStep;
}

const cookies = createDraftCookies<CampRegistrationDraft, CampStep>({
  name: DRAFT_COOKIE,
  path: COOKIE_PATH,
  parseStep: (value) => CampStepSchema.parse(value),
  asDraft,
  isResumable: (step) => step !== "Welcome" && step !== "Done",
});

export function saveWizard(stored: StoredWizard) {
  cookies.save(stored);
}

/**
 * Where the wizard opens next time. The Vipps result page calls this with "Payment" for "Prøv igjen":
 * the draft (and its draftId, so the server knows the retry) stays as it was.
 */
export function setWizardStep(step: CampStep) {
  cookies.setStep(step);
}

export function clearWizard() {
  cookies.clear();
}

/** The stored wizard, when there is one to resume: a step after Welcome and a readable draft. */
export function loadWizard(): StoredWizard | undefined {
  const stored = cookies.load();
  if (!stored) return undefined;
  // The companion form's half-typed companion is not stored; resume at the list it belongs to.
  return { draft: stored.draft, step: stored.step === "LedsagerAdd" ? "LedsagerManagement" : stored.step };
}

/** Same keys and value types as a fresh draft, or nothing: a stale or tampered cookie must not crash a step. */
function asDraft(value: unknown): CampRegistrationDraft | undefined {
  const draftId = (value as { draftId?: unknown } | null)?.draftId;
  if (typeof draftId !== "string" || draftId === "") return undefined;
  return sameShapeAs(emptyCampDraft(draftId), value, {
    public: (actual) => actual === null || typeof actual === "boolean",
    ledsagere: (actual) => Array.isArray(actual) && actual.every(isCompanion),
  });
}

function isCompanion(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const companion = value as Record<string, unknown>;
  return (
    ["id", "firstName", "lastName", "telephone", "email"].every((key) => typeof companion[key] === "string") &&
    typeof companion.age === "number" &&
    typeof companion.sleepover === "boolean" &&
    typeof companion.alreadyRegistered === "boolean"
  );
}
