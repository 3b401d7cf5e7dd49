import { describe, expect, it } from "vitest";
import {
  campEditionFromData,
  closedByCampStart,
  copyEditionData,
  registrationClosesAt,
  registrationStateAt,
  standardEditionData,
  withEditionDefaults,
} from "./camp-edition-data.ts";
import { campMoment, campMomentKey } from "./camp-edition-phase.ts";
import { CampEditionDataSchema, type CampEditionData } from "./camp-edition-schema.ts";
import { campWhenSentence, registrationNowSentence } from "./camp-moment-texts.ts";
import { cancellationTermsAt } from "./cancellation-terms.ts";
import { eventStateText } from "../events/event-texts.ts";
import { formatDateRangeAsRead } from "../format.ts";

// The 2026 camp: 28–30 November, early-bird before 1 November, full refund until 21 November; registration
// opened the day after the 2025 camp and, by the edition's window, closes when the camp is over.
const camp2026 = standardEditionData(2026);
const lateAllowed: CampEditionData = { ...camp2026, registrationDuringCamp: true };
const at = (iso: string) => new Date(iso);
const edition = campEditionFromData(camp2026);

describe("registration during the camp", () => {
  it("is off in a new edition, and an edition stored without the setting reads as off", () => {
    expect(camp2026.registrationDuringCamp).toBe(false);
    const { registrationDuringCamp: _dropped, ...stored } = camp2026;
    expect(CampEditionDataSchema.parse(stored).registrationDuringCamp).toBe(false);
    expect(withEditionDefaults(stored as CampEditionData).registrationDuringCamp).toBe(false);
    expect(copyEditionData(lateAllowed, 2027).registrationDuringCamp).toBe(true);
  });

  it("closes registration when the camp starts (midnight Oslo before its first day) unless the edition keeps it open", () => {
    expect(registrationClosesAt(camp2026).toISOString()).toBe("2026-11-27T23:00:00.000Z");
    expect(registrationClosesAt(lateAllowed).toISOString()).toBe(camp2026.registrationClosesAt);
    // An earlier closing time of the edition's own stays.
    expect(registrationClosesAt({ ...camp2026, registrationClosesAt: "2026-11-20T23:00:00.000Z" }).toISOString()).toBe("2026-11-20T23:00:00.000Z");

    expect(registrationStateAt(camp2026, at("2026-11-27T22:59:59Z"), 0).state).toBe("open");
    expect(registrationStateAt(camp2026, at("2026-11-27T23:00:00Z"), 0).state).toBe("closed");
    expect(registrationStateAt(lateAllowed, at("2026-11-29T09:00:00Z"), 0).state).toBe("open");
    expect(registrationStateAt(lateAllowed, at("2026-11-30T23:00:00Z"), 0).state).toBe("closed");

    expect(closedByCampStart(camp2026, at("2026-11-29T09:00:00Z"))).toBe(true);
    expect(closedByCampStart(camp2026, at("2026-11-27T09:00:00Z"))).toBe(false);
    expect(closedByCampStart(lateAllowed, at("2026-11-29T09:00:00Z"))).toBe(false);
  });
});

describe("the camp's moment", () => {
  const cases: [string, string, string][] = [
    ["2026-10-15T10:00:00+02:00", "early", "upcoming"],
    ["2026-11-10T10:00:00+01:00", "regular", "upcoming"],
    ["2026-11-24T10:00:00+01:00", "late", "upcoming"],
    ["2026-11-29T10:00:00+01:00", "running", "running"],
    ["2026-12-05T10:00:00+01:00", "over", "past"],
  ];
  it.each(cases)("at %s the pages are in state %s", (instant, key, phase) => {
    const moment = campMoment(camp2026, at(instant));
    expect(campMomentKey(moment)).toBe(key);
    expect(moment.phase).toBe(phase);
  });

  it("takes late registrations while the camp is under way only when the edition allows it", () => {
    expect(campMomentKey(campMoment(lateAllowed, at("2026-11-29T10:00:00+01:00")))).toBe("running-open");
  });
});

