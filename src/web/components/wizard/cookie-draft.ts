/**
 * A wizard's draft and step in cookies: base64 of JSON, SameSite=Lax, Secure on https, kept as long as the
 * site's cookie list says (shared/site/site-cookies.ts), and scoped to the wizard's own path so a long draft is not sent with every other request. A cookie
 * holds about 4 KB, so the payload is split: the first part keeps the wizard's name, further parts are
 * `{name}_1` …, and `{name}_parts` says how many there are when there is more than one.
 *
 * Fields named in `tabOnly` (health data, free text) never go into a cookie: cookies travel with every
 * request to the wizard's path and outlive the visit on a shared computer. They are kept in this tab's
 * sessionStorage instead (tab-draft.ts) and reach the server only in the submission.
 */
import { clearTabPart, loadTabPart, saveTabPart } from "./tab-draft.ts";

/** Characters of base64 per cookie, well under the 4096-byte limit for name, value and attributes. */
const PART_SIZE = 3800;
/** Never read more parts than a sane draft needs, whatever a tampered count cookie says. */
const MAX_PARTS = 20;

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

export interface DraftCookieOptions<Draft, Step> {
  /** The first part's cookie name; the step and part count get `_step` and `_parts`. */
  name: string;
  path: string;
  /** How long the cookies live (the site's cookie list, shared/site/site-cookies.ts). */
  maxAgeSeconds: number;
  /** The step, or a throw for anything that is not one. */
  parseStep: (value: unknown) => Step;
  /** The draft with only known keys of the right types, or undefined for anything else. */
  asDraft: (value: unknown) => Draft | undefined;
  /** Steps worth resuming (not the first); others are ignored on load. */
  isResumable?: (step: Step) => boolean;
  /**
   * The fields kept in this tab only, never in a cookie, each with the value a resumed draft gets when this
   * tab does not have it (a new tab, another browser).
   */
  tabOnly?: Partial<Draft>;
}

export interface StoredDraft<Draft, Step> {
  draft: Draft;
  step: Step;
}

export interface LoadedDraft<Draft, Step> extends StoredDraft<Draft, Step> {
  /** The tab-only fields were not in this tab, so they hold their empty values: the user must see that. */
  tabFieldsMissing: boolean;
}

/** A draft has an id (the server's key for a retried submission); the tab part is stored under it. */
type WithDraftId = { draftId?: string };

