import { describe, expect, it } from "vitest";
import { campEditionFromData, standardEditionData } from "../camp/camp-edition-data.ts";
import { campPagePhase, isCampOver } from "./render-context.ts";
import { testNow } from "../test-clock.fixture.ts";

describe("campPagePhase", () => {
  const data = { ...standardEditionData(2026), firstDay: "2026-11-27", lastDay: "2026-11-29", registrationClosesAt: "2026-11-29T22:59:00.000Z" };
  data.earlyBird = { ...data.earlyBird, lastDay: "2026-10-31" };

  it("follows the early-bird deadline and the end of the camp's last day in Oslo", () => {
    expect(campPagePhase(data, new Date("2026-10-31T22:59:59Z"))).toBe("early");
    expect(campPagePhase(data, new Date("2026-10-31T23:00:00Z"))).toBe("regular");
    // The last day ends at midnight Oslo time (UTC+1 in November).
    expect(campPagePhase(data, new Date("2026-11-29T22:59:59Z"))).toBe("regular");
    expect(campPagePhase(data, new Date("2026-11-29T23:00:00Z"))).toBe("over");
    expect(isCampOver(campEditionFromData(data), new Date("2026-11-29T23:00:00Z"))).toBe(true);
  });

  it("has a phase of its own without an edition", () => {
    expect(campPagePhase(null, testNow())).toBe("none");
  });
});
