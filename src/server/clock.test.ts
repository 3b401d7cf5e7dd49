import { describe, expect, it } from "vitest";
import { createClock } from "./clock.ts";

describe("the server's clock", () => {
  it("is real time without CLOCK_START", () => {
    let real = Date.parse("2027-03-01T12:00:00Z");
    const clock = createClock({}, () => real);
    expect(clock().toISOString()).toBe("2027-03-01T12:00:00.000Z");
    real += 5_000;
    expect(clock().toISOString()).toBe("2027-03-01T12:00:05.000Z");
  });

  it("starts at CLOCK_START and runs on in real time", () => {
    let real = Date.parse("2027-03-01T12:00:00Z");
    const clock = createClock({ CLOCK_START: "2026-11-29T10:00:00+01:00" }, () => real);
    expect(clock().toISOString()).toBe("2026-11-29T09:00:00.000Z");
    real += 90 * 60_000;
    expect(clock().toISOString()).toBe("2026-11-29T10:30:00.000Z");
  });
});
