import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validCompanion, validDraft } from "../../shared/camp/camp-draft.fixture.ts";
import type { Database } from "../db/database.ts";
import { buildTestApp } from "../test-support/app.ts";
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
 * Fastify's route table, read from `printRoutes()`: a tree whose lines carry a path piece (appended to its
 * parent's) and the methods of the route ending there.
 */
function routeTable(app: FastifyInstance): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? parents[depth - 1]! : "") + match[2]!;
    parents[depth] = path;
    for (const method of match[3]?.split(", ") ?? []) routes.push({ method, path });
  }
  return routes;
}

/** Every way to spell a path whose segments may list alternatives (`{token}|{list}`). */
function spellings(path: string): string[] {
  const joined = path
    .split("/")
    .reduce<string[]>((heads, segment) => heads.flatMap((head) => segment.split("|").map((choice) => `${head}/${choice}`)), [""]);
  return joined.map((spelling) => spelling.slice(1));
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

  it("documents every call the server registers, and no call it does not", () => {
    // Two routes with a parameter at the same place share one node, printed with both names (`{token}|{list}`):
    // such a route is any of the spellings, and is documented when one of them is.
    const registered = routeTable(app)
      .filter((route) => route.method !== "HEAD" && isApi(route.path))
      .map((route) => spellings(openApiPath(route.path)).map((path) => `${route.method} ${path}`));
    // The table is read right: the calls of every area are in it.
    expect(registered.flat()).toEqual(
      expect.arrayContaining([
        "GET /api/Club/Get",
        "POST /api/Vinterleir/Post",
        "GET /api/VinterleirUsers/GetGrades",
        "DELETE /api/NewMemberAdmin/Remove/{registrationId}/{token}",
        "POST /api/Vipps/Webhook",
      ]),
    );
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(
      registered.filter((calls) => !calls.some((call) => documented.includes(call))).map((calls) => calls[0]),
      "registered, but neither from a declaration (src/shared/api/call.ts) nor listed in src/server/openapi/api-calls-*.ts",
    ).toEqual([]);
    expect(
      documented.filter((call) => !registered.flat().includes(call)),
      "documented but not registered",
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
