import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CalendarDateTextSchema } from "./vipps-payouts.ts";

describe("a period's dates", () => {
  it("takes every real date as YYYY-MM-DD", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2999-12-31T00:00:00Z"), noInvalidDate: true }), (instant) => {
        expect(CalendarDateTextSchema.safeParse(instant.toISOString().slice(0, 10)).success).toBe(true);
      }),
    );
  });

  it("refuses anything else", () => {
    for (const text of ["2026-02-29", "2026-13-01", "2026-00-10", "2026-4-01", "15.10.2026", "2026-10-15T00:00", "", " 2026-10-15"])
      expect(CalendarDateTextSchema.safeParse(text).success, text).toBe(false);
    fc.assert(
      fc.property(fc.string(), (text) => {
        const ok = CalendarDateTextSchema.safeParse(text).success;
        const real = /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
        expect(ok).toBe(real);
      }),
    );
  });
});
