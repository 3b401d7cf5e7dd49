import { clubAccountToken } from "../../components/admin/club-sign-in.ts";

/** The camp admin token: the club accounts' cookie (components/admin/club-sign-in.ts). */
export const campAdminToken = clubAccountToken;
