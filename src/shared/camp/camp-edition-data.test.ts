import { describe, expect, it } from "vitest";
import { campEditionForYear } from "./camp-edition.ts";
import { campProgram } from "./camp-program.ts";
import { campEditionFromData, comingSeasonYear, nextEditionData, parseCalendarDate, standardEditionData } from "./camp-edition-data.ts";
import { CampEditionDataSchema } from "./camp-edition-schema.ts";
import { weekdayName } from "../format.ts";

const messagesOf = (input: unknown) => {
  const result = CampEditionDataSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("camp edition data", () => {
  it("seeds the club's usual edition, valid and equal to the rules the site has used", () => {
    const data = standardEditionData(2026);
    expect(messagesOf(data)).toEqual([]);
    expect(data).toMatchObject({
      firstDay: "2026-11-28",
      lastDay: "2026-11-30",
      prices: { child: 1025, adult: 1200, childMaxAge: 12 },
      companionFee: 550,
      gradingFee: 350,
      capacity: null,
    });
    expect(data.earlyBird.lastDay).toBe("2026-10-31");
    expect(data.refund).toEqual({ fullUntil: "2026-11-21", laterPercent: 50 });
    expect(data.registrationOpensAt).toBe("2025-11-30T23:00:00.000Z");
    expect(data.registrationClosesAt).toBe("2026-11-30T23:00:00.000Z");
    const { program, ...rules } = campEditionFromData(data);
    expect(rules).toEqual(campEditionForYear(2026));
    expect(campProgram(campEditionFromData(data))).toEqual(campProgram(campEditionForYear(2026)));
    expect(program).toEqual(data.program);
  });

  it("starts with this year's camp until its last day is over, then next year's", () => {
    expect(comingSeasonYear(new Date("2026-11-30T22:59:00Z"))).toBe(2026);
    expect(comingSeasonYear(new Date("2026-11-30T23:00:00Z"))).toBe(2027);
  });

  it("copies an edition a year on with the same weekdays and Oslo times", () => {
    const friday = {
      ...standardEditionData(2026),
      firstDay: "2026-11-27",
      lastDay: "2026-11-29",
      registrationOpensAt: "2026-03-01T09:00:00+01:00",
      registrationClosesAt: "2026-11-29T23:00:00Z",
    };
    const next = nextEditionData(friday);
    expect(next.year).toBe(2027);
    expect([next.firstDay, next.lastDay]).toEqual(["2027-11-26", "2027-11-28"]);
    expect(weekdayName(parseCalendarDate(next.firstDay)!)).toBe("fredag");
    expect(next.registrationOpensAt).toBe("2027-02-28T08:00:00.000Z");
    expect(next.earlyBird.lastDay).toBe("2027-10-30");
    expect(messagesOf(next)).toEqual([]);
  });

  it("refuses an edition that does not hang together, with Norwegian messages", () => {
    const base = standardEditionData(2026);
    expect(messagesOf({ ...base, lastDay: "2026-11-27" })).toContain("lastDay: Siste leirdag kan ikke være før første leirdag.");
    expect(messagesOf({ ...base, firstDay: "2026-02-30" })).toContain("firstDay: Skriv en gyldig dato (ÅÅÅÅ-MM-DD).");
    expect(messagesOf({ ...base, registrationClosesAt: base.registrationOpensAt })).toContain(
      "registrationClosesAt: Påmeldingen må stenge etter at den åpner.",
    );
    expect(messagesOf({ ...base, registrationClosesAt: "2026-12-05T10:00:00Z" })).toContain(
      "registrationClosesAt: Påmeldingen må stenge senest når leiren er over.",
    );
    expect(messagesOf({ ...base, prices: { ...base.prices, child: -1 } })).toContain("prices.child: Barneprisen kan ikke være negativ.");
    expect(messagesOf({ ...base, refund: { ...base.refund, fullUntil: "2026-11-28" } })).toContain(
      "refund.fullUntil: Fristen for full refusjon må være før leiren starter.",
    );
    expect(messagesOf({ ...base, earlyBird: { ...base.earlyBird, lastDay: "2026-12-01" } })).toContain(
      "earlyBird.lastDay: Siste dag for tidligrabatt må være før leiren starter.",
    );
    expect(messagesOf({ ...base, program: [...base.program, []] })).toContain("program: Programmet har 4 dager, men leiren har 3.");
    expect(messagesOf({ ...base, capacity: 10, sleepoverCapacity: 11 })).toContain(
      "sleepoverCapacity: Det kan ikke være flere overnattingsplasser enn plasser.",
    );
    expect(messagesOf({ ...base, year: 2027 })).toContain("firstDay: Første leirdag må være i 2027.");
  });
});
