import { z } from "zod";
import { campAccess, declareCall, fileAnswer, jsonAnswer } from "../api/call.ts";
import { ChangeLogEntrySchema } from "../change-log.ts";
import {
  AdminEventSchema,
  AdminParticipantSchema,
  EventMoneySchema,
  EventCopiedSchema,
  EventCopySchema,
  EventPublishedSchema,
  EventSavedSchema,
} from "./event-api.ts";
import { EventDefinitionSchema, eventMessages } from "./event-definition.ts";
import { EventDoorActionSchema, EventDoorAnswerSchema, EventDoorListSchema, eventDoorMessages } from "./event-door.ts";
import { EventCancelAnswerSchema, EventCancelSchema } from "./event-my-order.ts";

/**
 * The leader's calls of the club's events (Arrangement-admin) and the door's (Arrangement-innsjekking),
 * declared once (src/shared/api/call.ts). Each takes a camp account's token as its last path segment: the
 * list and the door for every account that works a door, every change and the participants' data for a
 * `leder` only. An event order's privacy calls (PersonExport, Forget) belong to the privacy feature.
 */

const tag = "Arrangement-admin";
// Descriptions of an error for the API document; where a call answers one shared message, it is quoted.
const notLeader = "The account is not a leder.";
const notFound = "No such event.";
const campHere = "A winter camp's edition (edited under «Leirer», not here).";
const leder = campAccess("leder");

