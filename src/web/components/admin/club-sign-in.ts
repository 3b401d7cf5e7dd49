import { adminApiNames } from "../../../shared/admin/admin-api.ts";
import { areaSignInCalls } from "../../../shared/admin/area-sign-in-calls.ts";
import { callPath } from "../../../shared/api/call.ts";
import { siteCookies } from "../../../shared/site/site-cookies.ts";
import { requestAdminToken, type AdminLoginResult } from "../../lib/api-client.ts";
import { createAdminTokenCookie } from "./admin-token.ts";

/**
 * The club's named accounts (leder, redaktør, innsjekk) sign in once for the camp admin, the door and
 * «Nettsted»: the token lives in the cookie `adminToken` for one day (docs/requirements.md §9, D4).
 */
export const clubAccountToken = createAdminTokenCookie(siteCookies.campAdmin.name, siteCookies.campAdmin.maxAgeSeconds);

/** The camp's sign-in call: a text token, or a JSON body meaning no (docs/requirements.md §7). */
function getClubAccountToken(username: string, passwordDigest: string): Promise<AdminLoginResult> {
  return requestAdminToken(callPath(areaSignInCalls.camp.signIn, { username, passwordHash: passwordDigest }));
}

/** The sign-in for AdminShell, the same on the camp admin, at the door and in «Nettsted»: username and password. */
export const clubSignIn = {
  apiName: adminApiNames.camp,
  cookie: clubAccountToken,
  withUsername: true,
  login: (digest: string, username: string | undefined) => getClubAccountToken(username ?? "", digest),
  wrongMessage: "Feil brukernavn/passord.",
};
