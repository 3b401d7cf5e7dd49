import { emptyCampDraft, type CampRegistrationDraft } from "../../../shared/camp/camp-registration.ts";
import { newSibling, type SiblingDraft } from "../../../shared/camp/camp-siblings.ts";
import { CAMP_STEPS, CampStepSchema, type CampStep } from "../../../shared/camp/camp-steps.ts";
import { createDraftCookies, sameShapeAs } from "../../components/wizard/cookie-draft.ts";
import { siteCookies } from "../../../shared/site/site-cookies.ts";

/**
 * The camp wizard's draft and step in cookies (components/wizard/cookie-draft.ts), under the name
 * `vinterleir_registrering` and scoped to the wizard's path (the Vipps result page can still set and
 * clear them by naming the path). Ten companions may need more than one cookie.
 */
export const DRAFT_COOKIE = siteCookies.campDraft.name;
export const STEP_COOKIE = "vinterleir_registrering_step";
export const PARTS_COOKIE = "vinterleir_registrering_parts";
const COOKIE_PATH = siteCookies.campDraft.path;

/**
 * Health data and free text: kept in this tab only (sessionStorage), never in a cookie, and sent once with
 * the submission. The value is what a draft resumed in another tab gets instead.
 */
export const TAB_ONLY_FIELDS = { allergies: "", otherInfo: "", siblingTexts: [] } satisfies Partial<StoredCampDraft>;

/** A further athlete as its cookie holds it: everything but its health data and free text. */
type CookieSibling = Omit<SiblingDraft, "allergies" | "otherInfo">;
/** A further athlete's tab-only fields, by position. */
interface SiblingTexts {
  allergies: string;
  otherInfo?: string;
}

/** The draft as stored: the further athletes split like the first one into cookie and tab-only parts. */
interface StoredCampDraft extends Omit<CampRegistrationDraft, "siblings"> {
  siblings?: CookieSibling[];
  siblingTexts: SiblingTexts[];
}

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

const cookies = createDraftCookies<StoredCampDraft, CampStep>({
  name: DRAFT_COOKIE,
  path: COOKIE_PATH,
  parseStep: (value) => CampStepSchema.parse(value),
  asDraft,
  isResumable: (step) => step !== "Welcome" && step !== "Done",
  tabOnly: TAB_ONLY_FIELDS,
  maxAgeSeconds: siteCookies.campDraft.maxAgeSeconds,
});

/**
 * The draft and step in cookies. Further athletes are kept like the first one (so a reload, the browser's
 * back button or «Prøv igjen» after Vipps finds the whole family), their allergies and free text in this
 * tab only.
 */
export function saveWizard(stored: StoredWizard) {
  const { siblings, ...draft } = stored.draft;
  const siblingTexts = (siblings ?? []).map(({ allergies, otherInfo }) => ({ allergies, ...(otherInfo !== undefined && { otherInfo }) }));
  const cookieSiblings = siblings?.map(({ allergies: _allergies, otherInfo: _otherInfo, ...rest }) => rest);
  cookies.save({ ...stored, draft: { ...draft, ...(cookieSiblings && { siblings: cookieSiblings }), siblingTexts } });
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
  const { siblings, siblingTexts, ...first } = stored.draft;
  const { tabFieldsMissing } = stored;
  const draft: CampRegistrationDraft = {
    ...first,
    ...(siblings && {
      siblings: siblings.map((sibling, index) => ({
        ...sibling,
        allergies: siblingTexts[index]?.allergies ?? "",
        otherInfo: siblingTexts[index]?.otherInfo ?? "",
      })),
    }),
  };
  // The companion form's half-typed companion is not stored; resume at the list it belongs to.
  let step: CampStep = stored.step === "LedsagerAdd" ? "LedsagerManagement" : stored.step;
  if (tabFieldsMissing && CAMP_STEPS.indexOf(step) > CAMP_STEPS.indexOf(FIRST_TAB_ONLY_STEP)) step = FIRST_TAB_ONLY_STEP;
  return { draft, step, tabFieldsMissing };
}

/** Same keys and value types as a fresh draft, or nothing: a stale or tampered cookie must not crash a step. */
function asDraft(value: unknown): StoredCampDraft | undefined {
  const draftId = (value as { draftId?: unknown } | null)?.draftId;
  if (typeof draftId !== "string" || draftId === "") return undefined;
  // A draft kept from before drafts had a secret is not resumed: its submission could not be retried.
  const first = sameShapeAs(emptyCampDraft(draftId, "template"), value, {
    draftSecret: (actual) => typeof actual === "string" && actual !== "",
    public: (actual) => actual === null || typeof actual === "boolean",
    ledsagere: (actual) => Array.isArray(actual) && actual.every(isCompanion),
  });
  if (!first) return undefined;
  const record = value as Record<string, unknown>;
  // Optional, so not in the template: a contact name kept as text comes back, anything else is dropped.
  const withName = typeof record.contactName === "string" ? { ...first, contactName: record.contactName } : first;
  // The camp chosen when two take registrations: a year kept as a whole number comes back.
  const withContact =
    Number.isInteger(record.year) && (record.year as number) >= 2000 && (record.year as number) <= 2100
      ? { ...withName, year: record.year as number }
      : withName;
  const siblingTexts = Array.isArray(record.siblingTexts) && record.siblingTexts.every(isSiblingTexts) ? (record.siblingTexts as SiblingTexts[]) : [];
  if (record.siblings === undefined) return { ...withContact, siblingTexts };
  if (!Array.isArray(record.siblings)) return undefined;
  const siblings = record.siblings.map(asCookieSibling);
  if (siblings.some((sibling) => sibling === undefined)) return undefined;
  return { ...withContact, siblings: siblings as CookieSibling[], siblingTexts };
}

function asCookieSibling(value: unknown): CookieSibling | undefined {
  const { allergies: _allergies, otherInfo: _otherInfo, ...template } = newSibling("", 0);
  const sibling = sameShapeAs(template, value, { ledsagere: (actual) => Array.isArray(actual) && actual.every(isCompanion) });
  if (!sibling) return undefined;
  const answer = (value as Record<string, unknown>).public;
  if (answer !== undefined && typeof answer !== "boolean") return undefined;
  return answer === undefined ? sibling : { ...sibling, public: answer };
}

function isSiblingTexts(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const texts = value as Record<string, unknown>;
  return typeof texts.allergies === "string" && (texts.otherInfo === undefined || typeof texts.otherInfo === "string");
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
