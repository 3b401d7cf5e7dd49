import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.ts";
import { createLogger } from "./logger.ts";

describe("server logger", () => {
  const env = loadEnv({ LOG_LEVEL: "info" });

  it("writes JSON lines when the output is not a terminal (a service, a container, a pipe)", () => {
    const options = createLogger(env, { pretty: false }) as Record<string, unknown>;
    expect(options).not.toHaveProperty("transport");
    expect(options.level).toBe("info");
  });

  it("writes readable lines through pino-pretty at a terminal, with the same redaction", () => {
    const options = createLogger(env, { pretty: true }) as Record<string, unknown>;
    expect(options.transport).toMatchObject({ target: "pino-pretty" });
    expect(options.redact).toEqual((createLogger(env, { pretty: false }) as Record<string, unknown>).redact);
  });
});