export function createDraftCookies<Draft extends WithDraftId, Step>({
  name,
  path,
  maxAgeSeconds,
  parseStep,
  asDraft,
  isResumable = () => true,
  tabOnly = {},
}: DraftCookieOptions<Draft, Step>) {
  const draftCookie = name;
  const stepCookie = `${name}_step`;
  const partsCookie = `${name}_parts`;

  function attributes(maxAge: number): string {
    const secure = typeof location !== "undefined" && location.protocol === "https:" ? "; Secure" : "";
    return `; Path=${path}; Max-Age=${maxAge}; SameSite=Lax${secure}`;
  }
  const writeCookie = (cookie: string, value: string) => {
    document.cookie = `${cookie}=${value}${attributes(maxAgeSeconds)}`;
  };
  const deleteCookie = (cookie: string) => {
    // Expires as well as Max-Age=0: some cookie jars (happy-dom, older browsers) only honour one of them.
    document.cookie = `${cookie}=${attributes(0)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  };
  const partName = (index: number) => (index === 0 ? draftCookie : `${draftCookie}_${index}`);
  const storedPartCount = (cookies: Map<string, string>) => {
    const count = Number(cookies.get(partsCookie) ?? "1");
    return Number.isInteger(count) && count >= 1 ? Math.min(count, MAX_PARTS) : MAX_PARTS;
  };

  function setStep(step: Step) {
    if (typeof document === "undefined") return;
    writeCookie(stepCookie, encodeBase64(JSON.stringify(step)));
  }

  const tabKeys = Object.keys(tabOnly);
  /** The draft split in two: what may go into a cookie, and the tab-only fields. */
  function split(draft: Record<string, unknown>) {
    const cookiePart: Record<string, unknown> = {};
    const tabPart: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(draft)) (tabKeys.includes(key) ? tabPart : cookiePart)[key] = value;
    return { cookiePart, tabPart };
  }

  function save({ draft, step }: StoredDraft<Draft, Step>) {
    if (typeof document === "undefined") return;
    const { cookiePart, tabPart } = split(draft);
    if (tabKeys.length > 0) saveTabPart(name, draft.draftId ?? "", tabPart);
    const payload = encodeBase64(JSON.stringify(cookiePart));
    const parts = Math.max(1, Math.ceil(payload.length / PART_SIZE));
    const before = storedPartCount(readCookies());
    for (let i = 0; i < parts; i++) writeCookie(partName(i), payload.slice(i * PART_SIZE, (i + 1) * PART_SIZE));
    for (let i = parts; i < before; i++) deleteCookie(partName(i));
    if (parts > 1) writeCookie(partsCookie, String(parts));
    else deleteCookie(partsCookie);
    setStep(step);
  }

  function clear() {
    if (typeof document === "undefined") return;
    // Every possible part: a page on another path (the Vipps result page) cannot read how many there are.
    for (let i = 0; i < MAX_PARTS; i++) deleteCookie(partName(i));
    deleteCookie(partsCookie);
    deleteCookie(stepCookie);
    clearTabPart(name);
  }

  function load(): LoadedDraft<Draft, Step> | undefined {
    if (typeof document === "undefined") return undefined;
    const cookies = readCookies();
    const stepValue = cookies.get(stepCookie);
    const first = cookies.get(draftCookie);
    if (!stepValue && !first) return undefined;
    try {
      const step = parseStep(JSON.parse(decodeBase64(stepValue ?? "")));
      if (!isResumable(step)) return undefined;
      const parts = storedPartCount(cookies);
      let payload = "";
      for (let i = 0; i < parts; i++) {
        const part = cookies.get(partName(i));
        if (part === undefined) throw new Error(`Missing part ${i}`);
        payload += part;
      }
      const fromCookie: unknown = JSON.parse(decodeBase64(payload));
      if (typeof fromCookie !== "object" || fromCookie === null || Array.isArray(fromCookie)) throw new Error("Not a draft");
      // A tab-only field found in a cookie (written before this rule) is dropped, and gone with the next save.
      const { cookiePart } = split(fromCookie as Record<string, unknown>);
      const fromTab = tabKeys.length > 0 ? loadTabPart(name, String(cookiePart.draftId)) : undefined;
      const tabPart = split(fromTab ?? {}).tabPart;
      const draft = asDraft({ ...cookiePart, ...tabOnly, ...tabPart });
      if (!draft) throw new Error("Not a draft");
      return { draft, step, tabFieldsMissing: tabKeys.length > 0 && fromTab === undefined };
    } catch {
      clear();
      return undefined;
    }
  }

  return { names: { draft: draftCookie, step: stepCookie, parts: partsCookie }, save, load, clear, setStep };
}

function readCookies(): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of document.cookie.split(";")) {
    const at = pair.indexOf("=");
    if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return cookies;
}

/**
 * The keys of `template` with values of the same type taken from `value`, or undefined when any differs;
 * `checks` overrides the test for keys whose type varies (null, arrays). Whatever else a cookie carries is
 * not ours to post.
 */
export function sameShapeAs<T extends object>(
  template: T,
  value: unknown,
  checks: Partial<Record<keyof T, (actual: unknown) => boolean>> = {},
): T | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  for (const [key, expected] of Object.entries(template)) {
    const actual = record[key];
    const check = checks[key as keyof T];
    if (check ? !check(actual) : typeof actual !== typeof expected) return undefined;
  }
  return Object.fromEntries(Object.keys(template).map((key) => [key, record[key]])) as T;
}
