import { adminApiNames } from "../../../shared/admin/admin-api.ts";
import { requestAdminToken, type AdminLoginResult } from "../../lib/api-client.ts";
import { campAdminToken } from "./admin-token.ts";

/** GET /api/VinterleirAdmin/GetToken/{username}/{digest}: a text token, or a JSON body meaning no (docs/requirements.md §7). */
function getCampAdminToken(username: string, passwordDigest: string): Promise<AdminLoginResult> {
  return requestAdminToken(`/api/VinterleirAdmin/GetToken/${encodeURIComponent(username)}/${encodeURIComponent(passwordDigest)}`);
}

/** The camp's sign-in for AdminShell, the same on the admin page and at the door: username and password. */
export const campSignIn = {
  apiName: adminApiNames.camp,
  cookie: campAdminToken,
  withUsername: true,
  login: (digest: string, username: string | undefined) => getCampAdminToken(username ?? "", digest),
  wrongMessage: "Feil brukernavn/passord.",
};
