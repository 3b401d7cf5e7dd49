import { describe, expect, it } from "vitest";
import { changeLineText, fieldChanges } from "../change-log.ts";
import { testNow } from "../test-clock.fixture.ts";
import { EventDefinitionSchema, type EventDefinitionInput } from "./event-definition.ts";
import { eventChangeLines, formatEventValue } from "./event-change-lines.ts";

// 15 October 2026, read for an event in December 2026: dates this autumn leave their year out.
const reading = { now: testNow(), year: 2026 };
const definition = (input: EventDefinitionInput) => EventDefinitionSchema.parse(input);
const lines = (before: EventDefinitionInput, after: EventDefinitionInput, kind = after.kind) =>
  eventChangeLines(fieldChanges(definition(before), definition(after)), { ...reading, kind }).map(changeLineText);

const grading: EventDefinitionInput = {
  kind: "gradering",
  title: "Cupgradering desember",
  firstDay: "2026-12-12",
  lastDay: "2026-12-12",
  venue: "Ski Taekwondo Klubb",
  registrationOpensAt: "2026-11-01T08:00:00+01:00",
  registrationClosesAt: "2026-12-10T23:59:00+01:00",
  capacity: 20,
  price: 300,
  startTime: "10:00",
  homeClubOnly: true,
  minAge: 7,
  maxAge: 12,
  minGradeId: 1,
  maxGradeId: 13,
};

const sale: EventDefinitionInput = {
  kind: "salg",
  title: "Klubbtøy",
  firstDay: "2026-12-01",
  lastDay: "2026-12-20",
  registrationOpensAt: "2026-11-01T08:00:00+01:00",
  registrationClosesAt: "2026-12-15T23:59:00+01:00",
  items: [
    {
      id: "t-skjorte",
      name: "T-skjorte",
      price: 200,
      variants: [
        { id: "S", stock: 5 },
        { id: "M", stock: 1 },
      ],
    },
    { id: "lue", name: "Lue", price: 150, variants: [{ id: "en-storrelse", stock: 10 }] },
  ],
  pickUpPlace: "Klubblokalet",
  pickUpTime: "Mandag etter trening",
};

describe("the events' change log in words", () => {
  it("says a grading's changes as the leader reads them: kroner, dates, Oslo times, belts by name, limits", () => {
    expect(
      lines(grading, {
        ...grading,
        title: "Cupgradering før jul",
        lastDay: "2026-12-13",
        price: 350,
        registrationClosesAt: "2026-12-11T12:00:00+01:00",
        startTime: "11:30",
        homeClubOnly: false,
        capacity: null,
        maxAge: null,
        minGradeId: 4,
      }),
    ).toEqual([
      "Tittel: «Cupgradering desember» → «Cupgradering før jul»",
      "Siste dag: 12. desember → 13. desember",
      "Påmeldingen stenger: torsdag 10. desember kl. 23.59 → fredag 11. desember kl. 12.00",
      "Antall plasser: 20 → ingen grense",
      "Pris: 300\u00a0kr → 350\u00a0kr",
      "Starttid: kl. 10.00 → kl. 11.30",
      "Bare egen klubb: ja → nei",
      "Høyeste alder: 12 år → ingen grense",
      "Laveste grad: 10. Cup (Hvitt) → 8. Cup (Gult)",
    ]);
  });

  it("says a course's prices by age, sleepover and questions whole", () => {
    const course: EventDefinitionInput = {
      ...grading,
      kind: "kurs",
      price: 500,
      priceBands: [],
      sleepover: false,
      questions: [],
    } as EventDefinitionInput;
    const changed = {
      ...course,
      priceBands: [{ maxAge: 12, price: 300 }],
      sleepover: true,
      questions: [
        { id: "mat", label: "Matallergier", type: "text", required: true, choices: [] },
        { id: "gruppe", label: "Gruppe", type: "choice", required: false, choices: ["Barn", "Ungdom"] },
      ],
    } as EventDefinitionInput;
    expect(lines(course, changed)).toEqual([
      "Priser etter alder: ingen → til og med 12 år: 300\u00a0kr",
      "Overnatting: nei → ja",
      "Spørsmål: ingen → «Matallergier» (fritekst, må besvares); «Gruppe» (valg: Barn, Ungdom)",
    ]);
  });

  it("says a sale's window as the sale's, and its items one by one with sizes and stock", () => {
    const items = sale.kind === "salg" ? sale.items : [];
    expect(
      lines(sale, {
        ...sale,
        registrationOpensAt: "2026-10-20T08:00:00+02:00",
        items: [
          {
            ...items[0]!,
            variants: [
              { id: "S", stock: 5 },
              { id: "M", stock: 3 },
            ],
          },
          { id: "genser", name: "Genser", price: 450, variants: [{ id: "L", stock: 2 }] },
        ],
        pickUpTime: "",
      }),
    ).toEqual([
      "Salget åpner: søndag 1. november kl. 08.00 → tirsdag 20. oktober kl. 08.00",
      "Varer: T-skjorte, 200\u00a0kr (S: 5 stk, M: 1 stk) → T-skjorte, 200\u00a0kr (S: 5 stk, M: 3 stk)",
      "Varer: – → Genser, 450\u00a0kr (L: 2 stk)",
      "Varer: Lue, 150\u00a0kr (en-storrelse: 10 stk) → –",
      "Hentetid: «Mandag etter trening» → –",
    ]);
    // Only the order changed: the list is said whole.
    expect(lines(sale, { ...sale, items: [...items].reverse() })).toHaveLength(1);
  });

  it("says a publish and a long description as read, never as JSON", () => {
    expect(eventChangeLines([{ field: "publishedAt", from: null, to: "2026-10-15T08:00:00.000Z" }], reading).map(changeLineText)).toEqual([
      "Publisert: – → torsdag 15. oktober kl. 10.00",
    ]);
    const long = "Ta med drakt og belte. ".repeat(10);
    expect(formatEventValue("description", long)).toMatch(/^«Ta med drakt og belte\..* …»$/);
    expect(formatEventValue("description", long).length).toBeLessThan(100);
    // A date far from today says its year.
    expect(formatEventValue("firstDay", "2027-06-21", reading)).toBe("21. juni 2027");
  });
});
