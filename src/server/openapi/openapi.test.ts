import { Validator } from "@seriousme/openapi-schema-validator";
import openapiTS, { astToString } from "openapi-typescript";
import { Ajv2020 } from "ajv/dist/2020.js";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validCompanion, validDraft } from "../../shared/camp/camp-draft.fixture.ts";
import type { Database } from "../db/database.ts";
import type { Call } from "../../shared/api/call.ts";
import { buildTestApp, registeredRoutes } from "../test-support/app.ts";
import { createTestDatabase } from "../test-support/database.ts";
import { openApiPath } from "./openapi-document.ts";

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: unknown }>>;
  components: {
    schemas: Record<
      string,
      {
        required?: string[];
        properties?: Record<
          string,
          { type?: string; description?: string; items?: { properties?: Record<string, { type?: string; description?: string }> } }
        >;
      }
    >;
  };
};

/**
 * Every call declared in src/shared (declareCall, aliasCall), from the modules that declare one: a call is an
 * exported value, or one nested in an exported object of calls. Read from the files, not from what the
 * server imports, so a call declared and never registered is found too.
 */
async function declaredCalls(): Promise<Call[]> {
  const shared = fileURLToPath(new URL("../../shared/", import.meta.url));
  const files = readdirSync(shared, { recursive: true, encoding: "utf8" }).filter(
    (file) =>
      file.endsWith(".ts") &&
      !/\.(test|fixture)\.tsx?$/.test(file) &&
      /\b(declareCall|aliasCall)\(/.test(readFileSync(path.join(shared, file), "utf8")),
  );
  const calls = new Map<string, Call>();
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return;
    if (["method", "path", "access", "answer", "params"].every((key) => key in value)) {
      const call = value as Call;
      calls.set(`${call.method} ${call.path}`, call);
    } else Object.values(value).forEach(visit);
  };
  for (const file of files) Object.values((await import(pathToFileURL(path.join(shared, file)).href)) as object).forEach(visit);
  return [...calls.values()];
}

/** The API: every /api/ call and the health check (pages, the simulator and /dev/mail are not API). */
const isApi = (path: string) => path.startsWith("/api/") || path === "/healthz";

