import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.ts";
import { redactUrl } from "./logger.ts";

describe("loadEnv", () => {
  it("has defaults that work on a fresh machine", () => {
    expect(loadEnv({})).toMatchObject({ PORT: 3000, DATA_DIR: "./data" });
  });

  it("lists every bad key without echoing values", () => {
    expect(() => loadEnv({ PORT: "seventy", PUBLIC_BASE_URL: "hemmelig" })).toThrow(/PORT[\s\S]*PUBLIC_BASE_URL/);
    expect(() => loadEnv({ PUBLIC_BASE_URL: "hemmelig" })).not.toThrow(/hemmelig/);
  });
});

describe("redactUrl", () => {
  it("masks tokens and password digests in admin paths", () => {
    expect(redactUrl("/api/VinterleirAdmin/GetToken/ola/abcdef0123")).toBe("/api/VinterleirAdmin/GetToken/[redacted]");
    expect(redactUrl("/api/NewMemberAdmin/Remove/12/tok")).toBe("/api/NewMemberAdmin/Remove/[redacted]");
    expect(redactUrl("/api/Invoice/Get/tok?x=1")).toBe("/api/Invoice/Get/[redacted]?x=1");
    expect(redactUrl("/om/oss")).toBe("/om/oss");
  });
});
