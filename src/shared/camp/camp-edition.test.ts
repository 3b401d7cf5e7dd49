import { describe, expect, it } from "vitest";
import cases from "./rule-cases.json" with { type: "json" };
import { campDays, campEditionForYear, earlyBirdPrice, isEarlyBird } from "./camp-edition.ts";
import { resolveCampEdition } from "./camp-edition.fixture.ts";
import { weekdayName } from "../format.ts";

describe("resolveCampEdition", () => {
  it("is this year's camp until its last day is over (Oslo time)", () => {
    expect(resolveCampEdition(new Date("2026-01-05T12:00:00+01:00")).year).toBe(2026);
    expect(resolveCampEdition(new Date("2026-11-30T23:59:00+01:00")).year).toBe(2026);
  });

  it("moves to next season at midnight after the last camp day", () => {
    expect(resolveCampEdition(new Date("2026-12-01T00:00:00+01:00")).year).toBe(2027);
    // 23:30 UTC on 30 November is already 1 December in Oslo.
    expect(resolveCampEdition(new Date("2026-11-30T23:30:00Z")).year).toBe(2027);
  });

  it("can be pinned", () => {
    expect(resolveCampEdition(new Date("2026-12-24T12:00:00+01:00"), 2030).year).toBe(2030);
  });
});

describe("camp days", () => {
  it("runs 28–30 November; in 2026 that is Saturday to Monday", () => {
    const days = campDays(campEditionForYear(2026));
    expect(days.map((d) => `${d.day}.${d.month}`)).toEqual(["28.11", "29.11", "30.11"]);
    expect(days.map(weekdayName)).toEqual(["lørdag", "søndag", "mandag"]);
  });

  it("was Friday to Sunday in 2025", () => {
    expect(campDays(campEditionForYear(2025)).map(weekdayName)).toEqual(["fredag", "lørdag", "søndag"]);
  });

  it("derives weekday names from the dates of another year", () => {
    expect(campDays(campEditionForYear(2027)).map(weekdayName)).toEqual(["søndag", "mandag", "tirsdag"]);
  });
});

describe("early-bird", () => {
  const edition = campEditionForYear(2026);

  it("ends at midnight before 1 November in Oslo", () => {
    expect(isEarlyBird(edition, new Date("2026-10-31T23:59:59+01:00"))).toBe(true);
    expect(isEarlyBird(edition, new Date("2026-11-01T00:00:00+01:00"))).toBe(false);
  });

  it("knows summer time ends on the last Sunday of October", () => {
    // 25 October 2026 is the switch: the deadline is 23:00 UTC on 31 October, not 22:00.
    expect(edition.earlyBirdEndsAt.toISOString()).toBe("2026-10-31T23:00:00.000Z");
  });

  it("rounds the discounted price up to whole kroner", () => {
    expect(earlyBirdPrice(edition, 1025)).toBe(923);
    expect(earlyBirdPrice(edition, 1200)).toBe(1080);
  });

  it("agrees with the worked examples in the spec", () => {
    for (const example of cases.price.filter((c) => c.clubId !== 29 && c.companions.length === 0)) {
      const full = example.age <= edition.settings.price.childMaxAge ? 1025 : 1200;
      const price = isEarlyBird(edition, new Date(example.at)) ? earlyBirdPrice(edition, full) : full;
      expect(price, example.case).toBe(example.total);
    }
  });
});

describe("refund deadline", () => {
  it("gives full refund until midnight after 21 November", () => {
    const edition = campEditionForYear(2026);
    for (const example of cases.refund) {
      const full = new Date(example.at).getTime() < edition.fullRefundEndsAt.getTime();
      expect(full ? example.paid : example.paid * edition.settings.refund.laterShare, example.case).toBe(example.refund);
    }
  });
});
