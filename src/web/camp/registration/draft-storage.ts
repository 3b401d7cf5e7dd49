import { emptyCampDraft, type CampRegistrationDraft } from "../../../shared/camp/camp-registration.ts";
import { CampStepSchema, type CampStep } from "../../../shared/camp/camp-steps.ts";

/**
 * The wizard's draft and step in cookies (spec §4, previous site §10.3): base64 of JSON, SameSite=Lax,
 * Secure on https, kept 3 days, and scoped to the wizard's own path so a long draft is not sent with
 * every other request to the site (the Vipps result page can still set and clear them by naming the path). A cookie holds about 4 KB, and two long texts plus ten
 * companions do not fit in one (the old site silently lost them), so the payload is split: the first
 * part keeps the spec's name `vinterleir_registrering`, further parts are `vinterleir_registrering_1` …,
 * and `vinterleir_registrering_parts` says how many there are when there is more than one.
 */
export const DRAFT_COOKIE = "vinterleir_registrering";
export const STEP_COOKIE = "vinterleir_registrering_step";
export const PARTS_COOKIE = "vinterleir_registrering_parts";

const MAX_AGE_SECONDS = 3 * 24 * 60 * 60;
export const COOKIE_PATH = "/vinterleir/registrering";
/** Characters of base64 per cookie, well under the 4096-byte limit for name, value and attributes. */
export const PART_SIZE = 3800;
/** Never read more parts than a sane draft needs, whatever a tampered count cookie says. */
const MAX_PARTS = 20;

export interface StoredWizard {
  draft: CampRegistrationDraft;
  step: CampStep;
}

function attributes(maxAge: number): string {
  const secure = typeof location !== "undefined" && location.protocol === "https:" ? "; Secure" : "";
  return `; Path=${COOKIE_PATH}; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}

function writeCookie(name: string, value: string) {
  document.cookie = `${name}=${value}${attributes(MAX_AGE_SECONDS)}`;
}

function deleteCookie(name: string) {
  // Expires as well as Max-Age=0: some cookie jars (happy-dom, older browsers) only honour one of them.
  document.cookie = `${name}=${attributes(0)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

function readCookies(): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of document.cookie.split(";")) {
    const at = pair.indexOf("=");
    if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return cookies;
}

/** UTF-8 safe (btoa alone fails on anything outside Latin-1, such as an emoji in a comment). */
export function encodeBase64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodeBase64(base64: string): string {
  const binary = atob(base64);
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

function partName(index: number): string {
  return index === 0 ? DRAFT_COOKIE : `${DRAFT_COOKIE}_${index}`;
}

function storedPartCount(cookies: Map<string, string>): number {
  const count = Number(cookies.get(PARTS_COOKIE) ?? "1");
  return Number.isInteger(count) && count >= 1 ? Math.min(count, MAX_PARTS) : MAX_PARTS;
}

export function saveWizard({ draft, step }: StoredWizard) {
  if (typeof document === "undefined") return;
  const payload = encodeBase64(JSON.stringify(draft));
  const parts = Math.max(1, Math.ceil(payload.length / PART_SIZE));
  const before = storedPartCount(readCookies());
  for (let i = 0; i < parts; i++) writeCookie(partName(i), payload.slice(i * PART_SIZE, (i + 1) * PART_SIZE));
  for (let i = parts; i < before; i++) deleteCookie(partName(i));
  if (parts > 1) writeCookie(PARTS_COOKIE, String(parts));
  else deleteCookie(PARTS_COOKIE);
  setWizardStep(step);
}

/**
 * Where the wizard opens next time. The Vipps result page calls this with "Payment" for "Prøv igjen":
 * the draft (and its draftId, so the server knows the retry) stays as it was.
 */
export function setWizardStep(step: CampStep) {
  if (typeof document === "undefined") return;
  writeCookie(STEP_COOKIE, encodeBase64(JSON.stringify(step)));
}

export function clearWizard() {
  if (typeof document === "undefined") return;
  const cookies = readCookies();
  const parts = storedPartCount(cookies);
  for (let i = 0; i < Math.max(parts, 1); i++) deleteCookie(partName(i));
  for (const name of cookies.keys()) {
    if (name.startsWith(`${DRAFT_COOKIE}_`) && /_\d+$/.test(name)) deleteCookie(name);
  }
  deleteCookie(PARTS_COOKIE);
  deleteCookie(STEP_COOKIE);
}

/**
 * The stored wizard, when there is one to resume: a step after Welcome and a readable draft. Anything
 * unreadable clears the cookies (spec §4), so a broken cookie never traps the user.
 */
export function loadWizard(): StoredWizard | undefined {
  if (typeof document === "undefined") return undefined;
  const cookies = readCookies();
  const stepValue = cookies.get(STEP_COOKIE);
  const first = cookies.get(DRAFT_COOKIE);
  if (!stepValue && !first) return undefined;
  try {
    const step = CampStepSchema.parse(JSON.parse(decodeBase64(stepValue ?? "")));
    if (step === "Welcome" || step === "Done") return undefined;
    let payload = "";
    for (let i = 0; i < storedPartCount(cookies); i++) {
      const part = cookies.get(partName(i));
      if (part === undefined) throw new Error(`Missing part ${i}`);
      payload += part;
    }
    const draft = asDraft(JSON.parse(decodeBase64(payload)));
    if (!draft) throw new Error("Not a draft");
    // The companion form's half-typed companion is not stored; resume at the list it belongs to.
    return { draft, step: step === "LedsagerAdd" ? "LedsagerManagement" : step };
  } catch {
    clearWizard();
    return undefined;
  }
}

/** Same keys and value types as a fresh draft, or nothing: a stale or tampered cookie must not crash a step. */
function asDraft(value: unknown): CampRegistrationDraft | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.draftId !== "string" || record.draftId === "") return undefined;
  const template = emptyCampDraft(record.draftId);
  for (const [key, expected] of Object.entries(template)) {
    const actual = record[key];
    if (key === "public") {
      if (actual !== null && typeof actual !== "boolean") return undefined;
    } else if (key === "ledsagere") {
      if (!Array.isArray(actual) || !actual.every(isCompanion)) return undefined;
    } else if (typeof actual !== typeof expected) {
      return undefined;
    }
  }
  // Only the known keys: whatever else a cookie carries is not ours to post.
  return Object.fromEntries(Object.keys(template).map((key) => [key, record[key]])) as CampRegistrationDraft;
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
