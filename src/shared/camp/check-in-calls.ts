import { z } from "zod";
import { campAccess, declareCall, jsonAnswer } from "../api/call.ts";
import {
  CheckInActionAnswerSchema,
  CheckInActionSchema,
  CheckInCountsSchema,
  CheckInHitSchema,
  CheckInSearchAnswerSchema,
  CheckInSearchQuerySchema,
  checkInMessages,
} from "./camp-checkin.ts";
import { DoorListQuerySchema, DoorListSchema, DoorRefusalsSchema } from "./door-list.ts";

/**
 * The check-in calls at the camp's door (Innsjekking), declared once (src/shared/api/call.ts). Each takes a
 * camp account's token as its last path segment (every account that works the door, the refused actions a
 * `leder` only) and works on «the» camp, or on the edition of `?year=`. The door's phone queues its actions
 * offline: these paths and shapes are what it has stored, so they do not change.
 */

const tag = "Innsjekking";
const notAtTheDoor = "The account does not work the door (a redaktør).";

/** `?year=`: another edition's year; a value that is not a year 2000–2100 counts as none. */
const year = z.string().optional().describe("Another edition's year (an earlier or a later camp); «the» camp without it.");
const editionQuery = z.object({ year });

export const checkInCalls = {
  search: declareCall({
    method: "GET",
    path: "/api/VinterleirAdmin/CheckIn/Search/:token",
    access: campAccess(),
    tag,
    summary: "Find registrations of the current camp by name, club or order id.",
    query: CheckInSearchQuerySchema.extend({ q: CheckInSearchQuerySchema.shape.q.describe("Words that must all occur."), year }),
    answer: jsonAnswer(CheckInSearchAnswerSchema, "At most 25 hits."),
    errors: { 403: notAtTheDoor },
  }),
  code: declareCall({
    method: "GET",
    path: "/api/VinterleirAdmin/CheckIn/Code/:code/:token",
    access: campAccess(),
    tag,
    summary: "The registration behind a QR code from the confirmation mail.",
    query: editionQuery,
    answer: jsonAnswer(CheckInHitSchema, "The registration."),
    errors: { 403: notAtTheDoor, 404: checkInMessages.unknownCode },
  }),
  action: declareCall({
    method: "POST",
    path: "/api/VinterleirAdmin/CheckIn/Action/:token",
    access: campAccess(),
    tag,
    summary: "Check in, pay at the door, or undo; the same actionId twice has one effect.",
    query: editionQuery,
    body: CheckInActionSchema,
    answer: jsonAnswer(CheckInActionAnswerSchema, "The action's outcome and the registration as it now stands."),
    errors: {
      403: notAtTheDoor,
      404: checkInMessages.unknownPerson,
      409: "Cancelled, a payment already taken back, or the actionId was used for another action.",
    },
  }),
  doorList: declareCall({
    method: "GET",
    path: "/api/VinterleirAdmin/CheckIn/DoorList/:token",
    access: campAccess(),
    tag,
    summary:
      "The door list a phone keeps to search, read QR codes and check in with no network: names, club, grade, companions, what is left to pay, flags (no contact details, no allergy text; codes only as hashes).",
    query: DoorListQuerySchema.extend({
      event: DoorListQuerySchema.shape.event.describe("The event's key (vinterleir-2026); default the door's current event."),
      year,
    }),
    answer: jsonAnswer(DoorListSchema, "The list."),
    errors: { 403: notAtTheDoor, 404: checkInMessages.unknownEvent },
  }),
  refused: declareCall({
    method: "GET",
    path: "/api/VinterleirAdmin/CheckIn/Refused/:token",
    access: campAccess("leder"),
    tag,
    summary: "Door actions the server refused for good (for example a payment already taken at another door), newest first. Leader only.",
    query: editionQuery,
    answer: jsonAnswer(DoorRefusalsSchema, "The refused actions."),
    errors: { 403: "The account is not a leder." },
  }),
  counts: declareCall({
    method: "GET",
    path: "/api/VinterleirAdmin/CheckIn/Counts/:token",
    access: campAccess(),
    tag,
    summary: "Arrived of expected, per camp day.",
    query: editionQuery,
    answer: jsonAnswer(CheckInCountsSchema, "The counts."),
    errors: { 403: notAtTheDoor },
  }),
};
