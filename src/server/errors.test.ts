import { Writable } from "node:stream";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import { HttpError, describeForLog, errorMessages, parseWith } from "./errors.ts";
import { registerErrorHandler } from "./error-handler-setup.ts";

const PersonSchema = z.object({
  firstName: z.string().min(1, "Du må legge inn et fornavn."),
  age: z.number().int().min(7, "Må være 7 år eller eldre"),
});

describe("API error convention", () => {
  const logLines: string[] = [];
  const app = Fastify({
    logger: {
      level: "info",
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    },
  });
  beforeAll(async () => {
    registerErrorHandler(app);
    app.post("/person", async (request) => parseWith(PersonSchema, request.body));
    app.get("/teapot", async () => {
      throw new HttpError(409, "Allerede registrert.");
    });
    app.post("/boom", async () => {
      throw new Error("kaboom");
    });
    app.get("/db-gone", async () => {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it("turns a zod failure into 400 with the issues by field path", async () => {
    const res = await app.inject({ method: "POST", url: "/person", payload: { firstName: "", age: 3 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: errorMessages.invalidInput,
      issues: [
        { path: "firstName", message: "Du må legge inn et fornavn." },
        { path: "age", message: "Må være 7 år eller eldre" },
      ],
    });
  });

  it("passes valid input through", async () => {
    const res = await app.inject({ method: "POST", url: "/person", payload: { firstName: "Ola", age: 9 } });
    expect(res.json()).toEqual({ firstName: "Ola", age: 9 });
  });

  it("answers unreadable JSON with 400 and a Norwegian message", async () => {
    const res = await app.inject({ method: "POST", url: "/person", headers: { "content-type": "application/json" }, payload: "{nope" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: errorMessages.badRequest });
  });

  it("keeps a deliberate HttpError's status and message", async () => {
    const res = await app.inject({ url: "/teapot" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "Allerede registrert." });
  });

  it("answers 503 when the database cannot be reached", async () => {
    const res = await app.inject({ url: "/db-gone" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: errorMessages.databaseUnavailable });
  });

  it("answers unknown errors with 500, logging the error but never the request body", async () => {
    const res = await app.inject({ method: "POST", url: "/boom", payload: { allergies: "peanøtter-hemmelig" } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: errorMessages.internal });
    const log = logLines.join("");
    expect(log).toContain("kaboom");
    expect(log).not.toContain("peanøtter-hemmelig");
  });

  it("never logs a failed query's parameters (personal data, token hashes), not even through the stack", () => {
    // Drizzle's DrizzleQueryError: "Failed query: …\nparams: …" as the message, so the stack's second line too.
    const error = Object.assign(new Error("Failed query: insert into people values ($1, $2)\nparams: Kari Hemmelig,kari@example.no"), {
      query: "insert into people values ($1, $2)",
      params: ["Kari Hemmelig", "kari@example.no"],
      cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" }),
    });
    const logged = JSON.stringify(describeForLog(error));
    expect(logged).toContain("Failed query: insert into people");
    expect(logged).toContain("22021");
    expect(logged).not.toContain("Kari Hemmelig");
    expect(logged).not.toContain("kari@example.no");
  });

  it("answers text PostgreSQL cannot store (a NUL character) with 400, not 500", async () => {
    const nul = Fastify();
    registerErrorHandler(nul);
    nul.get("/nul", async () => {
      throw Object.assign(new Error("Failed query: insert …"), { cause: Object.assign(new Error("invalid byte sequence"), { code: "22021" }) });
    });
    const res = await nul.inject({ url: "/nul" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: errorMessages.invalidInput });
    await nul.close();
  });
});
