import { describe, expect, it } from "vitest";
import { throttleKey } from "./client-address.ts";

describe("throttleKey", () => {
  it("keeps an IPv4 address as it is, also when it arrives IPv4-mapped", () => {
    expect(throttleKey("10.0.0.1")).toBe("10.0.0.1");
    expect(throttleKey("::ffff:10.0.0.1")).toBe("10.0.0.1");
    expect(throttleKey("::FFFF:10.0.0.1")).toBe("10.0.0.1");
    expect(throttleKey("10.0.0.2")).not.toBe(throttleKey("10.0.0.1"));
  });

  it("puts every address of an IPv6 /64 under one key, however it is written", () => {
    const key = throttleKey("2001:db8:1:2:3:4:5:6");
    expect(key).toBe("2001:db8:1:2::/64");
    for (const same of ["2001:db8:1:2::9", "2001:DB8:1:2:ffff:ffff:ffff:ffff", "2001:0db8:0001:0002:0000:0000:0000:0001"]) {
      expect(throttleKey(same)).toBe(key);
    }
    expect(throttleKey("2001:db8:1:3::1")).not.toBe(key);
    expect(throttleKey("fe80::1%eth0")).toBe("fe80::/64");
  });

  it("keeps something that is no address apart from real addresses, bounded in length", () => {
    expect(throttleKey("junk")).toBe("other:junk");
    expect(throttleKey("x".repeat(500)).length).toBeLessThanOrEqual(106);
  });
});
