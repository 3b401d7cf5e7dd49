import { json, list, csv, tokenAnswer, loginErrors, signedOut } from "./api-call-helpers.ts";
import type { ApiCall } from "./api-call-types.ts";

/** The new-member admin's calls (Nye medlemmer-admin). */
export const newMemberAdminCalls: readonly ApiCall[] = [
  {
    method: "GET",
    path: "/api/NewMemberAdmin/GetToken/:passwordHash",
    tag: "Nye medlemmer-admin",
    summary: "Sign in to the new-member admin.",
    answer: tokenAnswer,
    errors: loginErrors,
  },
  {
    method: "POST",
    path: "/api/NewMemberAdmin/Logout/:token",
    tag: "Nye medlemmer-admin",
    summary: "Sign out (ends this token).",
    admin: true,
    answer: signedOut,
  },
  {
    method: "POST",
    path: "/api/NewMemberAdmin/LogoutAll/:token",
    tag: "Nye medlemmer-admin",
    summary: "Sign out everywhere.",
    admin: true,
    answer: signedOut,
  },
  {
    method: "GET",
    path: "/api/NewMemberAdmin/Get/:token",
    tag: "Nye medlemmer-admin",
    summary: "The expressions of interest.",
    admin: true,
    answer: list("NewMemberAdminEntry", "The list."),
  },
  {
    method: "GET",
    path: "/api/NewMemberAdmin/GetCsv/:token",
    tag: "Nye medlemmer-admin",
    summary: "The list as CSV.",
    admin: true,
    answer: csv("A CSV download."),
  },
  {
    method: "DELETE",
    path: "/api/NewMemberAdmin/Remove/:registrationId/:token",
    tag: "Nye medlemmer-admin",
    summary: "Delete one.",
    admin: true,
    answer: json("RemoveAnswer", "Whether it was deleted."),
  },
];
