import { createAdminTokenCookie, DAY_SECONDS } from "../../components/admin/admin-token.ts";

/** The camp admin token lives in the cookie `adminToken` for one day (spec §9, D4). */
const cookie = createAdminTokenCookie("adminToken", DAY_SECONDS);

export const readAdminToken = cookie.read;
export const saveAdminToken = cookie.save;
export const clearAdminToken = cookie.clear;
