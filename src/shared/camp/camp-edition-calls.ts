import { z } from "zod";
import { campAccountMessages } from "../admin/camp-accounts.ts";
import { campAccess, declareCall, jsonAnswer } from "../api/call.ts";
import { ChangeLogEntrySchema } from "../change-log.ts";
import { AdminEditionSchema } from "./camp-edition-api.ts";
import { CampEditionPatchSchema } from "./camp-edition-schema.ts";

/**
 * The camp editions' admin calls («Leirer»), declared once (src/shared/api/call.ts), each for a `leder` with
 * the camp account's token as its last path segment: the list, an edition's change log, and creating,
 * publishing and copying an edition.
 */

const tag = "Vinterleir-admin";
const leder = campAccess("leder");
const notLeader = campAccountMessages.forbidden;
const badYear = "Året må være et årstall mellom 2000 og 2100.";

export const campEditionCalls = {
  list: declareCall({
    method: "GET",
    path: "/api/CampEdition/Get/:token",
    access: leder,
    tag,
    summary: "Every camp edition.",
    answer: jsonAnswer(z.array(AdminEditionSchema), "The editions, newest first."),
    errors: { 403: notLeader },
  }),
  changes: declareCall({
    method: "GET",
    path: "/api/CampEdition/Changes/:year/:token",
    access: leder,
    tag,
    summary: "An edition's change log.",
    answer: jsonAnswer(z.array(ChangeLogEntrySchema), "The changes."),
    errors: { 400: badYear, 403: notLeader },
  }),
  put: declareCall({
    method: "PUT",
    path: "/api/CampEdition/Put/:year/:token",
    access: leder,
    tag,
    summary: "Create or change an edition.",
    body: CampEditionPatchSchema,
    answer: jsonAnswer(AdminEditionSchema, "The edition as saved."),
    errors: { 400: `${badYear} Or the merged edition breaks a rule (the messages by field).`, 403: notLeader },
  }),
  publish: declareCall({
    method: "POST",
    path: "/api/CampEdition/Publish/:year/:token",
    access: leder,
    tag,
    summary: "Publish an edition beside the others; it never hides a camp that has not ended.",
    answer: jsonAnswer(AdminEditionSchema, "The published edition."),
    errors: { 400: badYear, 403: notLeader, 404: "No such edition." },
  }),
  copy: declareCall({
    method: "POST",
    path: "/api/CampEdition/Copy/:fromYear/:toYear/:token",
    access: leder,
    tag,
    summary: "A new draft edition from an earlier one, every date moved by whole weeks.",
    answer: jsonAnswer(AdminEditionSchema, "The new draft.", [201]),
    errors: { 400: badYear, 403: notLeader, 404: "No edition to copy from.", 409: "The year already has an edition." },
  }),
};
