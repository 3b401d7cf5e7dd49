import { createAdminTokenCookie } from "../components/admin/admin-token.ts";
import { siteCookies } from "../../shared/site/site-cookies.ts";

/** The invoice admin token: its own cookie, kept 150 days (docs/requirements.md §9, D4). */
export const invoiceAdminToken = createAdminTokenCookie(siteCookies.invoiceAdmin.name, siteCookies.invoiceAdmin.maxAgeSeconds);