describe("the camp's sentences at a moment", () => {
  const now = (instant: string) => at(instant);

  it("say the camp is coming, under way («pågår») or was, with the year on the days only when needed", () => {
    expect(campWhenSentence(edition, "upcoming", now("2026-11-10T10:00:00+01:00"))).toBe(
      "Vinterleiren 2026 er 28.–30. november på Follo Stil Arena.",
    );
    expect(campWhenSentence(edition, "running", now("2026-11-29T10:00:00+01:00"))).toBe(
      "Vinterleiren 2026 pågår nå: 28.–30. november på Follo Stil Arena.",
    );
    expect(campWhenSentence(edition, "past", now("2026-12-05T10:00:00+01:00"))).toBe("Vinterleiren 2026 var 28.–30. november på Follo Stil Arena.");
    // Read in another year, the days carry theirs.
    expect(campWhenSentence(edition, "past", now("2027-01-05T10:00:00+01:00"))).toBe(
      "Vinterleiren 2026 var 28.–30. november 2026 på Follo Stil Arena.",
    );
  });

  it("say what registering now means", () => {
    const running = campMoment(camp2026, now("2026-11-29T10:00:00+01:00"));
    expect(registrationNowSentence(edition, running, now("2026-11-29T10:00:00+01:00"))).toBe("Påmeldingen stengte da leiren startet.");
    const late = campMoment(lateAllowed, now("2026-11-29T10:00:00+01:00"));
    expect(registrationNowSentence(edition, late, now("2026-11-29T10:00:00+01:00"))).toBe(
      "Påmeldingen er åpen mens leiren pågår. Melder du deg på nå, betaler du med kort eller kontant når du kommer til leiren – ikke med Vipps.",
    );
    expect(
      registrationNowSentence(edition, campMoment(camp2026, now("2026-11-10T10:00:00+01:00")), now("2026-11-10T10:00:00+01:00")),
    ).toBeUndefined();
  });

  it("never state a passed deadline as one to come in the cancellation terms", () => {
    const before = cancellationTermsAt(edition, now("2026-11-10T10:00:00+01:00")).join(" ");
    expect(before).toContain("fram til leiren starter 28. november 2026");
    expect(before).toContain("innen midnatt 21. november 2026");

    const afterRefund = cancellationTermsAt(edition, now("2026-11-24T10:00:00+01:00")).join(" ");
    expect(afterRefund).toContain("Fristen for å få alt tilbake gikk ut ved midnatt 21. november 2026");
    expect(afterRefund).toContain("fram til leiren starter 28. november 2026");
    expect(afterRefund).not.toContain("innen midnatt");

    const running = cancellationTermsAt(edition, now("2026-11-29T10:00:00+01:00")).join(" ");
    expect(running).not.toContain("fram til leiren starter");
    expect(running).toContain("Leiren har startet, så du kan ikke lenger avbestille eller endre på «Min påmelding».");
  });
});

describe("dates of another year carry it", () => {
  it("a range in the year of what it is about and of today goes without the year", () => {
    const from = { year: 2026, month: 11, day: 28 };
    const to = { year: 2026, month: 11, day: 30 };
    expect(formatDateRangeAsRead(from, to, { now: at("2026-11-29T10:00:00+01:00"), year: 2026 })).toBe("28.–30. november");
    expect(formatDateRangeAsRead(from, to, { now: at("2025-12-05T10:00:00+01:00"), year: 2026 })).toBe("28.–30. november 2026");
    expect(formatDateRangeAsRead(from, to, { now: at("2026-11-29T10:00:00+01:00"), year: 2027 })).toBe("28.–30. november 2026");
  });

  it("next year's camp opening this year says its year on the events list", () => {
    const camp2027 = copyEditionData(camp2026, 2027);
    const text = eventStateText(
      { kind: "vinterleir", state: "notyet", placesLeft: null, registrationOpensAt: camp2027.registrationOpensAt, firstDay: camp2027.firstDay },
      at("2026-11-29T10:00:00+01:00"),
    );
    expect(text).toBe("Påmeldingen åpner mandag 30. november 2026 kl. 00.00.");
  });
});
