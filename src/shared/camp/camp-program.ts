import { campDays, type Audience, type CampEdition, type ProgramItem } from "./camp-edition.ts";
import type { CalendarDate } from "../time.ts";

// The item's shape is the edition's (an edition stores its own program): re-exported for the program's readers.
export type { Audience, ProgramItem } from "./camp-edition.ts";

export interface ProgramDay {
  date: CalendarDate;
  items: ProgramItem[];
}

/**
 * The program of a typical edition, per camp day (first, second, third). Days are positions, not
 * weekday names: the names come from the edition's dates.
 */
export const programTemplate: ProgramItem[][] = [
  [
    { from: "18:00", to: "19:00", what: "Innsjekk i kiosken", audience: "alle" },
    { from: "19:15", what: "Oppstilling", where: "Hall 1", audience: "alle" },
    { from: "19:30", to: "20:30", what: "Felles trening", where: "Hall 1", audience: "alle" },
    { from: "19:30", to: "20:30", what: "Dan-gradering", where: "Hall 2", audience: "voksne" },
    { from: "20:30", what: "Kveldsmat", audience: "alle" },
  ],
  [
    { from: "07:30", to: "09:30", what: "Frokost", audience: "alle" },
    { from: "08:30", to: "09:30", what: "Møte for mestere (4. dan og høyere)", audience: "mestere" },
    { from: "09:45", to: "10:45", what: "Treningsøkt 1, delt etter grad og alder", where: "Hall 1–4", audience: "alle" },
    { from: "11:00", to: "12:00", what: "Treningsøkt 2, delt etter grad og alder", where: "Hall 1–4", audience: "alle" },
    { from: "11:30", to: "14:00", what: "Lunsj (puljevis)", audience: "alle" },
    { from: "12:15", to: "12:45", what: "Fellesbilde", audience: "alle" },
    { from: "12:45", to: "13:45", what: "Treningsøkt 3, delt etter grad og alder", where: "Hall 1–4", audience: "alle" },
    { from: "14:00", to: "15:00", what: "Treningsøkt 4, delt etter grad og alder", where: "Hall 1–4", audience: "alle" },
    { from: "15:15", to: "16:15", what: "Treningsøkt 5, delt etter grad og alder", where: "Hall 1–4", audience: "alle" },
    { from: "16:30", to: "17:30", what: "Treningsøkt 6, delt etter grad og alder", where: "Hall 1–4", audience: "alle" },
    {
      from: "09:45",
      to: "17:30",
      what: "Sparring i egne økter (fra 10 år og gult belte med erfaring, eget utstyr)",
      where: "Hall 3",
      audience: "alle",
    },
    { from: "18:00", to: "18:45", what: "Oppvisning", audience: "alle" },
    { from: "19:00", what: "Middag og aktiviteter", audience: "alle" },
  ],
  [
    { from: "08:00", to: "09:30", what: "Frokost og rydding", audience: "alle" },
    { from: "09:30", to: "10:30", what: "Trening for alle, sparring og mestertrening", audience: "alle" },
    { from: "11:00", to: "12:00", what: "Dan-seremoni", where: "Hall 2", audience: "voksne" },
    { from: "11:00", to: "16:00", what: "Cup-gradering for barn fra Ski Taekwondo Klubb", where: "Hall 1", audience: "barn" },
    { from: "12:00", to: "14:00", what: "Lunsj", audience: "alle" },
  ],
];

const byStartTime = (a: ProgramItem, b: ProgramItem) => a.from.localeCompare(b.from);

/** The edition's program with real dates; a day without a template gets no items. */
export function campProgram(edition: CampEdition, audience?: Exclude<Audience, "alle">): ProgramDay[] {
  return campDays(edition).map((date, index) => ({
    date,
    items: ((edition.program ?? programTemplate)[index] ?? [])
      .filter((item) => !audience || item.audience === "alle" || item.audience === audience || (audience === "voksne" && item.audience === "mestere"))
      .slice()
      .sort(byStartTime),
  }));
}

/** The day cup grading is held (the last camp day) and dan grading (the first). */
export function gradingDays(edition: CampEdition): { dan: CalendarDate; cup: CalendarDate } {
  const days = campDays(edition);
  return { dan: days[0]!, cup: days[days.length - 1]! };
}
