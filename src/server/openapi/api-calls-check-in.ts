import { json } from "./api-call-helpers.ts";
import type { ApiCall } from "./api-call-types.ts";

/** The check-in calls at the camp's door (Innsjekking). */
export const checkInCalls: readonly ApiCall[] = [
  {
    method: "GET",
    path: "/api/VinterleirAdmin/CheckIn/Search/:token",
    tag: "Innsjekking",
    summary: "Find registrations of the current camp by name, club or order id.",
    admin: true,
    query: { q: "Words that must all occur." },
    answer: json("CheckInSearchAnswer", "At most 25 hits."),
  },
  {
    method: "GET",
    path: "/api/VinterleirAdmin/CheckIn/Code/:code/:token",
    tag: "Innsjekking",
    summary: "The registration behind a QR code from the confirmation mail.",
    admin: true,
    answer: json("CheckInHit", "The registration."),
    errors: { 404: "Ukjent QR-kode." },
  },
  {
    method: "POST",
    path: "/api/VinterleirAdmin/CheckIn/Action/:token",
    tag: "Innsjekking",
    summary: "Check in, pay at the door, or undo; the same actionId twice has one effect.",
    admin: true,
    body: { kind: "json", schema: "CheckInAction" },
    answer: json("CheckInActionAnswer", "The action's outcome and the registration as it now stands."),
    errors: { 404: "No such person.", 409: "Cancelled, a payment already taken back, or the actionId was used for another action." },
  },
  {
    method: "GET",
    path: "/api/VinterleirAdmin/CheckIn/DoorList/:token",
    tag: "Innsjekking",
    summary:
      "The door list a phone keeps to search, read QR codes and check in with no network: names, club, grade, companions, what is left to pay, flags (no contact details, no allergy text; codes only as hashes).",
    admin: true,
    query: { event: "The event's key (vinterleir-2026); default the door's current event." },
    answer: json("DoorList", "The list."),
    errors: { 404: "Not the door's current event." },
  },
  {
    method: "GET",
    path: "/api/VinterleirAdmin/CheckIn/Refused/:token",
    tag: "Innsjekking",
    summary: "Door actions the server refused for good (for example a payment already taken at another door), newest first. Leader only.",
    admin: true,
    answer: json("DoorRefusals", "The refused actions."),
  },
  {
    method: "GET",
    path: "/api/VinterleirAdmin/CheckIn/Counts/:token",
    tag: "Innsjekking",
    summary: "Arrived of expected, per camp day.",
    admin: true,
    answer: json("CheckInCounts", "The counts."),
  },
];
