import { areaAccess, campAccess, declareCall, jsonAnswer, publicAccess, textAnswer, type CallAccess, type TokenArea } from "../api/call.ts";
import { RemoveAnswerSchema } from "../members/new-member-admin.ts";
import { adminApiNames, signOutCall } from "./admin-api.ts";
import { campRoles } from "./camp-accounts.ts";

/**
 * Signing in to and out of each admin area, declared once (src/shared/api/call.ts): the same three calls for
 * every area under its own first path segment (admin-api.ts). The camp signs in with a username (its
 * accounts, docs/decisions/0004-admin-auth.md) and signs out everywhere with any of its accounts' tokens; the
 * new-member admin and the invoice reminders have one password each and a token of the area's own.
 */

const tokenAnswer = textAnswer("The token: random, to send as the last path segment of the area's calls.");
const tooManyAttempts = "Too many attempts; wait and try again.";
const notConfigured = "No password is configured for the area.";
const signedOut = jsonAnswer(RemoveAnswerSchema, "Signed out.");

/** The two sign-outs, alike in every area but for whose token may end them all. */
function signOutCalls<const Name extends string>(apiName: Name, tag: string, everywhere: { access: CallAccess; summary: string }) {
  return {
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
      access: everywhere.access,
      tag,
      summary: everywhere.summary,
      answer: signedOut,
    }),
  };
}

function signInCalls<const Name extends string>(apiName: Name, area: TokenArea, tag: string, what: string) {
  return {
    signIn: declareCall({
      method: "GET",
      path: `/api/${apiName}/GetToken/:passwordHash` as const,
      access: publicAccess,
      tag,
      summary: `Sign in to ${what}.`,
      answer: tokenAnswer,
      errors: { 401: "Wrong password (a JSON body: the browser looks for a leading brace).", 429: tooManyAttempts, 503: notConfigured },
    }),
    ...signOutCalls(apiName, tag, { access: areaAccess(area), summary: "Sign out everywhere (every token of the area)." }),
  };
}

const campTag = "Vinterleir-admin";

export const areaSignInCalls = {
  camp: {
    signIn: declareCall({
      method: "GET",
      path: `/api/${adminApiNames.camp}/GetToken/:username/:passwordHash` as const,
      access: publicAccess,
      tag: campTag,
      summary: "Sign in to the camp admin with one of its accounts (the configured leader's or a helper's).",
      answer: tokenAnswer,
      errors: {
        401: "Wrong user name or password (a JSON body: the browser looks for a leading brace).",
        429: tooManyAttempts,
        503: notConfigured,
      },
    }),
    // Any account may end its own tokens, whatever its role.
    ...signOutCalls(adminApiNames.camp, campTag, {
      access: campAccess(...campRoles),
      summary: "Sign out everywhere (every token of the signed-in account, not the other helpers').",
    }),
  },
  newmember: signInCalls(adminApiNames.newmember, "newmember", "Nye medlemmer-admin", "the new-member admin"),
  invoice: signInCalls(adminApiNames.invoice, "invoice", "Purringer", "the invoice reminders"),
} satisfies Record<keyof typeof adminApiNames, unknown>;
