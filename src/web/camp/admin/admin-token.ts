import { createAdminTokenCookie, DAY_SECONDS } from "../../components/admin/admin-token.ts";

/** The camp admin token lives in the cookie `adminToken` for one day (docs/requirements.md §9, D4). */
export const campAdminToken = createAdminTokenCookie("adminToken", DAY_SECONDS);
