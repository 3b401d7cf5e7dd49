import { json, list } from "./api-call-helpers.ts";
import type { ApiCall } from "./api-call-types.ts";

/**
 * The camp editions' admin calls (Vinterleir-admin). The list of editions stands apart from the others in the
 * document, beside the events' admin calls, where it has always been listed.
 */
export const campEditionListCalls: readonly ApiCall[] = [
  {
    method: "GET",
    path: "/api/CampEdition/Get/:token",
    tag: "Vinterleir-admin",
    summary: "Every camp edition.",
    admin: true,
    answer: list("AdminEdition", "The editions, newest first."),
  },
];

/** An edition's change log, and creating, publishing and copying an edition. */
export const campEditionCalls: readonly ApiCall[] = [
  {
    method: "GET",
    path: "/api/CampEdition/Changes/:year/:token",
    tag: "Vinterleir-admin",
    summary: "An edition's change log.",
    admin: true,
    answer: list("ChangeLogEntry", "The changes."),
  },
  {
    method: "PUT",
    path: "/api/CampEdition/Put/:year/:token",
    tag: "Vinterleir-admin",
    summary: "Create or change an edition.",
    admin: true,
    body: { kind: "json", schema: "CampEditionPatch" },
    answer: json("AdminEdition", "The edition as saved."),
  },
  {
    method: "POST",
    path: "/api/CampEdition/Publish/:year/:token",
    tag: "Vinterleir-admin",
    summary: "Publish an edition beside the others; it never hides a camp that has not ended.",
    admin: true,
    answer: json("AdminEdition", "The published edition."),
    errors: { 404: "No such edition." },
  },
  {
    method: "POST",
    path: "/api/CampEdition/Copy/:fromYear/:toYear/:token",
    tag: "Vinterleir-admin",
    summary: "A new draft edition from an earlier one, every date moved by whole weeks.",
    admin: true,
    answer: json("AdminEdition", "The new draft (201)."),
    errors: { 404: "No edition to copy from.", 409: "The year already has an edition." },
  },
];
