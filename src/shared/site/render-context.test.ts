import { describe, expect, it } from "vitest";
import { standardEditionData } from "../camp/camp-edition-data.ts";
import { campPagePhase } from "./render-context.ts";
import { campMoment } from "../camp/camp-edition-phase.ts";
import { testNow } from "../test-clock.fixture.ts";

describe("campPagePhase", () => {
  const data = { ...standardEditionData(2026), firstDay: "2026-11-27", lastDay: "2026-11-29", registrationClosesAt: "2026-11-29T22:59:00.000Z" };
  data.earlyBird = { ...data.earlyBird, lastDay: "2026-10-31" };

  it("follows the early-bird deadline, the full-refund deadline, the camp's start and the end of its last day in Oslo", () => {
    expect(campPagePhase(data, new Date("2026-10-31T22:59:59Z"))).toBe("early");
    expect(campPagePhase(data, new Date("2026-10-31T23:00:00Z"))).toBe("regular");
    // Full refund until midnight after 21 November (UTC+1 in November).
    expect(campPagePhase(data, new Date("2026-11-21T22:59:59Z"))).toBe("regular");
    expect(campPagePhase(data, new Date("2026-11-21T23:00:00Z"))).toBe("late");
    // The camp starts at midnight before its first day; registration closed then (the edition does not keep it open).
    expect(campPagePhase(data, new Date("2026-11-26T22:59:59Z"))).toBe("late");
    expect(campPagePhase(data, new Date("2026-11-26T23:00:00Z"))).toBe("running");
    expect(campPagePhase({ ...data, registrationDuringCamp: true }, new Date("2026-11-26T23:00:00Z"))).toBe("running-open");
    // The last day ends at midnight Oslo time.
    expect(campPagePhase(data, new Date("2026-11-29T22:59:59Z"))).toBe("running");
    expect(campPagePhase(data, new Date("2026-11-29T23:00:00Z"))).toBe("over");
    expect(campMoment(data, new Date("2026-11-29T23:00:00Z")).phase).toBe("past");
  });

  it("tells a registration window not yet open or closed early apart", () => {
    const notYet = { ...data, registrationOpensAt: "2026-06-01T08:00:00.000Z" };
    expect(campPagePhase(notYet, new Date("2026-05-01T08:00:00Z"))).toBe("early-notyet");
    const closedEarly = { ...data, registrationClosesAt: "2026-11-20T23:00:00.000Z" };
    expect(campPagePhase(closedEarly, new Date("2026-11-22T08:00:00Z"))).toBe("late-closed");
  });

  it("has a phase of its own without an edition", () => {
    expect(campPagePhase(null, testNow())).toBe("none");
  });
});
