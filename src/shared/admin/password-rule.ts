/**
 * The rule for a password someone sets (docs/decisions/0004-admin-auth.md): at least 12 characters (ASVS),
 * and not on zxcvbn-ts's list of about 49,000 common passwords (compared in lower case). The server checks
 * clear-text passwords (env, `admin:set-password`); the camp admin's helper form checks in the browser before
 * hashing, since the server only ever gets the digest. The list is large: the browser loads it on demand.
 */
export const minAdminPasswordLength = 12;

export type PasswordProblem = "too-short" | "common";

export function passwordProblemOf(password: string, commonPasswords: ReadonlySet<string>): PasswordProblem | undefined {
  if ([...password].length < minAdminPasswordLength) return "too-short";
  if (commonPasswords.has(password.toLowerCase())) return "common";
  return undefined;
}

export const passwordProblemMessages: Record<PasswordProblem, string> = {
  "too-short": `Passordet må ha minst ${minAdminPasswordLength} tegn.`,
  common: "Passordet er på listen over vanlige passord. Velg et annet.",
};

/** The common-password list, loaded when first needed (a dynamic import keeps it out of the page bundles). */
export async function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  const { dictionary } = await import("@zxcvbn-ts/language-common");
  return new Set(dictionary["passwords-common"]);
}
