import { capitalise, compareNorwegian, formatDayMonth, weekdayName } from "../format.ts";
import { addDays } from "../time.ts";
import type { CampEdition } from "./camp-edition.ts";
import type { AdminPerson } from "./camp-lists.ts";
import { formatCalendarDate } from "./camp-edition-data.ts";
import { campProgram } from "./camp-program.ts";
import { gradeLabel } from "./grades.ts";
import { SEED_GRADES } from "./seed-grades.ts";
import { instructorLabel, paymentMethodLabel } from "./camp-state-labels.ts";

/**
 * The lists the camp weekend runs on, worked out from the admin list (one row per athlete and companion)
 * and the edition's days and program: the kitchen, the hall at night, the grading, the instructors, the
 * companions and who still has to pay at arrival. Everyone counted holds a place (cancelled rows are left
 * out). The same functions feed the screen (the camp admin's "Lister"), print and the Excel files.
 */

export const weekendListIds = ["kjokken", "overnatting", "gradering", "instruktorer", "ledsagere", "ubetalt", "kommet"] as const;
export type WeekendListId = (typeof weekendListIds)[number];

export const weekendListTitles: Record<WeekendListId, string> = {
  kjokken: "Kjøkken",
  overnatting: "Overnatting",
  gradering: "Gradering",
  instruktorer: "Instruktører",
  ledsagere: "Ledsagere",
  ubetalt: "Ubetalt ved oppmøte",
  kommet: "Kommet så langt",
};

/** Lists that show health data (allergy texts): only for an account with the role `leder`. */
export const healthDataLists: readonly WeekendListId[] = ["kjokken"];

export interface Meal {
  day: string;
  what: string;
  from: string;
  /** How many eat: everyone present, or for breakfast, those who slept over the night before. */
  count: number;
  vegan: number;
  allergies: { name: string; club: string; allergies: string }[];
}

interface NamedRow {
  name: string;
  club: string;
}

const present = (people: readonly AdminPerson[]) => people.filter((p) => p.status !== "cancelled");
const nameOf = (p: AdminPerson) => `${p.firstname} ${p.lastname}`.trim();
const byName = <T extends { name: string }>(a: T, b: T) => compareNorwegian(a.name, b.name);
const dayLabel = (date: Parameters<typeof weekdayName>[0]) => `${capitalise(weekdayName(date))} ${formatDayMonth(date)}`;

const mealWords = /frokost|lunsj|middag|kveldsmat|måltid|mat\b/i;
const breakfastWords = /frokost/i;

/** Per meal of the program and day: how many, how many vegan, and who has allergies (with the text). */
export function kitchenList(people: readonly AdminPerson[], edition: CampEdition): Meal[] {
  const here = present(people);
  const sleeping = here.filter((p) => p.sleepover);
  return campProgram(edition).flatMap((day, index) =>
    day.items
      .filter((item) => mealWords.test(item.what))
      .map((item) => {
        // Breakfast after a night in the hall: those sleeping over eat it.
        const eaters = breakfastWords.test(item.what) && index > 0 ? sleeping : here;
        return {
          day: dayLabel(day.date),
          what: item.what,
          from: item.from,
          count: eaters.length,
          vegan: eaters.filter((p) => p.vegan).length,
          allergies: eaters
            .filter((p) => p.allergies.trim() !== "")
            .map((p) => ({ name: nameOf(p), club: p.club, allergies: p.allergies.trim() }))
            .sort(byName),
        };
      }),
  );
}

export interface Night {
  night: string;
  people: (NamedRow & { companionOf: string })[];
}

/** Per night of the camp (the night after each day but the last): who sleeps in the hall. */
export function sleepoverList(people: readonly AdminPerson[], edition: CampEdition): Night[] {
  const sleeping = present(people)
    .filter((p) => p.sleepover)
    .map((p) => ({ name: nameOf(p), club: p.club, companionOf: p.isLedsagerForName ?? "" }))
    .sort(byName);
  return campProgram(edition)
    .slice(0, -1)
    .map((day) => ({ night: `Natt til ${weekdayName(addDays(day.date, 1))} ${formatDayMonth(addDays(day.date, 1))}`, people: sleeping }));
}

