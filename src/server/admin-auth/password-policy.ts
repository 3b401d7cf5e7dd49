import { dictionary } from "@zxcvbn-ts/language-common";

/** ASVS: a password someone sets must have at least 12 characters. */
export const minAdminPasswordLength = 12;

// zxcvbn-ts's list of about 49,000 passwords seen most often in leaks (lower case); shipped in the package.
const commonPasswords = new Set(dictionary["passwords-common"]);

/**
 * Why a clear-text admin password (env or `npm run admin:set-password`) is refused, or undefined when it is
 * fine. Phrased to follow "The password" / the environment key in the operator's error message.
 */
export function adminPasswordProblem(password: string): string | undefined {
  if ([...password].length < minAdminPasswordLength) return `must be at least ${minAdminPasswordLength} characters`;
  if (commonPasswords.has(password.toLowerCase())) return "is on a list of common passwords; choose another";
  return undefined;
}
