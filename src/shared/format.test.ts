import fc from "fast-check";
import { osloCalendarDate } from "./time.ts";
import { describe, expect, it } from "vitest";
import {
  compareNorwegian,
  formatDateRange,
  formatDayMonth,
  formatKroner,
  formatKronerOre,
  formatLongDate,
  formatOsloDateTime,
  monthNames,
  osloDateTimeLabel,
  osloSortableDateTimeLabel,
  osloWallClock,
  weekdayName,
  weekdayNames,
} from "./format.ts";

describe("formatKroner", () => {
  it("groups thousands the Norwegian way", () => {
    expect(formatKroner(1025).replace(/\s/g, " ")).toBe("1 025 kr");
    expect(formatKroner(0).replace(/\s/g, " ")).toBe("0 kr");
  });
});

describe("dates", () => {
  it("formats a camp weekend", () => {
    expect(formatDateRange({ year: 2026, month: 11, day: 28 }, { year: 2026, month: 11, day: 30 })).toBe("28.–30. november 2026");
  });

  it("spans a month end", () => {
    expect(formatDateRange({ year: 2026, month: 11, day: 30 }, { year: 2026, month: 12, day: 2 })).toBe("30. november – 2. desember 2026");
  });

  it("names weekdays from the date", () => {
    expect(weekdayName({ year: 2026, month: 11, day: 28 })).toBe("lørdag");
    expect(weekdayName({ year: 2025, month: 11, day: 28 })).toBe("fredag");
    expect(formatLongDate({ year: 2026, month: 11, day: 1 })).toBe("1. november 2026");
  });

  it("names months and weekdays as Intl does in bokmål", () => {
    const month = new Intl.DateTimeFormat("nb-NO", { month: "long", timeZone: "UTC" });
    const dayMonth = new Intl.DateTimeFormat("nb-NO", { day: "numeric", month: "long", timeZone: "UTC" });
    const weekday = new Intl.DateTimeFormat("nb-NO", { weekday: "long", timeZone: "UTC" });
    for (let m = 1; m <= 12; m++) {
      const date = new Date(Date.UTC(2026, m - 1, 1, 12));
      expect(monthNames[m - 1]).toBe(month.format(date));
      expect(formatDayMonth({ year: 2026, month: m, day: 1 })).toBe(dayMonth.format(date));
    }
    // 1–7 March 2026 is Sunday to Saturday.
    for (let d = 1; d <= 7; d++) {
      const date = new Date(Date.UTC(2026, 2, d, 12));
      expect(weekdayNames[d - 1]).toBe(weekday.format(date));
      expect(weekdayName({ year: 2026, month: 3, day: d })).toBe(weekday.format(date));
    }
  });
});

describe("Oslo date-time labels", () => {
  it("write a moment in Oslo time, summer and winter, for lists and for sorting", () => {
    expect(osloDateTimeLabel("2026-11-25T05:27:03.977Z")).toBe("25.11.2026 06:27");
    expect(osloDateTimeLabel(new Date("2026-07-01T22:30:00Z"))).toBe("02.07.2026 00:30");
    expect(osloSortableDateTimeLabel("2026-07-01T22:30:00Z")).toBe("2026-07-02 00:30");
    // A spreadsheet cell holds the Oslo wall-clock time in the Date's UTC fields.
    expect(osloWallClock("2026-07-01T22:30:00Z")).toEqual(new Date("2026-07-02T00:30:00Z"));
  });

  it("keeps text that is no date and leaves nothing empty", () => {
    expect(osloDateTimeLabel("ukjent")).toBe("ukjent");
    expect(osloDateTimeLabel(null)).toBe("");
    expect(osloDateTimeLabel("")).toBe("");
  });
});

describe("compareNorwegian", () => {
  it("sorts æ, ø, å last and numbers by value", () => {
    expect(["Åsane", "Ørsta", "Ås", "Bergen", "Æra"].sort(compareNorwegian)).toEqual(["Bergen", "Æra", "Ørsta", "Ås", "Åsane"]);
    expect(["Gruppe 10", "gruppe 2"].sort(compareNorwegian)).toEqual(["gruppe 2", "Gruppe 10"]);
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

  it("says the year of a date far from today or in another year than the one it is about", () => {
    const opens = new Date("2026-11-29T23:00:00Z");
    const today = new Date("2026-11-26T10:00:00Z");
    expect(formatOsloDateTime(opens, { now: today })).toBe("mandag 30. november kl. 00.00");
    // Next year's camp opening this autumn: the year is not the camp's.
    expect(formatOsloDateTime(opens, { now: today, year: 2027 })).toBe("mandag 30. november 2026 kl. 00.00");
    expect(formatOsloDateTime(opens, { now: new Date("2026-03-01T10:00:00Z") })).toBe("mandag 30. november 2026 kl. 00.00");
    expect(formatOsloDateTime(opens, { now: new Date("2027-01-02T10:00:00Z") })).toBe("mandag 30. november 2026 kl. 00.00");
  });

  it("writes the year exactly when the date is over half a year off or of another year (property)", () => {
    const instant = fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2035-01-01T00:00:00Z"), noInvalidDate: true });
    fc.assert(
      fc.property(instant, instant, (at, now) => {
        const text = formatOsloDateTime(at, { now });
        const year = osloCalendarDate(at).year;
        const far = Math.abs(at.getTime() - now.getTime()) > 183 * 24 * 60 * 60 * 1000 || year !== osloCalendarDate(now).year;
        expect(text.includes(` ${year} kl.`)).toBe(far);
      }),
    );
  });
});
