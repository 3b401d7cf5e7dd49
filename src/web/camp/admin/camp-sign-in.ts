import { clubSignIn } from "../../components/admin/club-sign-in.ts";

/** The camp's sign-in for AdminShell: the club accounts' (components/admin/club-sign-in.ts). */
export const campSignIn = clubSignIn;
