import { describe, expect, it } from "vitest";
import { editionBadge, registrationStateText } from "./edition-status.ts";

const window = {
  year: 2027,
  firstDay: "2027-11-26",
  registrationOpensAt: "2026-11-30T23:00:00.000Z",
  registrationClosesAt: "2027-11-28T23:00:00.000Z",
  registrationDuringCamp: true,
  capacity: 100,
};

describe("the editions list's words", () => {
  it("tells current, draft and earlier editions apart", () => {
    expect(editionBadge({ current: true, publishedAt: "2026-01-01T00:00:00Z" })).toBe("current");
    expect(editionBadge({ current: false, publishedAt: null })).toBe("draft");
    expect(editionBadge({ current: false, publishedAt: "2026-01-01T00:00:00Z", phase: "past" })).toBe("earlier");
    expect(editionBadge({ current: false, publishedAt: "2026-01-01T00:00:00Z", phase: "upcoming" })).toBe("coming");
  });

  it("says where registration stands in Oslo time, with the year when far off or of another year than the camp, by the clock or by the server's count", () => {
    expect(registrationStateText(window, new Date("2026-11-25T12:00:00Z"))).toBe("Påmeldingen åpner tirsdag 1. desember 2026 kl. 00.00");
    expect(registrationStateText(window, new Date("2027-03-01T12:00:00Z"))).toBe("Påmeldingen er åpen til mandag 29. november 2027 kl. 00.00");
    expect(registrationStateText(window, new Date("2027-03-01T12:00:00Z"), { state: "open", placesLeft: 4 })).toBe(
      "Påmeldingen er åpen til mandag 29. november 2027 kl. 00.00 (4 plasser igjen)",
    );
    expect(registrationStateText(window, new Date("2027-03-01T12:00:00Z"), { state: "full", placesLeft: 0 })).toBe(
      "Fullt: nye påmeldinger går på ventelisten til mandag 29. november 2027 kl. 00.00",
    );
    expect(registrationStateText(window, new Date("2027-12-01T12:00:00Z"))).toBe("Påmeldingen stengte mandag 29. november kl. 00.00");
  });

  it("says registration closes when the camp starts unless the edition keeps it open during the camp", () => {
    const closesAtStart = { ...window, registrationDuringCamp: false };
    expect(registrationStateText(closesAtStart, new Date("2027-03-01T12:00:00Z"))).toBe("Påmeldingen er åpen til fredag 26. november 2027 kl. 00.00");
    expect(registrationStateText(closesAtStart, new Date("2027-11-27T12:00:00Z"))).toBe("Påmeldingen stengte fredag 26. november kl. 00.00");
  });
});
