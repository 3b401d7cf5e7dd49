import { describe, expect, it } from "vitest";
import { EventDefinitionSchema } from "./event-definition.ts";
import { EventParticipantSchema } from "./event-order.ts";
import { orderIssues } from "./event-rules.ts";

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
