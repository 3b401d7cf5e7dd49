import { callPath } from "../../../shared/api/call.ts";
import type { CheckInAction, CheckInActionAnswer, CheckInHit, CheckInSearchAnswer } from "../../../shared/camp/camp-checkin.ts";
import { checkInCalls } from "../../../shared/camp/check-in-calls.ts";
import type { DoorList } from "../../../shared/camp/door-list.ts";
import { postDoorAction, type SendResult } from "../../components/door/action-queue.ts";
import { readCall } from "../../lib/call-api.ts";

/** The door's check-in calls (checkInCalls: Search, Code, DoorList; Action through the door's queue). */

/**
 * The door works on «the» camp, or on the edition named in the page's own address (`?year=`, as the camp
 * admin links to it when another edition is open), so a reload or an offline retry stays at the same camp.
 */
function doorYear(): number | undefined {
  if (typeof window === "undefined") return undefined;
  const year = Number(new URLSearchParams(window.location.search).get("year"));
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : undefined;
}

/** `?year=` of the door's own address, for every call (none for «the» camp). */
const inDoorYear = () => {
  const year = doorYear();
  return year === undefined ? {} : { year: String(year) };
};

export function searchCheckIn(token: string, query: string): Promise<CheckInSearchAnswer> {
  return readCall(checkInCalls.search, { params: { token }, query: { q: query, ...inDoorYear() } });
}

export function lookUpCheckInCode(token: string, code: string): Promise<CheckInHit> {
  return readCall(checkInCalls.code, { params: { code, token }, query: inDoorYear() });
}

/** The door list of the door's current event (or of `event`, by its key). */
export function getDoorList(token: string, event?: string): Promise<DoorList> {
  return readCall(checkInCalls.doorList, { params: { token }, query: { ...inDoorYear(), ...(event ? { event } : {}) } });
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
  const call = checkInCalls.action;
  return postDoorAction(callPath(call, { token }, inDoorYear()), action satisfies CheckInAction, call.answer.schema);
}
