import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { declareCall, jsonAnswer, publicAccess } from "../../shared/api/call.ts";
import { errorMessages } from "../errors.ts";
import { registerErrorHandler } from "../error-handler-setup.ts";
import { routeCall } from "./call-route.ts";

const answer = jsonAnswer(z.object({ got: z.unknown() }), "What the handler got.");
const strict = declareCall({
  method: "POST",
  path: "/strict/:slug",
  access: publicAccess,
  tag: "Test",
  summary: "A body that must be there.",
  body: z.object({ lines: z.array(z.object({ count: z.number("Skriv et tall.") })) }),
  answer,
});
const optional = declareCall({
  method: "POST",
  path: "/optional",
  access: publicAccess,
  tag: "Test",
  summary: "A body with a default.",
  body: z.object({ weeks: z.number().default(52) }).default({ weeks: 52 }),
  answer,
});

describe("a declared call's route", () => {
  const app = Fastify();
  beforeAll(async () => {
    registerErrorHandler(app);
    routeCall(app, strict, {}, async (request, reply) => reply.send({ got: { slug: request.params.slug, body: request.body } }));
    routeCall(app, optional, {}, async (request, reply) => reply.send({ got: request.body }));
    await app.ready();
  });
  afterAll(() => app.close());

  it("hands the handler the parsed input", async () => {
    const res = await app.inject({ method: "POST", url: "/strict/kurs", payload: { lines: [{ count: 2 }] } });
    expect(res.json()).toEqual({ got: { slug: "kurs", body: { lines: [{ count: 2 }] } } });
  });

  it("refuses invalid input with the site's ErrorBody: the Norwegian sentence and each field's message by its dotted path", async () => {
    const res = await app.inject({ method: "POST", url: "/strict/kurs", payload: { lines: [{ count: "to" }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: errorMessages.invalidInput, issues: [{ path: "lines.0.count", message: "Skriv et tall." }] });
    const none = await app.inject({ method: "POST", url: "/strict/kurs" });
    expect(none.statusCode).toBe(400);
    // zod words a missing body in English; the site says it in Norwegian.
    expect(none.json().issues).toEqual([{ path: "", message: errorMessages.wrongShape }]);
  });

  it("takes a missing body, or JSON null, as absent: a schema's default applies", async () => {
    expect((await app.inject({ method: "POST", url: "/optional" })).json()).toEqual({ got: { weeks: 52 } });
    const nullBody = await app.inject({ method: "POST", url: "/optional", payload: "null", headers: { "content-type": "application/json" } });
    expect(nullBody.json()).toEqual({ got: { weeks: 52 } });
  });
});
