import { dictionary } from "@zxcvbn-ts/language-common";
import { minAdminPasswordLength, passwordProblemMessages, passwordProblemOf } from "../../shared/admin/password-rule.ts";

export { minAdminPasswordLength };

// zxcvbn-ts's list of about 49,000 passwords seen most often in leaks (lower case); shipped in the package.
const commonPasswords = new Set(dictionary["passwords-common"]);

/**
 * Why a clear-text admin password (env or `npm run admin:set-password`) is refused, or undefined when it is
 * fine. Phrased to follow "The password" / the environment key in the operator's error message. The rule
 * itself is shared with the camp admin's helper form (src/shared/admin/password-rule.ts).
 */
export function adminPasswordProblem(password: string): string | undefined {
  const problem = passwordProblemOf(password, commonPasswords);
  if (problem === "too-short") return `must be at least ${minAdminPasswordLength} characters`;
  if (problem === "too-long") return "is too long";
  if (problem === "characters") return "holds control characters or broken Unicode";
  if (problem === "common") return "is on a list of common passwords; choose another";
  return undefined;
}

/**
 * The part of the rule the shared schema cannot check (it has no list): the Norwegian message when a
 * password set through the camp admin is common, else undefined.
 */
export function commonPasswordMessage(password: string): string | undefined {
  return passwordProblemOf(password, commonPasswords) === "common" ? passwordProblemMessages.common : undefined;
}
