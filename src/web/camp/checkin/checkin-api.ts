import {
  CheckInActionAnswerSchema,
  CheckInCountsSchema,
  CheckInHitSchema,
  CheckInSearchAnswerSchema,
  type CheckInAction,
  type CheckInActionAnswer,
  type CheckInCounts,
  type CheckInHit,
  type CheckInSearchAnswer,
} from "../../../shared/camp/camp-checkin.ts";
import { DoorListSchema, DoorRefusalsSchema, type DoorList, type DoorRefusal } from "../../../shared/camp/door-list.ts";
import { postDoorAction, type SendResult } from "../../components/door/action-queue.ts";
import { getJson } from "../../lib/api-client.ts";
import { inEdition } from "../admin/admin-edition.tsx";

/** The check-in calls (GET Search, Code, Counts; POST Action), all under /api/VinterleirAdmin/CheckIn/. */

/**
 * The door works on «the» camp, or on the edition named in the page's own address (`?year=`, as the camp
 * admin links to it when another edition is open), so a reload or an offline retry stays at the same camp.
 */
function doorYear(): number | undefined {
  if (typeof window === "undefined") return undefined;
  const year = Number(new URLSearchParams(window.location.search).get("year"));
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : undefined;
}

const path = (call: string, token: string) => inEdition(`/api/VinterleirAdmin/CheckIn/${call}/${encodeURIComponent(token)}`, doorYear());

export function searchCheckIn(token: string, query: string): Promise<CheckInSearchAnswer> {
  return getJson(
    inEdition(`/api/VinterleirAdmin/CheckIn/Search/${encodeURIComponent(token)}?q=${encodeURIComponent(query)}`, doorYear()),
    CheckInSearchAnswerSchema,
  );
}

export function lookUpCheckInCode(token: string, code: string): Promise<CheckInHit> {
  return getJson(path(`Code/${encodeURIComponent(code)}`, token), CheckInHitSchema);
}

export function getCheckInCounts(token: string): Promise<CheckInCounts> {
  return getJson(path("Counts", token), CheckInCountsSchema);
}

/** The door list of the door's current event (or of `event`, by its key). */
export function getDoorList(token: string, event?: string): Promise<DoorList> {
  return getJson(`${path("DoorList", token)}${event ? `?event=${encodeURIComponent(event)}` : ""}`, DoorListSchema);
}

/** The door actions the server refused (the leader's list). */
export async function getDoorRefusals(token: string): Promise<DoorRefusal[]> {
  return (await getJson(path("Refused", token), DoorRefusalsSchema)).refusals;
}

/** A camp door action as it waits on the phone: what the server takes, and what the page shows meanwhile. */
export interface QueuedAction extends CheckInAction {
  day: string;
  registrationId: number;
  /** What the page says about it while it waits ("Sjekket inn Ola Nordmann"). */
  label: string;
}

/** POST …/Action/{token}: one action, safe to send again with the same action id. */
export function sendCheckInAction(
  token: string,
  { registrationId: _registration, label: _label, ...action }: QueuedAction,
): Promise<SendResult<CheckInActionAnswer>> {
  return postDoorAction(path("Action", token), action satisfies CheckInAction, CheckInActionAnswerSchema);
}