export interface GradingGroup {
  grade: string;
  people: NamedRow[];
}

const gradeOrder = new Map(SEED_GRADES.map((grade, index) => [gradeLabel(grade), index]));

/** Those grading on the camp, per grade they hold now (lowest first). */
export function gradingList(people: readonly AdminPerson[]): GradingGroup[] {
  const groups = new Map<string, NamedRow[]>();
  for (const p of present(people)) {
    if (p.isLedsager || !p.gradering) continue;
    const grade = p.grade ?? "Ukjent grad";
    groups.set(grade, [...(groups.get(grade) ?? []), { name: nameOf(p), club: p.club }]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (gradeOrder.get(a) ?? 999) - (gradeOrder.get(b) ?? 999) || compareNorwegian(a, b))
    .map(([grade, rows]) => ({ grade, people: rows.sort(byName) }));
}

export interface InstructorRow extends NamedRow {
  grade: string;
  instructor: string;
  wantsToInstruct: boolean;
}

export function instructorList(people: readonly AdminPerson[]): InstructorRow[] {
  return present(people)
    .filter((p) => !p.isLedsager && (p.instructor > 0 || p.wantstoinstruct))
    .map((p) => ({
      name: nameOf(p),
      club: p.club,
      grade: p.grade ?? "",
      instructor: instructorLabel(p.instructor),
      wantsToInstruct: p.wantstoinstruct,
    }))
    .sort(byName);
}

export interface CompanionRow extends NamedRow {
  companionOf: string;
  age: number;
  telephone: string;
  sleepover: boolean;
}

export function companionList(people: readonly AdminPerson[]): CompanionRow[] {
  return present(people)
    .filter((p) => p.isLedsager)
    .map((p) => ({
      name: nameOf(p),
      club: p.club,
      companionOf: p.isLedsagerForName ?? "",
      age: p.age,
      telephone: p.telephone,
      sleepover: p.sleepover,
    }))
    .sort(byName);
}

export interface UnpaidRow extends NamedRow {
  orderId: string;
  telephone: string;
  method: string;
  toPay: number;
  paid: number;
  remaining: number;
  persons: number;
}

/** Registrations with money left to pay («Utestående», the rows' own), one row each (named after the athlete), largest amount first. */
export function unpaidList(people: readonly AdminPerson[]): UnpaidRow[] {
  const rows = new Map<number, UnpaidRow>();
  for (const p of present(people)) {
    const row = rows.get(p.registrationId);
    if (row) {
      row.toPay += p.amount;
      row.paid += p.paid;
      row.remaining += p.outstanding;
      row.persons += 1;
    } else {
      rows.set(p.registrationId, {
        name: nameOf(p),
        club: p.club,
        orderId: p.orderid,
        telephone: p.telephone,
        method: paymentMethodLabel(p.paymentMethod),
        toPay: p.amount,
        paid: p.paid,
        remaining: p.outstanding,
        persons: 1,
      });
    }
  }
  return [...rows.values()].filter((row) => row.remaining > 0).sort((a, b) => b.remaining - a.remaining || byName(a, b));
}

export interface ArrivalDay {
  day: string;
  /** Checked in that day, in the order they came. */
  people: (NamedRow & { companionOf: string; at: string })[];
  /** Everyone expected (everyone holding a place), for "arrived of expected". */
  expected: number;
}

/** Per camp day: who has been checked in at the door so far, in the order they came. */
export function arrivedList(people: readonly AdminPerson[], edition: CampEdition): ArrivalDay[] {
  const here = present(people);
  return campProgram(edition).map((day) => {
    const key = formatCalendarDate(day.date);
    const people = here
      .flatMap((p) =>
        (p.arrivals ?? [])
          .filter((arrival) => arrival.day === key)
          .map((arrival) => ({ name: nameOf(p), club: p.club, companionOf: p.isLedsagerForName ?? "", at: arrival.at })),
      )
      .sort((a, b) => a.at.localeCompare(b.at));
    return { day: dayLabel(day.date), people, expected: here.length };
  });
}
