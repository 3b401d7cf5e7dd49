import { z } from "zod";
import { campAccess, declareCall, jsonAnswer } from "../api/call.ts";
import {
  MessageLogEntrySchema,
  MessagePreviewSchema,
  ReminderSchema,
  ReminderViewSchema,
  ResendAnswerSchema,
  SentMessageSchema,
  previewMessageSchema,
  sendMessageSchema,
} from "./message.ts";

/**
 * «Send melding»: the messages to an event's families (Meldinger), declared once (src/shared/api/call.ts).
 * Only a `leder` account (the messages carry families' links and addresses), its token as the last path
 * segment; the event's key (`slug`) first. The messages to the interested new members are the new-member
 * admin's (src/shared/members/new-member-admin-calls.ts).
 */

const tag = "Meldinger";
const leder = campAccess("leder");
const notLeader = "Not a `leder` account.";
const messageLog = jsonAnswer(z.array(MessageLogEntrySchema), "The message log.");

export const messageCalls = {
  send: declareCall({
    method: "POST",
    path: "/api/Melding/Send/:slug/:token",
    access: leder,
    tag,
    summary: "Send a message to all or a segment of an event's families (only a `leder`).",
    description:
      "One mail per family (address as compared), with its own link to «Min påmelding» and its own merge values (`{navn}`, `{deltakere}`, `{lenke}`, `{beløp}`), Reply-To the club's contact address, and a copy to the club. `sendAt` in the future queues it then (the recipients are chosen at that time); without it, now. `day` is required for `checkedIn`/`notCheckedIn`, `orderIds` for `picked`. `slug` is a camp's `vinterleir-{year}` or a grading's, course's or sale's slug; for a club event each order gets a new link to its page beside those mailed before, and a segment its data does not hold (the camp's own, a sale's waiting list or check-in, check-in on an event of more than one day), another day than the event's, or `attachProgramme` is a 400. Nothing is stored on a 400.",
    body: sendMessageSchema,
    answer: jsonAnswer(SentMessageSchema, "The message is stored (and queued unless it waits for its time).", [201]),
    errors: { 403: notLeader, 404: "No such event." },
  }),
  preview: declareCall({
    method: "POST",
    path: "/api/Melding/Preview/:slug/:token",
    access: leder,
    tag,
    summary: "The exact mail one family of the segment would get (the named order's, else the first), with the recipients.",
    description: "Makes no link: where the family's link will stand, the preview says so.",
    body: previewMessageSchema,
    answer: jsonAnswer(MessagePreviewSchema, "The mail as it would be sent."),
    errors: { 403: notLeader, 404: "No such event." },
  }),
  log: declareCall({
    method: "GET",
    path: "/api/Melding/Get/:slug/:token",
    access: leder,
    tag,
    summary: "The event's messages, newest first, with each family's state (queued, sent, failed with the reason) and the counts.",
    answer: messageLog,
    errors: { 403: notLeader, 404: "No such event." },
  }),
  reminder: declareCall({
    method: "GET",
    path: "/api/Melding/Reminder/:slug/:token",
    access: leder,
    tag,
    summary: "The reminder the site sends itself before a winter camp (on by default), and when it goes; a camp's only.",
    answer: jsonAnswer(ReminderViewSchema, "The reminder."),
    errors: { 403: notLeader, 404: "No such event." },
  }),
  saveReminder: declareCall({
    method: "PUT",
    path: "/api/Melding/Reminder/:slug/:token",
    access: leder,
    tag,
    summary: "Turn the reminder on or off, set how many days before, and its text.",
    body: ReminderSchema,
    answer: jsonAnswer(ReminderViewSchema, "The reminder as saved."),
    errors: { 403: notLeader, 404: "No such event." },
  }),
  cancel: declareCall({
    method: "POST",
    path: "/api/Melding/Cancel/:slug/:messageId/:token",
    access: leder,
    tag,
    summary: "Cancel a message that waits for its time («Avlys»): it is never sent, and the log shows who cancelled it.",
    answer: messageLog,
    errors: { 403: notLeader, 404: "No such message.", 409: "Already sent (queued) or cancelled." },
  }),
  sendNow: declareCall({
    method: "POST",
    path: "/api/Melding/SendNow/:slug/:messageId/:token",
    access: leder,
    tag,
    summary:
      "Send a message that waits for its time, or whose time the scheduler missed by more than `plannedMessageGraceHours` («Send nå»): its recipients are chosen and its mails queued now.",
    answer: messageLog,
    errors: { 403: notLeader, 404: "No such message.", 409: "Already sent (queued) or cancelled." },
  }),
  reminderNow: declareCall({
    method: "POST",
    path: "/api/Melding/ReminderNow/:slug/:token",
    access: leder,
    tag,
    summary:
      "Send the camp's reminder now when its time has passed without it being sent and the camp has not begun (`state` `due`); the scheduler would within a minute.",
    answer: jsonAnswer(ReminderViewSchema, "The reminder as it then stands."),
    errors: { 403: notLeader, 409: "The reminder is off, sent, not yet due, or the camp has begun." },
  }),
  sendAgain: declareCall({
    method: "POST",
    path: "/api/Melding/SendAgain/:slug/:messageId/:token",
    access: leder,
    tag,
    summary: "Send a message's failed mails again.",
    answer: jsonAnswer(ResendAnswerSchema, "How many went back into the outbox."),
    errors: { 403: notLeader, 404: "No such message." },
  }),
};
