import { describe, expect, it } from "vitest";
import { jsonRows, textField } from "./json-records.ts";
import { eventParticipants } from "./schema/events.ts";
import { campRegistrations } from "./schema/camp.ts";

describe("jsonRows", () => {
  it("encodes each value as its column does, keeps a json column's value as JSON, and null as null", () => {
    const fields = {
      createdAt: campRegistrations.createdAt,
      answers: eventParticipants.answers,
      note: textField("note"),
      age: campRegistrations.age,
    };
    const json = jsonRows(fields, [{ createdAt: new Date("2027-01-09T08:00:00Z"), answers: { belt: "gult" }, note: undefined, age: 12 }]);
    expect(JSON.parse(json)).toEqual([{ ordinal: 0, created_at: "2027-01-09T08:00:00.000Z", answers: { belt: "gult" }, note: null, age: 12 }]);
  });
});
