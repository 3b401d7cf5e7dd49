import { createHash } from "node:crypto";
import { doorCodeHashInput, type DoorEntry, type DoorList } from "../../../shared/camp/door-list.ts";
import { parseCalendarDate } from "../../../shared/camp/camp-edition-data.ts";
import { campEventSlug } from "../../../shared/events/event-kinds.ts";
import { addDays, startOfOsloDay } from "../../../shared/time.ts";
import type { Db } from "../../db/database.ts";
import { checkInCodeFor } from "./checkin-code.ts";
import { loadCheckInHits, type CheckInScope } from "./checkin-data.ts";

/** How long after the event's last day a phone may keep the list: the day after, to send what still waits. */
const keepDaysAfter = 1;

/**
 * When the camp's door closes: the moment its phones drop their lists (`keepUntil`), so nothing a phone
 * could still send is refused, and no action (money least of all) is taken at a camp long past.
 */
export function doorClosesAt(scope: Pick<CheckInScope, "days">): Date {
  const lastDay = parseCalendarDate(scope.days[scope.days.length - 1]!)!;
  return startOfOsloDay(addDays(lastDay, keepDaysAfter + 1));
}

/**
 * The door list of the door's current event (the search's registrations, every one of them), with only
 * what the door needs: no age, no allergy text, and the check-in code only as a hash.
 */
export async function loadDoorList(db: Db, scope: CheckInScope, now: Date): Promise<DoorList> {
  const hits = await loadCheckInHits(db, scope.year);
  const entries = await Promise.all(
    hits.map(async ({ searchText: _, persons, ...hit }): Promise<DoorEntry> => {
      const code = await checkInCodeFor(db, hit.orderId);
      return {
        ...hit,
        persons: persons.map(({ age: _age, ...person }) => person),
        codeHash: createHash("sha256").update(doorCodeHashInput(code), "utf8").digest("hex"),
      };
    }),
  );
  return {
    event: {
      key: campEventSlug(scope.year),
      name: `Vinterleir ${scope.year}`,
      days: scope.days,
      today: scope.today,
      keepUntil: doorClosesAt(scope).toISOString(),
    },
    fetchedAt: now.toISOString(),
    entries,
  };
}
