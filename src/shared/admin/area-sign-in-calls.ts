import { areaAccess, declareCall, jsonAnswer, publicAccess, textAnswer, type TokenArea } from "../api/call.ts";
import { RemoveAnswerSchema } from "../members/new-member-admin.ts";
import { adminApiNames, signOutCall } from "./admin-api.ts";

/**
 * Signing in to and out of an admin area whose token is the area's own (the new-member admin, the invoice
 * reminders: one password, no accounts), declared once (src/shared/api/call.ts). The same three calls for
 * each such area under its own first path segment (admin-api.ts); the camp's, with a username, are the
 * camp accounts'.
 */

const loginErrors = {
  401: "Wrong password (a JSON body: the browser looks for a leading brace).",
  429: "Too many attempts; wait and try again.",
  503: "No password is configured for the area.",
};
const signedOut = jsonAnswer(RemoveAnswerSchema, "Signed out.");

function signInCalls<const Name extends string>(apiName: Name, area: TokenArea, tag: string, what: string) {
  return {
    signIn: declareCall({
      method: "GET",
      path: `/api/${apiName}/GetToken/:passwordHash` as const,
      access: publicAccess,
      tag,
      summary: `Sign in to ${what}.`,
      answer: textAnswer("The token: random, to send as the last path segment of the area's calls."),
      errors: loginErrors,
    }),
    signOut: declareCall({
      method: "POST",
      path: `/api/${apiName}/${signOutCall.this}/:token` as `/api/${Name}/Logout/:token`,
      access: publicAccess,
      tag,
      summary: "Sign out (ends this token). Always `{ ok: true }`, known token or not, so the answer tells nothing about a token.",
      answer: signedOut,
    }),
    signOutEverywhere: declareCall({
      method: "POST",
      path: `/api/${apiName}/${signOutCall.everywhere}/:token` as `/api/${Name}/LogoutAll/:token`,
      access: areaAccess(area),
      tag,
      summary: "Sign out everywhere (every token of the area).",
      answer: signedOut,
    }),
  };
}

export const areaSignInCalls = {
  newmember: signInCalls(adminApiNames.newmember, "newmember", "Nye medlemmer-admin", "the new-member admin"),
  invoice: signInCalls(adminApiNames.invoice, "invoice", "Purringer", "the invoice reminders"),
} satisfies Record<TokenArea, unknown>;
