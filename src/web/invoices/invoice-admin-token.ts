import { createAdminTokenCookie, DAY_SECONDS } from "../components/admin/admin-token.ts";

/** The invoice admin token: its own cookie, kept 150 days (docs/requirements.md §9, D4). */
export const invoiceAdminToken = createAdminTokenCookie("invoiceAdminToken", 150 * DAY_SECONDS);
