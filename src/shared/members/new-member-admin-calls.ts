import { z } from "zod";
import { areaAccess, declareCall, fileAnswer, jsonAnswer } from "../api/call.ts";
import { MessageLogEntrySchema, newMemberMessageSchema, SentMessageSchema } from "../messages/message.ts";
import { NewMemberAdminEntrySchema, RemoveAnswerSchema } from "./new-member-admin.ts";

/**
 * The new-member admin's calls (Nye medlemmer-admin), declared once (src/shared/api/call.ts): the list of the
 * interested, its CSV, deleting one, and writing to them. Each takes the area's own token (one password, no
 * accounts) as its last path segment. Signing in and out: src/shared/admin/area-sign-in-calls.ts.
 */

const tag = "Nye medlemmer-admin";
const newMember = areaAccess("newmember");

export const newMemberAdminCalls = {
  list: declareCall({
    method: "GET",
    path: "/api/NewMemberAdmin/Get/:token",
    access: newMember,
    tag,
    summary: "The expressions of interest.",
    answer: jsonAnswer(z.array(NewMemberAdminEntrySchema), "The list."),
  }),
  csv: declareCall({
    method: "GET",
    path: "/api/NewMemberAdmin/GetCsv/:token",
    access: newMember,
    tag,
    summary: "The list as CSV.",
    answer: fileAnswer("text/csv", "A CSV download."),
  }),
  remove: declareCall({
    method: "DELETE",
    path: "/api/NewMemberAdmin/Remove/:registrationId/:token",
    access: newMember,
    tag,
    summary: "Delete one.",
    answer: jsonAnswer(RemoveAnswerSchema, "Whether it was deleted."),
  }),
  message: declareCall({
    method: "POST",
    path: "/api/NewMemberAdmin/Message/:token",
    access: newMember,
    tag: "Nye medlemmer",
    summary:
      "Write to the named interested (`registrationIds`) or all of them: one mail per contact address, greeting the contact, Reply-To the club, a copy to the club.",
    body: newMemberMessageSchema,
    answer: jsonAnswer(SentMessageSchema, "The message's id and how many addresses got it.", [201]),
  }),
  messages: declareCall({
    method: "GET",
    path: "/api/NewMemberAdmin/Messages/:token",
    access: newMember,
    tag,
    summary: "The messages written to the interested, newest first, with each address's state (queued, sent, failed with the reason) and the counts.",
    answer: jsonAnswer(z.array(MessageLogEntrySchema), "The message log."),
  }),
};
