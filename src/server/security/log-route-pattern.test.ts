/**
 * Log lines name a request by its route's pattern, never by its parameters: shapes of path that a prefix
 * rule would let through (a token where an action name should be, a token as the whole path) log no secret.
 */
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { loadEnv } from "../env.ts";
import { createLogger, loggedUrl } from "../logger.ts";
import { buildTestApp } from "../test-support/app.ts";
import { createTestTransport } from "../test-support/camp.ts";
import { createTestDatabase } from "../test-support/database.ts";
import { campAdminToken, draft, postRegistration } from "../test-support/camp.ts";
import { personalLinkHeader } from "../../shared/camp/camp-my-registration.ts";

describe("log lines by route pattern", () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildTestApp(database, {
      clock: () => new Date("2026-10-15T10:00:00Z"),
      logger: { ...(createLogger(loadEnv({ LOG_LEVEL: "trace" }), { pretty: false }) as object), stream },
      env: { CAMP_YEAR: "2026", PUBLIC_BASE_URL: "https://klubb.example" },
      mail: { transport: createTestTransport(), startWorker: false },
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("no shape of path puts a token in a log line", async () => {
    const admin = await campAdminToken(app);
    const secret = () => randomBytes(32).toString("base64url");
    const secrets = [admin, secret(), secret(), secret(), secret(), secret(), "0123456789abcdef".repeat(4)];
    const [, waitlist, personal, page, bare, query, digest] = secrets;
    lines.length = 0;
    for (const url of [
      `/api/Venteliste/${waitlist}/Accept`,
      `/api/Venteliste/Get/${waitlist}`,
      `/${admin}`,
      `/${bare}`,
      `/api/MinPamelding/Get/${personal}`,
      `/api/MinPamelding/${personal}/Get`,
      `/vinterleir/min-pamelding/${page}`,
      `/min-side/${page}`,
      `/api/MinPamelding/NewLink/${personal}`,
      `/vinterleir/admin/${admin}`,
      `/api/VinterleirAdmin/Get/${admin}`,
      `/noe/annet?token=${query}`,
      `/api/VinterleirAdmin/GetToken/leirsjef/${digest}`,
    ]) {
      await app.inject({ url });
    }
    const log = lines.join("");
    expect(log).toContain("/api/MinPamelding/Get/:token");
    for (const value of secrets) expect(log.split("\n").filter((line) => line.includes(value))).toEqual([]);
  });

  it("a working «Min side» link logs no secret at any address that carries it", async () => {
    const registered = await postRegistration(app, draft({ email: "logg@example.no" }));
    expect(registered.body).toBe("Done");
    const token = String(registered.headers[personalLinkHeader]).split("/").pop()!;
    expect((await app.inject({ url: `/api/MinPamelding/Get/${token}` })).statusCode).toBe(200);
    lines.length = 0;
    for (const url of [
      `/min-side/${token}`,
      `/min-side/${token}?orderId=VL26-ZZZZZZ`,
      `/vinterleir/min-pamelding/${token}`,
      `/arrangementer/min-pamelding/${token}`,
      `/api/Arrangement/MinPamelding/${token}?orderId=GR26-ZZZZZZ`,
      `/api/MinPamelding/Get/${token}`,
    ])
      await app.inject({ url });
    await app.inject({ method: "POST", url: `/api/Arrangement/Cancel/${token}?orderId=GR26-ZZZZZZ`, payload: {} });
    await app.inject({ method: "POST", url: `/api/MinPamelding/Change/${token}`, payload: { otherInfo: "x" } });
    const log = lines.join("");
    expect(log).toContain("/min-side/:token");
    expect(log.split("\n").filter((line) => line.includes(token))).toEqual([]);
  });

  it("a matched route is logged by its pattern with secret query values removed; an unmatched path with secret-looking segments masked", () => {
    expect(loggedUrl({ url: "/api/MinPamelding/Get/abc?q=Ola&x=1", routeOptions: { url: "/api/MinPamelding/Get/:token" } })).toBe(
      "/api/MinPamelding/Get/:token?q=[redacted]&x=1",
    );
    expect(loggedUrl({ url: "/AbCdEfGhIjKlMnOpQrStUv0123456789_-abcdefg", routeOptions: {} })).toBe("/[redacted]");
    expect(loggedUrl({ url: "/vinterleir/schedule" })).toBe("/vinterleir/schedule");
    expect(loggedUrl({ url: "/assets/entry.client-BcD12_xyzQWERTY.js", routeOptions: { url: "/*" } })).toBe(
      "/assets/entry.client-BcD12_xyzQWERTY.js",
    );
  });
});
