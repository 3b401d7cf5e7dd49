import { createAdminTokenCookie, DAY_SECONDS } from "../components/admin/admin-token.ts";

/** The new-member admin token: its own cookie, kept 150 days (docs/requirements.md §9, D4). */
export const newMemberAdminToken = createAdminTokenCookie("newMemberAdminToken", 150 * DAY_SECONDS);
