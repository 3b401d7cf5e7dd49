import { describe, expect, it } from "vitest";
import { campEditionForYear, campSettings } from "./camp-edition.ts";
import { calculateCampPrice } from "./camp-pricing.ts";
import { campPriceList } from "./camp-price-list.ts";
import { SEED_GRADES } from "./seed-grades.ts";
import { formatKroner } from "../format.ts";

const edition = campEditionForYear(2026);
const amountOf = (key: string, at: Date) => campPriceList(edition, at).find((line) => line.key === key)?.amount;

describe("the camp's price list says what the price calculation charges", () => {
  const before = new Date("2026-10-15T10:00:00+02:00");
  const after = new Date("2026-11-20T10:00:00+01:00");
  const athlete = { firstName: "Ola", lastName: "Nordmann", gradeId: SEED_GRADES[0]!.gradeId, gradering: false, ledsagere: [] };
  const charged = (patch: Partial<typeof athlete> & { age: number; clubId: number }, at: Date) =>
    calculateCampPrice({ ...athlete, ...patch }, { edition, at, grades: SEED_GRADES }).total;

  it("lists the home club's athletes as free, as they are charged", () => {
    expect(amountOf("home-club", after)).toBe("Gratis");
    expect(charged({ age: 10, clubId: campSettings.homeClubId }, after)).toBe(0);
  });

  it("lists the full prices and, before its deadline only, the early-bird price", () => {
    const otherClub = campSettings.homeClubId + 1;
    expect(amountOf("child", after)).toBe(formatKroner(charged({ age: 10, clubId: otherClub }, after)));
    expect(amountOf("adult", after)).toBe(formatKroner(charged({ age: 30, clubId: otherClub }, after)));
    expect(amountOf("early-bird-child", after)).toBeUndefined();
    expect(amountOf("early-bird-child", before)).toBe(formatKroner(charged({ age: 10, clubId: otherClub }, before)));
    expect(amountOf("early-bird-adult", before)).toBe(formatKroner(charged({ age: 30, clubId: otherClub }, before)));
  });
});
