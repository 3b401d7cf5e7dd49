import { campAdminCalls } from "../../../../shared/camp/camp-admin-calls.ts";
import type { WaitlistEntry } from "../../../../shared/camp/camp-waitlist.ts";
import { editionQuery } from "../admin-edition.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { callApi, readCall, type CallOutcome } from "../../../lib/call-api.ts";

/** The camp admin's waiting-list calls (src/shared/camp/camp-admin-calls.ts): the list in order, remove one, move one to a position. */

export function getWaitlist(token: string, year?: number): Promise<WaitlistEntry[]> {
  return readCall(campAdminCalls.waitlist, { params: { token }, query: editionQuery(year) });
}

/** A change whose answer is not read (the list is fetched afresh), only a refusal. */
function refusedOrDone(outcome: CallOutcome<unknown>): void {
  if (outcome.kind === "refused") throw new ApiError(outcome.error?.error ?? `POST svarte ${outcome.status}.`, outcome.status);
}

/** POST /api/VinterleirAdmin/Waitlist/Remove/{registrationId}/{token} */
export async function removeFromWaitlist(registrationId: number, token: string): Promise<void> {
  refusedOrDone(await callApi(campAdminCalls.waitlistRemove, { params: { registrationId: String(registrationId), token } }));
}

/** POST /api/VinterleirAdmin/Waitlist/Move/{registrationId}/{token} with `{ position }`, 1-based. */
export async function moveOnWaitlist(registrationId: number, position: number, token: string): Promise<void> {
  refusedOrDone(await callApi(campAdminCalls.waitlistMove, { params: { registrationId: String(registrationId), token }, body: { position } }));
}
