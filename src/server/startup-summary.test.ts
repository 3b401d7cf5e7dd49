import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.ts";
import { startupSummary } from "./startup-summary.ts";

describe("the start-up line", () => {
  it("says where the server listens and in which mode", () => {
    const summary = startupSummary(loadEnv({}), { address: "127.0.0.1", family: "IPv4", port: 3000 }, "simulator");
    expect(summary.message).toBe("listening on http://127.0.0.1:3000 (development; Vipps: simulator; mail: folder)");
    expect(summary.fields).toEqual({ url: "http://127.0.0.1:3000", NODE_ENV: "development", vipps: "simulator", mail: "folder" });
  });

  it("says when the clock was started at another instant", () => {
    const summary = startupSummary(
      loadEnv({ CLOCK_START: "2026-11-29T10:00:00+01:00" }),
      { address: "127.0.0.1", family: "IPv4", port: 3000 },
      "simulator",
    );
    expect(summary.message).toBe(
      "listening on http://127.0.0.1:3000 (development; Vipps: simulator; mail: folder; clock started at 2026-11-29T10:00:00+01:00)",
    );
    expect(summary.fields).toMatchObject({ clockStart: "2026-11-29T10:00:00+01:00" });
  });

  it("names production, real Vipps and SMTP without printing any secret", () => {
    const env = loadEnv({ NODE_ENV: "production", SMTP_URL: "smtps://bruker:hemmelig-passord@smtp.example.no:465" });
    const summary = startupSummary(env, { address: "::", family: "IPv6", port: 8080 }, "vipps");
    expect(summary.message).toBe("listening on http://[::]:8080 (production; Vipps: real; mail: SMTP)");
    expect(JSON.stringify(summary)).not.toContain("hemmelig");
  });
});
