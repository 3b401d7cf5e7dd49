import { emptyCampDraft, type CampRegistrationDraft } from "../../../shared/camp/camp-registration.ts";
import { CAMP_STEPS, CampStepSchema, type CampStep } from "../../../shared/camp/camp-steps.ts";
import { createDraftCookies, sameShapeAs } from "../../components/wizard/cookie-draft.ts";

/**
 * The camp wizard's draft and step in cookies (components/wizard/cookie-draft.ts), under the name
 * `vinterleir_registrering` and scoped to the wizard's path (the Vipps result page can still set and
 * clear them by naming the path). Ten companions may need more than one cookie.
 */
export const DRAFT_COOKIE = "vinterleir_registrering";
export const STEP_COOKIE = "vinterleir_registrering_step";
export const PARTS_COOKIE = "vinterleir_registrering_parts";
const COOKIE_PATH = "/vinterleir/registrering";

/**
 * Health data and free text: kept in this tab only (sessionStorage), never in a cookie, and sent once with
 * the submission. The value is what a draft resumed in another tab gets instead.
 */
export const TAB_ONLY_FIELDS = { allergies: "", otherInfo: "" } satisfies Partial<CampRegistrationDraft>;

/** The step that asks for the first tab-only field: a draft resumed without them goes back to it. */
const FIRST_TAB_ONLY_STEP: CampStep = "Allergies";

export interface StoredWizard {
  draft: CampRegistrationDraft;
  step: CampStep;
}

export interface LoadedWizard extends StoredWizard {
  /** Allergies and other information were typed in another tab and are not here: ask for them again. */
  tabFieldsMissing: boolean;
}

const cookies = createDraftCookies<CampRegistrationDraft, CampStep>({
  name: DRAFT_COOKIE,
  path: COOKIE_PATH,
  parseStep: (value) => CampStepSchema.parse(value),
  asDraft,
  isResumable: (step) => step !== "Welcome" && step !== "Done",
  tabOnly: TAB_ONLY_FIELDS,
});

/**
 * Further athletes ("Meld på søsken/flere utøvere") carry their own allergies: they stay in the page only,
 * never in a cookie, like the companion form's half-typed companion (a reload asks for them again).
 */
export function saveWizard(stored: StoredWizard) {
  const { siblings: _inPageOnly, ...draft } = stored.draft;
  cookies.save({ ...stored, draft });
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

/**
 * The stored wizard, when there is one to resume: a step after Welcome and a readable draft. Without this
 * tab's copy of the tab-only fields, a later step resumes at the first of them, so the user sees that they
 * are missing instead of submitting without them unawares.
 */
export function loadWizard(): LoadedWizard | undefined {
  const stored = cookies.load();
  if (!stored) return undefined;
  const { draft, tabFieldsMissing } = stored;
  // The companion form's half-typed companion is not stored; resume at the list it belongs to.
  let step: CampStep = stored.step === "LedsagerAdd" ? "LedsagerManagement" : stored.step;
  if (tabFieldsMissing && CAMP_STEPS.indexOf(step) > CAMP_STEPS.indexOf(FIRST_TAB_ONLY_STEP)) step = FIRST_TAB_ONLY_STEP;
  return { draft, step, tabFieldsMissing };
}

/** Same keys and value types as a fresh draft, or nothing: a stale or tampered cookie must not crash a step. */
function asDraft(value: unknown): CampRegistrationDraft | undefined {
  const draftId = (value as { draftId?: unknown } | null)?.draftId;
  if (typeof draftId !== "string" || draftId === "") return undefined;
  // A draft kept from before drafts had a secret is not resumed: its submission could not be retried.
  return sameShapeAs(emptyCampDraft(draftId, "template"), value, {
    draftSecret: (actual) => typeof actual === "string" && actual !== "",
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
