import { tokenAnswer, loginErrors, signedOut } from "./api-call-helpers.ts";
import type { ApiCall } from "./api-call-types.ts";

/** The camp admin's calls (Vinterleir-admin): sign-in, registrations, money, the waiting list, accounts and the lists. */
export const campAdminCalls: readonly ApiCall[] = [
  {
    method: "GET",
    path: "/api/VinterleirAdmin/GetToken/:username/:passwordHash",
    tag: "Vinterleir-admin",
    summary: "Sign in to the camp admin.",
    answer: tokenAnswer,
    errors: loginErrors,
  },
  {
    method: "POST",
    path: "/api/VinterleirAdmin/Logout/:token",
    tag: "Vinterleir-admin",
    summary: "Sign out (ends this token).",
    admin: true,
    answer: signedOut,
  },
  {
    method: "POST",
    path: "/api/VinterleirAdmin/LogoutAll/:token",
    tag: "Vinterleir-admin",
    summary: "Sign out everywhere (ends every token of the area).",
    admin: true,
    answer: signedOut,
  },
];
