import { describe, expect, it } from "vitest";
import { isLocalRequest, isLoopbackAddress } from "./local-request.ts";

const request = (remoteAddress: string | undefined, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress }, headers }) as unknown as Parameters<typeof isLocalRequest>[0];

describe("local requests", () => {
  it.each(["127.0.0.1", "127.9.8.7", "::1", "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1"])("treats %s as loopback", (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each(["10.0.0.1", "192.168.1.2", "::ffff:10.0.0.1", "2001:db8::1", "128.0.0.1", "", undefined])("treats %s as remote", (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });

  it("is local only from loopback with no proxy header", () => {
    expect(isLocalRequest(request("127.0.0.1"))).toBe(true);
    expect(isLocalRequest(request("203.0.113.5"))).toBe(false);
    for (const header of ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip"]) {
      expect(isLocalRequest(request("127.0.0.1", { [header]: "203.0.113.5" }))).toBe(false);
    }
  });
});