describe("GET /api/openapi.json", () => {
  let database: Database;
  let app: FastifyInstance;
  let document: Document;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    app = await buildTestApp(database);
    await app.ready();
    const answer = await app.inject({ url: "/api/openapi.json" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    document = answer.json();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("is a valid OpenAPI 3.1 document whose references all resolve", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it("is read by openapi-typescript into types for every path, as a client generator would", async () => {
    const source = astToString(await openapiTS(structuredClone(document) as unknown as Parameters<typeof openapiTS>[0]));
    for (const path of Object.keys(document.paths)) expect(source).toContain(`"${path}": {`);
    expect(source).toContain("export interface components");
  });

  it("registers every API route from a declaration and documents it, and registers every declared call", async () => {
    // Each route as Fastify registered it (its onRoute hook, test-support/app.ts); the HEAD beside a GET is the GET's.
    const routes = registeredRoutes(app).filter((route) => route.method !== "HEAD" && isApi(route.url));
    const name = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
    // The routes are all heard: the calls of every area are among them.
    expect(routes.map(name)).toEqual(
      expect.arrayContaining([
        "GET /healthz",
        "GET /api/openapi.json",
        "GET /api/Club/Get",
        "POST /api/Vinterleir/Post",
        "GET /api/VinterleirUsers/GetGrades",
        "DELETE /api/NewMemberAdmin/Remove/:registrationId/:token",
        "GET /api/VinterleirAdmin/GetToken/:username/:passwordHash",
        "POST /api/VinterleirAdmin/LogoutAll/:token",
        "POST /api/Vipps/Webhook",
      ]),
    );
    expect(
      routes.filter((route) => route.call?.method !== route.method || route.call.path !== route.url).map(name),
      "registered without a declaration (src/shared/api/call.ts, routeCall in src/server/http/call-route.ts)",
    ).toEqual([]);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = routes.map((route) => `${route.method} ${openApiPath(route.url)}`);
    expect(
      registered.filter((call) => !documented.includes(call)),
      "registered, not documented",
    ).toEqual([]);
    expect(
      documented.filter((call) => !registered.includes(call)),
      "documented, not registered",
    ).toEqual([]);
    const declared = await declaredCalls();
    // An old address of a call (aliasCall) is its declaration at another path: the same call otherwise.
    const sameCall = (one: Call, other: Call) => one.method === other.method && one.tag === other.tag && one.summary === other.summary;
    expect(
      routes.filter((route) => !declared.some((call) => route.call && sameCall(call, route.call))).map(name),
      "declared somewhere other than src/shared",
    ).toEqual([]);
    expect(
      declared
        .filter((call) => !routes.some((route) => route.method === call.method && route.url === call.path))
        .map((call) => `${call.method} ${call.path}`),
      "declared in src/shared, never registered",
    ).toEqual([]);
  });

  it("documents a declared call from its declaration: its body, answer, query and errors", () => {
    type Operation = {
      requestBody?: { required: boolean; content: Record<string, { schema: unknown }> };
      parameters?: { name: string; in: string; required: boolean; description?: string }[];
      responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
    };
    const paths = document.paths as unknown as Record<string, Record<string, Operation>>;
    const order = paths["/api/Arrangement/Post/{slug}"]!.post!;
    expect(order.requestBody).toEqual({ required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/EventOrder" } } } });
    expect(Object.keys(order.responses["200"]!.content!)).toEqual(["text/plain"]);
    expect(order.responses["404"]!.description).toBe("No such published event.");
    const list = paths["/api/Arrangement/Get"]!.get!;
    expect(list.responses["200"]!.content!["application/json"]!.schema).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/EventSummary" },
    });
    const save = paths["/api/ArrangementAdmin/Put/{slug}/{token}"]!.put!;
    expect(Object.keys(save.responses)).toEqual(expect.arrayContaining(["200", "201", "401", "403", "409"]));
    expect(save.parameters?.find((parameter) => parameter.in === "query")).toMatchObject({ name: "create", required: false });
    // A body the call may leave out is not required.
    expect(paths["/api/Arrangement/Cancel/{token}"]!.post!.requestBody?.required).toBe(false);
    // Vipps's webhook: JSON of Vipps's format, taken as bytes (the signature covers them), with the signature's headers.
    const webhook = paths["/api/Vipps/Webhook"]!.post!;
    expect(webhook.requestBody?.content).toEqual({ "application/json": { schema: { type: "object" } } });
    expect(webhook.parameters?.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual(["header x-ms-date", "header x-ms-content-sha256"]);
    expect(Object.keys(webhook.responses)).toEqual(expect.arrayContaining(["200", "400", "401"]));
    // The camp's sign-in names the account; its sign-out everywhere needs a token.
    const campSignIn = paths["/api/VinterleirAdmin/GetToken/{username}/{passwordHash}"]!.get!;
    expect(campSignIn.parameters?.map((parameter) => parameter.name)).toEqual(["username", "passwordHash"]);
    expect(Object.keys(campSignIn.responses["200"]!.content!)).toEqual(["text/plain"]);
    expect(Object.keys(paths["/api/VinterleirAdmin/LogoutAll/{token}"]!.post!.responses)).toContain("401");
    // The document lists itself.
    expect(Object.keys(paths["/api/openapi.json"]!.get!.responses["200"]!.content!)).toEqual(["application/json"]);
  });

  it("gives schemas that a JSON Schema validator accepts, and that a real registration passes", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    for (const [name, schema] of Object.entries(document.components.schemas)) ajv.addSchema(schema, `#/components/schemas/${name}`);
    const registration = ajv.getSchema("#/components/schemas/CampRegistration")!;
    const valid = registration({ ...validDraft(), hasLedsager: true, ledsagere: [validCompanion()] });
    expect(registration.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(registration({ ...validDraft(), ledsagere: [{ ...validCompanion(), id: 1 }] })).toBe(false);
  });

  it("documents what the camp POST requires beyond the original entity", () => {
    const schema = document.components.schemas.CampRegistration!;
    expect(schema.required).toEqual(expect.arrayContaining(["draftId", "dataConsent", "termsAccepted"]));
    for (const field of ["draftId", "dataConsent", "termsAccepted"]) expect(schema.properties?.[field]?.description).toBeTruthy();
    const companionId = schema.properties?.ledsagere?.items?.properties?.id;
    expect(companionId?.type).toBe("string");
    expect(companionId?.description).toMatch(/string/);
    expect(document.paths["/api/Vinterleir/Post"]?.post?.requestBody).toBeTruthy();
  });
});
