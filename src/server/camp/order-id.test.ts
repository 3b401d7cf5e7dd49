import { describe, expect, it } from "vitest";
import { newOrderId, ORDER_ID_ALPHABET, orderIdPattern } from "./order-id.ts";

describe("newOrderId", () => {
  it("is VL + the edition's two-digit year + six characters from an alphabet without look-alikes", () => {
    for (let i = 0; i < 200; i++) {
      const id = newOrderId(2026);
      expect(id).toMatch(orderIdPattern);
      expect(id).toMatch(/^VL26-/);
      expect(id.slice(5)).not.toMatch(/[01OIL]/);
    }
    expect(ORDER_ID_ALPHABET).not.toMatch(/[01OIL]/);
    expect(newOrderId(2105, () => 0)).toBe("VL05-222222");
  });

  it("fits a Vipps reference (8–64 characters of [A-Za-z0-9-])", () => {
    expect(newOrderId(2026)).toMatch(/^[A-Za-z0-9-]{8,64}$/);
  });
});
