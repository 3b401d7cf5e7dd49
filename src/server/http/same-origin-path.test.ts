import { describe, expect, it } from "vitest";
import { sameOriginPath } from "./same-origin-path.ts";

describe("sameOriginPath", () => {
  it.each([
    ["/om/oss", "/om/oss"],
    ["/om/oss?a=1&b=//x", "/om/oss?a=1&b=//x"],
    ["//evil.example", "/evil.example"],
    ["/\\evil.example", "/evil.example"],
    ["\\\\evil.example/x", "/evil.example/x"],
    ["/\t/evil.example", "/evil.example"],
    ["/\r\n/evil.example", "/evil.example"],
    ["\t\t//evil.example", "/evil.example"],
    ["/\u0000/\u001f/evil.example", "/evil.example"],
    [" //evil.example", "/evil.example"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["evil.example", "/evil.example"],
    ["https://evil.example/", "/https://evil.example/"],
    ["", "/"],
  ])("%j → %j", (target, expected) => {
    expect(sameOriginPath(target)).toBe(expected);
    // Whatever it returns, a browser resolving it stays on this host.
    expect(new URL(expected, "http://127.0.0.1/").host).toBe("127.0.0.1");
  });
});
