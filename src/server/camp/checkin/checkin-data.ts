import { ledgerFigures } from "../../../shared/camp/camp-ledger.ts";
import { readLedgers } from "../camp-ledger-store.ts";
import { and, asc, inArray, isNotNull, isNull } from "drizzle-orm";
import { checkInPersonId, type CheckInCounts, type CheckInHit } from "../../../shared/camp/camp-checkin.ts";
import { formatCalendarDate, parseCalendarDate } from "../../../shared/camp/camp-edition-data.ts";
import { gradeLabel } from "../../../shared/camp/grades.ts";
import { addDays, compareCalendarDates, osloCalendarDate } from "../../../shared/time.ts";
import type { Db } from "../../db/database.ts";
import { campRegistrations } from "../../db/schema/camp.ts";
import { readCampCompanions } from "../camp-companion-rows.ts";
import { doorPaymentsOf } from "./door-payment.ts";
import { campArrivals } from "./camp-arrivals.ts";
import { eventCheckinActions } from "../../db/schema/events-checkin.ts";
import { currentEditionYear, editionDataForYear } from "../camp-edition-lookup.ts";
import { placeHoldingRegistrations } from "../camp-admin.ts";
import { doorSearchLimit, doorSearchText, matchesDoorQuery } from "../../../shared/camp/door-list.ts";

/** The camp the door checks in to: its year, its days (YYYY-MM-DD) and today's camp day. */
export interface CheckInScope {
  year: number;
  days: string[];
  today: string;
}

/** The door of the edition of `year`, or of «the» camp. */
export async function checkInScope(db: Db, now: Date, year?: number): Promise<CheckInScope> {
  year ??= (await currentEditionYear(db, now)) ?? osloCalendarDate(now).year;
  const data = await editionDataForYear(db, year);
  const first = parseCalendarDate(data.firstDay)!;
  const last = parseCalendarDate(data.lastDay)!;
  const days: string[] = [];
  for (let day = first; compareCalendarDates(day, last) <= 0 && days.length < 14; day = addDays(day, 1)) days.push(formatCalendarDate(day));
  // Before the camp: its first day; after it: its last.
  const todayDate = osloCalendarDate(now);
  const today =
    compareCalendarDates(todayDate, first) < 0
      ? days[0]!
      : compareCalendarDates(todayDate, last) > 0
        ? days[days.length - 1]!
        : formatCalendarDate(todayDate);
  return { year, days, today };
}

/**
 * Whether the allergy answer says anything: only this flag reaches the door (the texts are for the
 * kitchen's list). "Nei", "ingen" and a dash count as nothing.
 */
function hasAllergyNote(text: string): boolean {
  const answer = text
    .trim()
    .toLocaleLowerCase("nb-NO")
    .replace(/[.!]+$/, "");
  return !["", "-", "nei", "ingen", "ingen allergier", "nei takk", "n/a"].includes(answer);
}

/**
 * The registrations of the camp as the door sees them: those that hold or held a place (a payment row
 * exists; not those waiting), not anonymised. `ids` narrows to those registrations.
 */
export async function loadCheckInHits(db: Db, year: number, ids?: number[]): Promise<(CheckInHit & { searchText: string })[]> {
  if (ids && ids.length === 0) return [];
  const rows = await placeHoldingRegistrations(
    db,
    year,
    isNull(campRegistrations.anonymisedAt),
    ids ? inArray(campRegistrations.id, ids) : undefined,
  ).orderBy(asc(campRegistrations.lastName), asc(campRegistrations.firstName), asc(campRegistrations.id));
  if (rows.length === 0) return [];
  const found = rows.map((row) => row.registration.id);
  const [companions, checkins, doorPayments] = await Promise.all([
    readCampCompanions(db, found),
    campArrivals(db, found),
    db
      .select()
      .from(eventCheckinActions)
      .where(and(doorPaymentsOf(found), isNull(eventCheckinActions.undoneBy), isNotNull(eventCheckinActions.paymentActionId)))
      .orderBy(asc(eventCheckinActions.id)),
  ]);
  const ledgers = await readLedgers(db, found);
  const daysOf = (personId: string) => checkins.filter((row) => row.personId === personId).map((row) => row.day);
  return rows.map(({ registration: r, clubName, grade }) => {
    // A companion cancelled alone is not coming: not on the card, not counted.
    const own = companions.filter((companion) => companion.registrationId === r.id && !companion.cancelledAt);
    const figures = ledgerFigures(ledgers.get(r.id) ?? []);
    const status = r.status === "waiting" ? "cancelled" : r.status;
    const persons: CheckInHit["persons"] = [
      {
        personId: checkInPersonId.athlete(r.id),
        name: `${r.firstName} ${r.lastName}`,
        isLedsager: false,
        age: r.age,
        grade: gradeLabel(grade),
        gradering: r.gradering,
        sleepover: r.sleepover,
        vegan: r.vegan,
        allergy: hasAllergyNote(r.allergies),
        checkedIn: daysOf(checkInPersonId.athlete(r.id)),
      },
      ...own.map((companion) => ({
        personId: checkInPersonId.companion(companion.id),
        name: `${companion.firstName} ${companion.lastName}`,
        isLedsager: true,
        age: companion.age,
        grade: null,
        gradering: false,
        sleepover: companion.sleepover,
        vegan: false,
        allergy: false,
        checkedIn: daysOf(checkInPersonId.companion(companion.id)),
      })),
    ];
    return {
      registrationId: r.id,
      orderId: r.orderId,
      status,
      club: clubName,
      amount: figures.charged,
      // The money the club holds for it (what is owed back outside Vipps is not), so «Totalt» less «Betalt» is
      // «Å betale»: a phone works it out so while an action of the registration waits in its queue.
      paid: figures.paid - figures.refunded - figures.refundOwed,
      outstanding: figures.outstanding,
      persons,
      // A camp action always has its id (the table's check holds it).
      doorPayments: doorPayments.flatMap(({ orderId, actionId, amount, at, accountName }) =>
        orderId === r.id && actionId ? [{ actionId, amount: amount ?? 0, at: at.toISOString(), by: accountName }] : [],
      ),
      searchText: doorSearchText({ persons, club: clubName, orderId: r.orderId }),
    };
  });
}

/** Every word of the query must appear in a registration's names, club or order id (the door list's rule). */
export async function searchCheckIn(db: Db, year: number, query: string): Promise<{ hits: CheckInHit[]; more: boolean }> {
  const all = await loadCheckInHits(db, year);
  const matching = all.filter((hit) => matchesDoorQuery(hit.searchText, query));
  return { hits: matching.slice(0, doorSearchLimit).map(withoutSearchText), more: matching.length > doorSearchLimit };
}

export function withoutSearchText({ searchText: _, ...hit }: CheckInHit & { searchText: string }): CheckInHit {
  return hit;
}

/** Arrived of expected per camp day: the persons of registrations that are not cancelled. */
export async function checkInCounts(db: Db, scope: CheckInScope): Promise<CheckInCounts> {
  const hits = (await loadCheckInHits(db, scope.year)).filter((hit) => hit.status !== "cancelled");
  const persons = hits.flatMap((hit) => hit.persons);
  return {
    year: scope.year,
    today: scope.today,
    days: scope.days.map((day) => ({
      day,
      expected: persons.length,
      arrived: persons.filter((person) => person.checkedIn.includes(day)).length,
    })),
  };
}
