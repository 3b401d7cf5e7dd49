import { describe, expect, it } from "vitest";
import { EventDefinitionSchema } from "./event-definition.ts";
import { EventParticipantSchema } from "./event-order.ts";
import { eventEndsAt, orderIssues } from "./event-rules.ts";

const course = EventDefinitionSchema.parse({
  kind: "kurs",
  title: "Sommersamling",
  firstDay: "2027-06-18",
  lastDay: "2027-06-20",
  registrationOpensAt: "2026-11-01T08:00:00+01:00",
  registrationClosesAt: "2027-06-01T00:00:00+02:00",
  price: 900,
  questions: [
    { id: "constructor", label: "Hvem bygger?", type: "text", required: false },
    { id: "toString", label: "Buss", type: "yesno", required: true },
  ],
});

const person = (answers: Record<string, unknown>) =>
  EventParticipantSchema.parse({ firstName: "Ola", lastName: "Nordmann", age: 10, clubId: 29, gradeId: 5, answers });

describe("orderIssues: a course's answers", () => {
  it("reads only the participant's own answers, whatever a question's id is called", () => {
    expect(orderIssues(course, { participants: [person({ toString: true })], items: [] })).toEqual([]);
    expect(orderIssues(course, { participants: [person({})], items: [] })).toEqual([
      { path: "participants.0.answers.toString", message: "Svar på «Buss»." },
    ]);
  });
});

describe("orderIssues: one person once per order", () => {
  it("refuses the same name twice, whatever its case or spaces, and lets two children of one family through", () => {
    const twice = [person({ toString: true }), { ...person({ toString: true }), firstName: " OLA ", lastName: "nordmann" }];
    expect(orderIssues(course, { participants: twice, items: [] })).toEqual([
      { path: "participants.1.firstName", message: "Samme deltaker står to ganger." },
    ]);
    // Look-alikes of one name: a decomposed «Å», a doubled or non-breaking space inside it.
    const lookAlikes = [
      { ...person({ toString: true }), firstName: "Åse Marie" },
      { ...person({ toString: true }), firstName: "A\u030Ase  Marie" },
      { ...person({ toString: true }), firstName: "Åse\u00A0Marie" },
    ];
    expect(orderIssues(course, { participants: lookAlikes, items: [] })).toEqual([
      { path: "participants.1.firstName", message: "Samme deltaker står to ganger." },
      { path: "participants.2.firstName", message: "Samme deltaker står to ganger." },
    ]);
    const siblings = [person({ toString: true }), { ...person({ toString: true }), firstName: "Kari" }];
    expect(orderIssues(course, { participants: siblings, items: [] })).toEqual([]);
  });
});

describe("eventEndsAt", () => {
  it("is the Oslo midnight after the last day, in summer time, winter time and the night the clocks go back", () => {
    expect(eventEndsAt("2026-06-20").toISOString()).toBe("2026-06-20T22:00:00.000Z");
    expect(eventEndsAt("2027-01-10").toISOString()).toBe("2027-01-10T23:00:00.000Z");
    expect(eventEndsAt("2026-10-24").toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(eventEndsAt("2026-10-25").toISOString()).toBe("2026-10-25T23:00:00.000Z");
    expect(eventEndsAt("2026-12-31").toISOString()).toBe("2026-12-31T23:00:00.000Z");
  });
});
