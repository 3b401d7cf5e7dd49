import { desc, eq } from "drizzle-orm";
import type { CheckInAction } from "../../../shared/camp/camp-checkin.ts";
import type { DoorRefusal } from "../../../shared/camp/door-list.ts";
import type { CampAccountView } from "../../admin-auth/camp-account.ts";
import type { Db } from "../../db/database.ts";
import { campCheckinRefusals } from "../../db/schema/camp-checkin.ts";
import { campRegistrations } from "../../db/schema/camp.ts";
import { loadCheckInHits } from "./checkin-data.ts";

/**
 * The door actions the server refused: written when it says no, once per action id (a phone that sends
 * the same action again after a lost answer adds nothing), and read by the leader.
 */
export async function recordRefusal(
  db: Db,
  action: CheckInAction & { day: string },
  registrationId: number,
  message: string,
  account: CampAccountView,
  now: Date,
): Promise<void> {
  await db
    .insert(campCheckinRefusals)
    .values({
      actionId: action.actionId,
      registrationId,
      kind: action.kind,
      personId: action.personId,
      day: action.day,
      amount: action.amount ?? null,
      method: action.method ?? null,
      message,
      accountUsername: account.username,
      accountName: account.name,
      at: now,
    })
    .onConflictDoNothing({ target: campCheckinRefusals.actionId });
}

/** The refused actions of the camp, newest first, with the person's name as the door showed it. */
export async function listRefusals(db: Db, year: number): Promise<DoorRefusal[]> {
  const rows = await db
    .select({ refusal: campCheckinRefusals })
    .from(campCheckinRefusals)
    .innerJoin(campRegistrations, eq(campRegistrations.id, campCheckinRefusals.registrationId))
    .where(eq(campRegistrations.editionYear, year))
    .orderBy(desc(campCheckinRefusals.at));
  const hits = await loadCheckInHits(db, year, [...new Set(rows.map((row) => row.refusal.registrationId))]);
  return rows.flatMap(({ refusal }) => {
    const hit = hits.find((candidate) => candidate.registrationId === refusal.registrationId);
    // An anonymised registration keeps its refusal rows but no longer shows on the list.
    if (!hit) return [];
    const person = hit.persons.find((candidate) => candidate.personId === refusal.personId) ?? hit.persons[0]!;
    return [
      {
        actionId: refusal.actionId,
        kind: refusal.kind as DoorRefusal["kind"],
        name: person.name,
        club: hit.club,
        orderId: hit.orderId,
        day: refusal.day,
        amount: refusal.amount,
        method: refusal.method === "card" || refusal.method === "cash" ? refusal.method : null,
        message: refusal.message,
        by: refusal.accountName,
        at: refusal.at.toISOString(),
      },
    ];
  });
}
