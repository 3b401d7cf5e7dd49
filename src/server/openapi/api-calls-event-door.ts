import { json } from "./api-call-helpers.ts";
import type { ApiCall } from "./api-call-types.ts";

/** The door of the club's events (Arrangement-innsjekking): every account that works a door, `leder` or `innsjekk`. */
export const eventDoorCalls: readonly ApiCall[] = [
  {
    method: "GET",
    path: "/api/ArrangementInnsjekk/Get/:slug/:token",
    tag: "Arrangement-innsjekking",
    summary:
      "The door list of a grading, course or sale that has not ended: every order with its status, what is owed (from the event ledger), its participants checked in (a sale: the order picked up), the counts, and `keepUntil` (when the door closes: the phone keeps the list until then).",
    admin: true,
    answer: json("EventDoorList", "The event, the counts and the orders."),
    errors: { 403: "Not an account that works the door (a redaktør).", 404: "No such event.", 409: "The event has ended, or it is a winter camp." },
  },
  {
    method: "POST",
    path: "/api/ArrangementInnsjekk/CheckIn/:slug/:token",
    tag: "Arrangement-innsjekking",
    summary:
      "Check a participant in (`position`; a sale: the order picked up, without `position`), or take it back (`undo: true`). Idempotent: what already stands answers `duplicate: true` and changes nothing; the order row is locked, so two doors never act twice. With `actionId` (the phone's UUID for the action) it is carried out once per id: the same id again answers `duplicate: true`, also after later actions, and the same id with another action is refused (409). No money is taken at the door.",
    admin: true,
    body: { kind: "json", schema: "EventDoorAction" },
    answer: json("EventDoorAnswer", "The order as it now stands and the counts."),
    errors: {
      403: "Not an account that works the door (a redaktør).",
      404: "No such event, order or participant.",
      409: "A cancelled order or one on the waiting list, an ended event, a winter camp, or an `actionId` already used for another action.",
    },
  },
];
