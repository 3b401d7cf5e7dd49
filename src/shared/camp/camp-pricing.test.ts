import { describe, expect, it } from "vitest";
import cases from "./rule-cases.json" with { type: "json" };
import { campEditionForYear, campSettings } from "./camp-edition.ts";
import { calculateCampPrice, campRefund, toOre, type PricedRegistration } from "./camp-pricing.ts";
import { SEED_GRADES } from "./seed-grades.ts";

const edition = campEditionForYear(2026);
const withLateFee = campEditionForYear(2026, { ...campSettings, lateFee: { ...campSettings.lateFee, enabled: true } });
const afterEarlyBird = new Date("2026-11-10T12:00:00+01:00");

function registration(overrides: Partial<PricedRegistration> = {}): PricedRegistration {
  return { firstName: "Ola", lastName: "Nordmann", age: 30, clubId: 1, gradeId: 5, gradering: false, ledsagere: [], ...overrides };
}

const price = (at: Date, overrides: Partial<PricedRegistration> = {}, on = edition) =>
  calculateCampPrice(registration(overrides), { edition: on, at, grades: SEED_GRADES });

describe("worked examples", () => {
  it.each(cases.price)("$case: $total", ({ at, age, clubId, gradeId, gradering, companions, total }) => {
    const ledsagere = companions.map((c, i) => ({ firstName: "Kari", lastName: `Nordmann ${i + 1}`, ...c }));
    expect(price(new Date(at), { age, clubId, gradeId, gradering, ledsagere }).total).toBe(total);
  });
});

describe("athlete line", () => {
  it("names the child price, the adult price and the home club", () => {
    expect(price(afterEarlyBird, { age: 12 }).lines).toEqual([{ kind: "athlete", label: "Vinterleir, barn: Ola Nordmann", amount: 1025 }]);
    expect(price(afterEarlyBird, { age: 13 }).lines).toEqual([{ kind: "athlete", label: "Vinterleir, ungdom/voksen: Ola Nordmann", amount: 1200 }]);
    expect(price(afterEarlyBird, { clubId: 29 }).lines).toEqual([
      { kind: "athlete", label: "Utøver fra Ski Taekwondo Klubb: Ola Nordmann", amount: 0 },
    ]);
  });

  it("gives the early-bird price until 31 October 23:59 Oslo time, not UTC", () => {
    expect(price(new Date("2026-10-31T23:59:00+01:00"), { age: 12 }).lines[0]).toEqual({
      kind: "athlete",
      label: "Vinterleir, barn: Ola Nordmann (tidlig påmelding −10 %)",
      amount: 923,
    });
    expect(price(new Date("2026-11-01T00:00:00+01:00"), { age: 12 }).total).toBe(1025);
    // 23:30 UTC on 31 October is already 1 November in Oslo.
    expect(price(new Date("2026-10-31T23:30:00Z")).total).toBe(1200);
  });
});

describe("late fee", () => {
  it("is off in the standard settings", () => {
    expect(price(new Date("2026-11-25T12:00:00+01:00")).total).toBe(1200);
  });

  it("applies from midnight after 20 November when switched on", () => {
    expect(price(new Date("2026-11-20T23:59:00+01:00"), {}, withLateFee).total).toBe(1200);
    const late = price(new Date("2026-11-21T00:00:00+01:00"), {}, withLateFee);
    expect(late.lines.at(-1)).toEqual({ kind: "late-fee", label: "Sen påmelding", amount: 100 });
    expect(late.total).toBe(1300);
  });

  it("never applies to the home club", () => {
    expect(price(new Date("2026-11-21T00:00:00+01:00"), { clubId: 29 }, withLateFee).total).toBe(0);
  });
});

describe("grading", () => {
  it("charges cup grading for home-club children only", () => {
    const child = { clubId: 29, age: 12, gradeId: 13, gradering: true };
    expect(price(afterEarlyBird, child).lines[1]).toEqual({ kind: "grading", label: "Cup-gradering", amount: 350 });
    expect(price(afterEarlyBird, { ...child, age: 13 }).total).toBe(0);
    expect(price(afterEarlyBird, { ...child, clubId: 1 }).total).toBe(1025);
    expect(price(afterEarlyBird, { ...child, gradering: false }).total).toBe(0);
  });

  it("lists a dan candidate's grading at 0 (paid to the federation), gradeId 14 included", () => {
    for (const gradeId of [14, 18]) {
      expect(price(afterEarlyBird, { clubId: 29, age: 12, gradeId, gradering: true }).lines).toEqual([
        { kind: "athlete", label: "Utøver fra Ski Taekwondo Klubb: Ola Nordmann", amount: 0 },
        { kind: "grading", label: "Dan-gradering (betales direkte til forbundet)", amount: 0 },
      ]);
    }
  });

  it("refuses a grade it does not know", () => {
    expect(() => price(afterEarlyBird, { gradeId: 99 })).toThrow(RangeError);
  });
});

describe("companions", () => {
  it("charges 550 each, and shows an already registered one at 0", () => {
    const result = price(afterEarlyBird, {
      ledsagere: [
        { firstName: "Kari", lastName: "Nordmann", alreadyRegistered: false },
        { firstName: "Per", lastName: "Hansen", alreadyRegistered: true },
      ],
    });
    expect(result.lines.slice(1)).toEqual([
      { kind: "companion", label: "Ledsager: Kari Nordmann", amount: 550 },
      { kind: "companion", label: "Ledsager: Per Hansen (allerede påmeldt)", amount: 0 },
    ]);
    expect(result.total).toBe(1750);
  });
});

describe("refund", () => {
  it.each(cases.refund)("$case", ({ at, paid, refund }) => {
    expect(campRefund(paid, edition, new Date(at))).toBe(refund);
  });

  it("rounds the later share up, in the payer's favour", () => {
    const late = new Date("2026-11-22T00:00:00+01:00");
    expect(campRefund(1025, edition, late)).toBe(513);
    expect(campRefund(1000, campEditionForYear(2026, { ...campSettings, refund: { ...campSettings.refund, laterShare: 0.7 } }), late)).toBe(700);
    expect(campRefund(1025, edition, new Date("2026-11-21T23:59:59+01:00"))).toBe(1025);
  });
});

describe("toOre", () => {
  it("converts kroner to øre for Vipps", () => {
    expect(toOre(1025)).toBe(102500);
    expect(toOre(0)).toBe(0);
  });
});
