import { z } from "zod";
import { WaitlistEntrySchema, type WaitlistEntry } from "../../../../shared/camp/camp-waitlist.ts";
import { inEdition } from "../admin-edition.tsx";
import { ApiError, getJson, parseErrorBody, send } from "../../../lib/api-client.ts";

/** The camp admin's waiting-list calls: the list in order, remove one, move one to a position. */

const waitlistPath = (call: string, token: string) => `/api/VinterleirAdmin/${call}/${encodeURIComponent(token)}`;

export function getWaitlist(token: string, year?: number): Promise<WaitlistEntry[]> {
  return getJson(inEdition(waitlistPath("Waitlist", token), year), z.array(WaitlistEntrySchema));
}

async function post(path: string, body?: unknown): Promise<void> {
  const response = await send(
    path,
    body === undefined ? { method: "POST" } : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
  );
  const text = await response.text().catch(() => "");
  if (!response.ok) throw new ApiError(parseErrorBody(text)?.error ?? `POST svarte ${response.status}.`, response.status);
}

/** POST /api/VinterleirAdmin/Waitlist/Remove/{registrationId}/{token} */
export function removeFromWaitlist(registrationId: number, token: string): Promise<void> {
  return post(waitlistPath(`Waitlist/Remove/${registrationId}`, token));
}

/** POST /api/VinterleirAdmin/Waitlist/Move/{registrationId}/{token} with `{ position }`, 1-based. */
export function moveOnWaitlist(registrationId: number, position: number, token: string): Promise<void> {
  return post(waitlistPath(`Waitlist/Move/${registrationId}`, token), { position });
}
