import { describe, expect, it } from "vitest";
import cases from "./rule-cases.json" with { type: "json" };
import { isChild, isDanCandidate, mayCupGrade, mayOfferToInstruct, maySleepOver, mayTickGrading } from "./camp-eligibility.ts";

const home = 29;

describe("cup grading", () => {
  it.each(cases.mayGrade)("$case", ({ age, clubId, gradeId, allowed }) => {
    expect(mayCupGrade({ age, clubId, gradeId })).toBe(allowed);
  });

  it("stops at age 13 and at gradeId 14", () => {
    expect(mayCupGrade({ age: 12, clubId: home, gradeId: 13 })).toBe(true);
    expect(mayCupGrade({ age: 13, clubId: home, gradeId: 13 })).toBe(false);
    expect(mayCupGrade({ age: 12, clubId: home, gradeId: 14 })).toBe(false);
    expect(mayCupGrade({ age: 10, clubId: home, gradeId: 18 })).toBe(false);
  });
});

describe("the grading checkbox", () => {
  it("is open to home-club cup children and to dan candidates", () => {
    expect(mayTickGrading({ age: 10, clubId: home, gradeId: 5 })).toBe(true);
    expect(mayTickGrading({ age: 12, clubId: home, gradeId: 14 })).toBe(true);
    expect(mayTickGrading({ age: 30, clubId: 1, gradeId: 15 })).toBe(true);
  });

  it("is closed to youth with a cup grade and to other clubs' cup grades", () => {
    expect(mayTickGrading({ age: 13, clubId: home, gradeId: 5 })).toBe(false);
    expect(mayTickGrading({ age: 10, clubId: 1, gradeId: 13 })).toBe(false);
  });

  it("treats 1. cup (id 14) and dan grades as dan candidates", () => {
    expect(isDanCandidate(13)).toBe(false);
    expect(isDanCandidate(14)).toBe(true);
    expect(isDanCandidate(18)).toBe(true);
  });
});

describe("sleepover", () => {
  it.each(cases.maySleepOver)("$case", ({ age, clubId, allowed }) => {
    expect(maySleepOver({ age, clubId })).toBe(allowed);
  });

  it("switches at 12 for the home club only", () => {
    expect(maySleepOver({ age: 11, clubId: home })).toBe(false);
    expect(maySleepOver({ age: 12, clubId: home })).toBe(true);
    expect(maySleepOver({ age: 7, clubId: 2 })).toBe(true);
  });
});

describe("age and masters", () => {
  it("counts 12 as a child and 13 as not", () => {
    expect(isChild(12)).toBe(true);
    expect(isChild(13)).toBe(false);
  });

  it("lets masters (gradeId 18+) offer to instruct", () => {
    for (const { gradeId, master } of cases.master) expect(mayOfferToInstruct(gradeId)).toBe(master);
  });
});
