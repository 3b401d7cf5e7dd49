import { z } from "zod";
import { campAccess, declareCall, jsonAnswer } from "../api/call.ts";
import { CampAccountInputSchema, CampAccountSchema, CampMeSchema, campAccountMessages, campRoles } from "./camp-accounts.ts";

/**
 * The camp admin's accounts (Vinterleir-admin), declared once (src/shared/api/call.ts): who is signed in, for
 * any camp account, and the accounts, creating or resetting one and removing one, for a `leder`. Apart from
 * the camp admin's other calls, so a page that only asks who is signed in (the site's editor) loads little.
 */

const tag = "Vinterleir-admin";
const leder = campAccess("leder");
const notLeader = campAccountMessages.forbidden;

export const campAccountCalls = {
  me: declareCall({
    method: "GET",
    path: "/api/VinterleirAdmin/Me/:token",
    access: campAccess(...campRoles),
    tag,
    summary: "The signed-in camp account (any role).",
    answer: jsonAnswer(CampMeSchema, "User name, name and role."),
  }),
  accounts: declareCall({
    method: "GET",
    path: "/api/VinterleirAdmin/Accounts/:token",
    access: leder,
    tag,
    summary: "The camp accounts (leder only).",
    answer: jsonAnswer(z.array(CampAccountSchema), "The accounts."),
    errors: { 403: notLeader },
  }),
  saveAccount: declareCall({
    method: "POST",
    path: "/api/VinterleirAdmin/Accounts/:token",
    access: leder,
    tag,
    summary: "Create an account (201) or reset its name, role and password (leder only); a common password is refused.",
    body: CampAccountInputSchema,
    answer: jsonAnswer(z.array(CampAccountSchema), "The accounts after the change.", [200, 201]),
    errors: { 403: notLeader, 409: "The account configured on the server, or the last leder." },
  }),
  removeAccount: declareCall({
    method: "DELETE",
    path: "/api/VinterleirAdmin/Accounts/:username/:token",
    access: leder,
    tag,
    summary: "Remove an account and end its sessions (leder only).",
    answer: jsonAnswer(z.array(CampAccountSchema), "The accounts after the change."),
    errors: { 403: notLeader, 404: campAccountMessages.notFound, 409: "The last leder, the configured account or oneself." },
  }),
};
