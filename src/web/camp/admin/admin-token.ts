import { createAdminTokenCookie } from "../../components/admin/admin-token.ts";
import { siteCookies } from "../../../shared/site/site-cookies.ts";

/** The camp admin token lives in the cookie `adminToken` for one day (docs/requirements.md §9, D4). */
export const campAdminToken = createAdminTokenCookie(siteCookies.campAdmin.name, siteCookies.campAdmin.maxAgeSeconds);
