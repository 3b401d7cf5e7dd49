import { describe, expect, it } from "vitest";
import { formatDateRange, formatKroner, formatKronerOre, formatLongDate, formatOsloDateTime, weekdayName } from "./format.ts";

describe("formatKroner", () => {
  it("groups thousands the Norwegian way", () => {
    expect(formatKroner(1025).replace(/\s/g, " ")).toBe("1 025 kr");
    expect(formatKroner(0).replace(/\s/g, " ")).toBe("0 kr");
  });
});

describe("dates", () => {
  it("formats a camp weekend", () => {
    expect(formatDateRange({ year: 2026, month: 11, day: 28 }, { year: 2026, month: 11, day: 30 })).toBe(
      "28.–30. november 2026",
    );
  });

  it("spans a month end", () => {
    expect(formatDateRange({ year: 2026, month: 11, day: 30 }, { year: 2026, month: 12, day: 2 })).toBe(
      "30. november – 2. desember 2026",
    );
  });

  it("names weekdays from the date", () => {
    expect(weekdayName({ year: 2026, month: 11, day: 28 })).toBe("lørdag");
    expect(weekdayName({ year: 2025, month: 11, day: 28 })).toBe("fredag");
    expect(formatLongDate({ year: 2026, month: 11, day: 1 })).toBe("1. november 2026");
  });
});

describe("formatKronerOre", () => {
  it("shows øre only when there are any", () => {
    expect(formatKronerOre(1234.5).replace(/\s/g, " ")).toBe("1 234,50 kr");
    expect(formatKronerOre(0.05).replace(/\s/g, " ")).toBe("0,05 kr");
    expect(formatKronerOre(480).replace(/\s/g, " ")).toBe("480 kr");
  });
});

describe("formatOsloDateTime", () => {
  it("says the Oslo wall-clock time in summer and in winter", () => {
    expect(formatOsloDateTime(new Date("2026-05-01T10:00:00Z"))).toBe("fredag 1. mai kl. 12.00");
    expect(formatOsloDateTime(new Date("2026-11-29T23:30:00Z"))).toBe("mandag 30. november kl. 00.30");
  });
});
