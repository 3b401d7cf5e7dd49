import { club } from "../club/club-facts.ts";
import { hasOnlyUsableCharacters } from "../text-rules.ts";

/**
 * The rule for a password someone sets (docs/decisions/0004-admin-auth.md): at least 12 characters (ASVS),
 * and not a common password. Common means: on zxcvbn-ts's list of about 49,000 passwords seen most often in
 * leaks, or one of the words Norwegians use most (and the club's own name) with only digits or signs added
 * («passord12345», «Sommer2026!», «skitaekwondo1»). The server checks every password it is sent (env,
 * `admin:set-password`, a helper account created or reset in the camp admin); the helper form checks the
 * same rule first so the user sees the message at the field. The zxcvbn list is large: the browser loads it
 * on demand.
 */
export const minAdminPasswordLength = 12;
export const maxAdminPasswordLength = 200;

export type PasswordProblem = "too-short" | "too-long" | "characters" | "common";

/** Words that, with digits or signs added, make the passwords Norwegians choose most often. */
const norwegianCommonWords = [
  "passord",
  "sommer",
  "vinter",
  "høst",
  "vår",
  "hemmelig",
  "velkommen",
  "norge",
  "norway",
  "oslo",
  "bergen",
  "trondheim",
  "rosenborg",
  "brann",
  "ski",
  "qwerty",
  "qwertyuiopå",
  "asdfghjkløæ",
  "taekwondo",
  "tkd",
  "vinterleir",
  "admin",
  "innsjekk",
  "leder",
  "hjelper",
];

/** The club's own name in the forms people type it: "skitaekwondo", "ski taekwondo klubb", "skitkd". */
const clubWords = [club.name, club.name.replace(/\s*klubb$/i, ""), "skitkd", "ski tkd"].flatMap((name) => {
  const lower = name.toLowerCase();
  return [lower, lower.replace(/\s+/g, "")];
});

/** The password without what people add to a word to pass a rule: digits, spaces and signs at either end. */
function baseWord(password: string): string {
  return password.toLowerCase().replace(/^[\d\s\p{P}\p{S}]+|[\d\s\p{P}\p{S}]+$/gu, "");
}

export function passwordProblemOf(password: string, commonPasswords: ReadonlySet<string>): PasswordProblem | undefined {
  const length = [...password].length;
  if (length < minAdminPasswordLength) return "too-short";
  if (length > maxAdminPasswordLength) return "too-long";
  if (!hasOnlyUsableCharacters(password)) return "characters";
  const lower = password.toLowerCase();
  const base = baseWord(password);
  if (commonPasswords.has(lower) || (base.length > 0 && commonPasswords.has(base))) return "common";
  const squashed = base.replace(/\s+/g, "");
  if ([...norwegianCommonWords, ...clubWords].some((word) => base === word || squashed === word.replace(/\s+/g, ""))) return "common";
  return undefined;
}

export const passwordProblemMessages: Record<PasswordProblem, string> = {
  "too-short": `Passordet må ha minst ${minAdminPasswordLength} tegn.`,
  "too-long": `Passordet kan ha høyst ${maxAdminPasswordLength} tegn.`,
  characters: "Passordet inneholder tegn som ikke kan brukes.",
  common: "Passordet er for vanlig (et kjent passord, eller et vanlig ord med bare tall eller tegn lagt til). Velg et annet.",
};

/** The common-password list, loaded when first needed (a dynamic import keeps it out of the page bundles). */
export async function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  const { dictionary } = await import("@zxcvbn-ts/language-common");
  return new Set(dictionary["passwords-common"]);
}