export const eventAdminCalls = {
  list: declareCall({
    method: "GET",
    path: "/api/ArrangementAdmin/Get/:token",
    access: campAccess(),
    tag,
    summary: "Every event, the camp's editions included (`vinterleir-{year}`, read only), running and upcoming first.",
    answer: jsonAnswer(z.array(AdminEventSchema), "The events with their phase, state, participants and definition."),
    errors: { 403: "Kontoen ser ikke arrangementene (en redaktør)." },
  }),
  save: declareCall({
    method: "PUT",
    path: "/api/ArrangementAdmin/Put/:slug/:token",
    access: leder,
    tag,
    summary: "Create or replace an event (only a `leder`); with `create=1` only create.",
    query: z.object({
      create: z.string().optional().describe("`1`: a new event's form; an address already taken is refused (409) instead of replaced."),
    }),
    body: EventDefinitionSchema,
    answer: jsonAnswer(EventSavedSchema, "The event's address and whether it was created (201) or replaced (200).", [200, 201]),
    errors: {
      403: notLeader,
      409: `${campHere} Eller: ${eventMessages.kindChanged} Eller (med \`create=1\`): ${eventMessages.slugTaken}`,
    },
  }),
  publish: declareCall({
    method: "POST",
    path: "/api/ArrangementAdmin/Publish/:slug/:token",
    access: leder,
    tag,
    summary: "Publish an event; it never hides another (only a `leder`).",
    answer: jsonAnswer(EventPublishedSchema, "The event's address, published."),
    errors: { 403: notLeader, 404: notFound, 409: campHere },
  }),
  copy: declareCall({
    method: "POST",
    path: "/api/ArrangementAdmin/Copy/:fromSlug/:toSlug/:token",
    access: leder,
    tag,
    summary:
      "A new unpublished event from an earlier one, its dates moved by whole weeks (body `{ weeks }`, default 52) so weekdays stay (only a `leder`). A winter camp (`vinterleir-YYYY`) is copied to a new camp edition, its dates moved by whole weeks into the new year.",
    body: EventCopySchema,
    answer: jsonAnswer(EventCopiedSchema, "The new event's address and how many weeks its dates moved.", [201]),
    errors: {
      400: "En vinterleir kan bare kopieres til en ny vinterleir, og et arrangement ikke til en vinterleir.",
      403: notLeader,
      404: notFound,
      409: "Adressen eller leirens år er allerede i bruk.",
    },
  }),
  changes: declareCall({
    method: "GET",
    path: "/api/ArrangementAdmin/Changes/:slug/:token",
    access: leder,
    tag,
    summary:
      "An event's change log, oldest first: every save, publish and copy with when, which account and field by field what changed (only a `leder`). A camp edition's log is `/api/CampEdition/Changes`.",
    answer: jsonAnswer(z.array(ChangeLogEntrySchema), "The entries; `changes` are dotted-path differences of the event's definition."),
    errors: { 403: notLeader, 404: `${notFound} (A winter camp's log is under «Leirer».)` },
  }),
  participants: declareCall({
    method: "GET",
    path: "/api/ArrangementAdmin/Participants/:slug/:token",
    access: leder,
    tag,
    summary: "An event's participants (or a sale's lines) with the order's money, contact details and answers (only a `leder`).",
    answer: jsonAnswer(z.array(AdminParticipantSchema), "One row per participant or item line."),
    errors: { 403: notLeader, 404: notFound },
  }),
  money: declareCall({
    method: "GET",
    path: "/api/ArrangementAdmin/Money/:slug/:token",
    access: leder,
    tag,
    summary:
      "The treasurer's totals of an event from its orders' ledgers: charged, paid, refunded, owed back, kept, outstanding and net, and money per method it moved by (only a `leder`). The participant list's rows add up to these.",
    answer: jsonAnswer(EventMoneySchema, "The totals."),
    errors: { 403: notLeader, 404: notFound },
  }),
  cancel: declareCall({
    method: "POST",
    path: "/api/ArrangementAdmin/Cancel/:orderId/:token",
    access: leder,
    tag,
    summary: "Cancel an order (or one participant, `position`) as the family's link does, with the leader's name in the ledger.",
    body: EventCancelSchema.default({}),
    answer: jsonAnswer(EventCancelAnswerSchema, "The order as it now stands, `changed` and the `refund` owed back."),
    errors: {
      403: notLeader,
      404: "Fant ikke ordren eller deltakeren.",
      409: "Arrangementet er over, eller en betaling med Vipps er ikke ferdig.",
    },
  }),
  xlsx: declareCall({
    method: "GET",
    path: "/api/ArrangementAdmin/GetXlsx/:slug/:token",
    access: leder,
    tag,
    summary: "An event's participants as Excel; a grading adds the examiner's list, one sheet per grade (only a `leder`).",
    answer: fileAnswer("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "An XLSX download."),
    errors: { 403: notLeader, 404: notFound },
  }),
  csv: declareCall({
    method: "GET",
    path: "/api/ArrangementAdmin/GetCsv/:slug/:token",
    access: leder,
    tag,
    summary: "The same participants as CSV for Norwegian Excel: the Excel file's first sheet, column for column (only a `leder`).",
    answer: fileAnswer("text/csv", "UTF-8 with BOM, semicolons, Norwegian headers."),
    errors: { 403: notLeader, 404: notFound },
  }),
};

const doorTag = "Arrangement-innsjekking";
const notAtTheDoor = "The account does not work the door (a redaktør).";

/** The door of the club's events: every account that works a door, `leder` or `innsjekk`. */
export const eventDoorCalls = {
  list: declareCall({
    method: "GET",
    path: "/api/ArrangementInnsjekk/Get/:slug/:token",
    access: campAccess(),
    tag: doorTag,
    summary:
      "The door list of a grading, course or sale that has not ended: every order with its status, what is owed (from the event ledger), its participants checked in (a sale: the order picked up), the counts, and `keepUntil` (when the door closes: the phone keeps the list until then).",
    answer: jsonAnswer(EventDoorListSchema, "The event, the counts and the orders."),
    errors: { 403: notAtTheDoor, 404: eventDoorMessages.notFound, 409: `${eventDoorMessages.past} Eller: ${eventDoorMessages.camp}` },
  }),
  checkIn: declareCall({
    method: "POST",
    path: "/api/ArrangementInnsjekk/CheckIn/:slug/:token",
    access: campAccess(),
    tag: doorTag,
    summary:
      "Check a participant in (`position`; a sale: the order picked up, without `position`), or take it back (`undo: true`). Idempotent: what already stands answers `duplicate: true` and changes nothing; the order row is locked, so two doors never act twice. With `actionId` (the phone's UUID for the action) it is carried out once per id: the same id again answers `duplicate: true`, also after later actions, and the same id with another action is refused (409). No money is taken at the door.",
    body: EventDoorActionSchema,
    answer: jsonAnswer(EventDoorAnswerSchema, "The order as it now stands and the counts."),
    errors: {
      403: notAtTheDoor,
      404: `${eventDoorMessages.notFound} Eller: ${eventDoorMessages.unknownOrder} Eller: ${eventDoorMessages.unknownParticipant}`,
      409: "Ordren er avbestilt eller står på venteliste, arrangementet er over, det er en vinterleir, eller handlingens id er brukt til noe annet.",
    },
  }),
};
