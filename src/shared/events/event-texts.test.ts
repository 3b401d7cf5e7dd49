import { describe, expect, it } from "vitest";
import { eventStateText, eventWhenWhereText, momentText } from "./event-texts.ts";

const opens = "2026-11-30T07:00:00Z";

describe("momentText: a date far from today says its year", () => {
  it("leaves the year out near today in the same year", () => {
    expect(momentText(opens, new Date("2026-11-27T12:00:00Z"))).toBe("mandag 30. november kl. 08.00");
  });

  it("says the year when today is in another year", () => {
    expect(momentText(opens, new Date("2025-12-20T12:00:00Z"))).toBe("mandag 30. november 2026 kl. 08.00");
    expect(momentText("2027-01-04T07:00:00Z", new Date("2026-12-20T12:00:00Z"))).toBe("mandag 4. januar 2027 kl. 08.00");
  });

  it("says the year when the date is more than half a year away in the same year", () => {
    expect(momentText(opens, new Date("2026-01-05T12:00:00Z"))).toBe("mandag 30. november 2026 kl. 08.00");
  });

  it("in the list's line: «Påmeldingen åpner mandag 30. november 2026 kl. 08.00.»", () => {
    const event = { state: "notyet", placesLeft: 10, registrationOpensAt: opens, kind: "gradering" } as const;
    expect(eventStateText(event, new Date("2025-12-01T12:00:00Z"))).toBe("Påmeldingen åpner mandag 30. november 2026 kl. 08.00.");
  });
});

describe("eventStateText for a full event", () => {
  it("says the waiting list is open for a grading or course, sold out for a sale", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    expect(eventStateText({ state: "full", placesLeft: 0, registrationOpensAt: opens, kind: "kurs" }, now)).toBe(
      "Fullt – ventelisten er åpen. Blir det ledig plass, får du tilbud på e-post.",
    );
    expect(eventStateText({ state: "full", placesLeft: null, registrationOpensAt: opens, kind: "salg" }, now)).toBe("Alt er utsolgt.");
  });
});

describe("eventWhenWhereText: the days, and the place only when there is one", () => {
  it("names the place after the days, and leaves no comma when there is none", () => {
    expect(eventWhenWhereText({ firstDay: "2026-12-12", lastDay: "2026-12-12", venue: "Ski Taekwondo Klubb" })).toBe(
      "lørdag 12. desember 2026, Ski Taekwondo Klubb",
    );
    expect(eventWhenWhereText({ firstDay: "2026-12-12", lastDay: "2026-12-13", venue: "" })).toBe("12.–13. desember 2026");
  });
});
