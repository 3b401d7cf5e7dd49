import { describe, expect, it } from "vitest";
import { loadEnv, simulatorControlEnabled } from "./env.ts";
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

describe("development conveniences and production", () => {
  it("listens on this machine only unless in production", () => {
    expect(loadEnv({}).HOST).toBe("127.0.0.1");
    expect(loadEnv({ NODE_ENV: "test" }).HOST).toBe("127.0.0.1");
    expect(loadEnv({ NODE_ENV: "production" }).HOST).toBe("0.0.0.0");
    expect(loadEnv({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(loadEnv({ NODE_ENV: "production", HOST: "127.0.0.1" }).HOST).toBe("127.0.0.1");
  });

  it("links back to this machine in the local demo and to the club's address in production", () => {
    expect(loadEnv({}).PUBLIC_BASE_URL).toBe("http://127.0.0.1:3000");
    expect(loadEnv({ PORT: "4100" }).PUBLIC_BASE_URL).toBe("http://127.0.0.1:4100");
    expect(loadEnv({ NODE_ENV: "production" }).PUBLIC_BASE_URL).toBe("https://skitaekwondo.no");
    expect(loadEnv({ PUBLIC_BASE_URL: "https://leir.example" }).PUBLIC_BASE_URL).toBe("https://leir.example");
  });

  it("refuses the Vipps simulator and its test controls in production, listed with the other bad keys", () => {
    expect(() => loadEnv({ NODE_ENV: "production", VIPPS_SIMULATOR: "true" })).toThrow(/VIPPS_SIMULATOR: .*NODE_ENV=production/);
    expect(() => loadEnv({ NODE_ENV: "production", VIPPS_SIMULATOR_CONTROL: "true" })).toThrow(/VIPPS_SIMULATOR_CONTROL: .*NODE_ENV=production/);
    expect(() => loadEnv({ NODE_ENV: "production", VIPPS_SIMULATOR: "true", PORT: "seventy" })).toThrow(/PORT[\s\S]*VIPPS_SIMULATOR/);
    expect(loadEnv({ NODE_ENV: "production", VIPPS_SIMULATOR: "false" }).VIPPS_SIMULATOR).toBe("false");
    expect(loadEnv({ VIPPS_SIMULATOR: "true" }).VIPPS_SIMULATOR).toBe("true");
  });

  it("starts the clock at CLOCK_START outside production and refuses it in production, naming the key", () => {
    expect(loadEnv({ CLOCK_START: "2026-11-29T10:00:00+01:00" }).CLOCK_START).toBe("2026-11-29T10:00:00+01:00");
    expect(() => loadEnv({ CLOCK_START: "29.11.2026" })).toThrow(/CLOCK_START/);
    expect(() => loadEnv({ NODE_ENV: "production", CLOCK_START: "2026-11-29T10:00:00+01:00" })).toThrow(
      /CLOCK_START: .*not allowed with NODE_ENV=production/,
    );
  });

  it("turns the simulator's test controls on under NODE_ENV=test or with the switch, never by default", () => {
    expect(simulatorControlEnabled(loadEnv({}))).toBe(false);
    expect(simulatorControlEnabled(loadEnv({ NODE_ENV: "test" }))).toBe(true);
    expect(simulatorControlEnabled(loadEnv({ VIPPS_SIMULATOR_CONTROL: "true" }))).toBe(true);
    expect(simulatorControlEnabled(loadEnv({ NODE_ENV: "production" }))).toBe(false);
  });
});

describe("redactUrl", () => {
  it("masks tokens and password digests in admin paths", () => {
    expect(redactUrl("/api/VinterleirAdmin/GetToken/ola/abcdef0123")).toBe("/api/VinterleirAdmin/GetToken/[redacted]");
    expect(redactUrl("/api/NewMemberAdmin/Remove/12/tok")).toBe("/api/NewMemberAdmin/Remove/[redacted]");
    expect(redactUrl("/api/Invoice/Get/tok?x=1")).toBe("/api/Invoice/Get/[redacted]?x=1");
    expect(redactUrl("/api/Regnskap/GetCsv/2026-01-01/2026-12-31/tok")).toBe("/api/Regnskap/GetCsv/[redacted]");
    expect(redactUrl("/om/oss")).toBe("/om/oss");
  });

  it("masks waiting-list offer tokens in the offer calls and the offer page", () => {
    expect(redactUrl("/api/Venteliste/Accept/AbC_-123")).toBe("/api/Venteliste/Accept/[redacted]");
    expect(redactUrl("/api/VinterleirAdmin/Waitlist/Move/12/tok")).toBe("/api/VinterleirAdmin/Waitlist/[redacted]");
    expect(redactUrl("/vinterleir/venteliste/AbC_-123?x=1")).toBe("/vinterleir/venteliste/[redacted]?x=1");
    expect(redactUrl("/vinterleir/venteliste")).toBe("/vinterleir/venteliste");
    expect(redactUrl("/api/Arrangement/Venteliste/Decline/AbC_-123")).toBe("/api/Arrangement/Venteliste/Decline/[redacted]");
    expect(redactUrl("/arrangementer/venteliste/AbC_-123?svar=nei")).toBe("/arrangementer/venteliste/[redacted]?svar=nei");
    expect(redactUrl("/arrangementer/gradering-desember")).toBe("/arrangementer/gradering-desember");
  });
});
