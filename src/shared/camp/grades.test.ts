import { describe, expect, it } from "vitest";
import cases from "./rule-cases.json" with { type: "json" };
import { ClubSchema, GradeSchema, HOME_CLUB_ID, gradeLabel, gradeSearchText, isCupGrade, isHomeClub, isMaster, matchesSearch } from "./grades.ts";
import { SEED_CLUBS } from "./seed-clubs.ts";
import { SEED_GRADES } from "./seed-grades.ts";

const grade = (gradeId: number) => SEED_GRADES.find((g) => g.gradeId === gradeId)!;

describe("seed data", () => {
  it("has the 38 clubs and 23 grades, valid against the schemas", () => {
    expect(SEED_CLUBS).toHaveLength(38);
    expect(SEED_GRADES).toHaveLength(23);
    expect(new Set(SEED_CLUBS.map((c) => c.clubId)).size).toBe(38);
    expect(SEED_CLUBS.every((c) => ClubSchema.safeParse(c).success)).toBe(true);
    expect(SEED_GRADES.every((g) => GradeSchema.safeParse(g).success)).toBe(true);
  });

  it("has the home club at id 29", () => {
    expect(HOME_CLUB_ID).toBe(29);
    expect(SEED_CLUBS.find((c) => c.clubId === HOME_CLUB_ID)?.name).toBe("Ski Taekwondo Klubb");
    expect(isHomeClub(29)).toBe(true);
    expect(isHomeClub(1)).toBe(false);
  });
});

describe("masters and cup grades", () => {
  it.each(cases.master)("gradeId $gradeId master: $master", ({ gradeId, master }) => {
    expect(isMaster(gradeId)).toBe(master);
  });

  it("counts ids below 14 as cup grades; 14 leads to 1. dan", () => {
    expect(isCupGrade(1)).toBe(true);
    expect(isCupGrade(13)).toBe(true);
    expect(isCupGrade(14)).toBe(false);
    expect(isCupGrade(18)).toBe(false);
    expect(isMaster(14)).toBe(false);
  });
});

describe("labels and search", () => {
  it("labels cup grades with the name and dan grades by number", () => {
    expect(gradeLabel(grade(5))).toBe("7.1. Cup (Gult med grønn stripe)");
    expect(gradeLabel(grade(14))).toBe("1. Cup (Rødt med tre sorte striper)");
    expect(gradeLabel(grade(16))).toBe("2. Dan");
  });

  it("finds grades by number, Dan/Cup and name, whatever the case", () => {
    expect(matchesSearch(gradeSearchText(grade(16)), "2. DAN")).toBe(true);
    expect(matchesSearch(gradeSearchText(grade(5)), "grønn")).toBe(true);
    expect(matchesSearch(gradeSearchText(grade(5)), "cup")).toBe(true);
    expect(matchesSearch(gradeSearchText(grade(5)), "7.1")).toBe(true);
    expect(matchesSearch(gradeSearchText(grade(5)), "dan")).toBe(false);
    expect(SEED_GRADES.filter((g) => matchesSearch(gradeSearchText(g), "dan"))).toHaveLength(9);
  });

  it("matches clubs by case-insensitive substring, also Norwegian letters", () => {
    expect(SEED_CLUBS.filter((c) => matchesSearch(c.name, "ØY")).map((c) => c.name)).toEqual(["Osterøy"]);
    expect(matchesSearch("Ski Taekwondo Klubb", "  taekwondo ")).toBe(true);
    expect(matchesSearch("Ski Taekwondo Klubb", "")).toBe(true);
    expect(matchesSearch("Ski Taekwondo Klubb", "bergen")).toBe(false);
  });
});
