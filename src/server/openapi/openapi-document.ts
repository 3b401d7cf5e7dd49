import { z } from "zod";
import type { Call } from "../../shared/api/call.ts";
import type { OpenApiDocument } from "../../shared/api/openapi-calls.ts";
import { requestSchemas, responseSchemas, schemaNotes } from "./api-schemas.ts";
import { declaredOperation } from "./declared-operations.ts";

/**
 * The OpenAPI 3.1 document of the API, made from the declarations (src/shared/api/call.ts) of the calls the
 * server registered, each described by declared-operations.ts, and from the zod schemas the routes and the
 * browser already use (api-schemas.ts): request bodies as the server accepts them (zod's input side), answers
 * as it sends them. Served at `GET /api/openapi.json` (openapi-routes.ts).
 */

type JsonObject = { [key: string]: unknown };

/** `/api/X/:token` → `/api/X/{token}`. */
export const openApiPath = (fastifyPath: string) => fastifyPath.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

/** What each path parameter name means (the same name means the same thing in every call). */
export const parameterNotes: Record<string, string> = {
  token: "The admin area's token from its GetToken call (a path segment, as the browser sends it).",
  passwordHash: "SHA-256 of the password, as 64 lowercase hex digits.",
  username: "The camp admin's user name.",
  orderId: "The registration's order id.",
  offerToken: "The personal token from the waiting-list offer mail.",
  registrationId: "The registration's id (a positive whole number).",
  year: "The camp edition's year (four digits).",
  reference: "The payment reference.",
  section: "A section of the site: treningstider, priser, kontakt, samarbeidspartnere, utstyr, forside or nyheter.",
  changeId: "The id of an entry of the site's change log.",
  kind: "What the picture is for: logo (a sponsor's logo) or nyhet (a news post's picture).",
  slug: "The event's key: `vinterleir-{year}` for a winter camp, otherwise the address the leader chose (lower-case letters, digits, hyphens).",
  fromSlug: "The event to copy from.",
  toSlug: "The new event's key (lower-case letters, digits, hyphens).",
  messageId: "The message's id, from Send or Get.",
};

/** Component schemas from a set of named zod schemas: nested named schemas become $refs. */
function componentSchemas(schemas: Record<string, z.ZodType>, io: "input" | "output"): Record<string, JsonObject> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const { schemas: generated } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io,
    // Refinements and transforms have no JSON Schema: their base type is described.
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(generated).map(([id, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema as JsonObject;
      return [id, rest];
    }),
  );
}

/** Adds the notes (field descriptions) to the generated component schemas. */
function withNotes(schemas: Record<string, JsonObject>): Record<string, JsonObject> {
  for (const [id, note] of Object.entries(schemaNotes)) {
    const schema = schemas[id];
    if (!schema) throw new Error(`A note for an unknown schema: ${id}`);
    if (note.description) schema.description = note.description;
    for (const [path, description] of Object.entries(note.fields ?? {})) {
      let target: JsonObject | undefined = schema;
      for (const part of path.split(".")) {
        const properties: JsonObject | undefined = target?.properties as JsonObject | undefined;
        const next = (properties?.[part] ?? (part === "[]" ? target?.items : undefined)) as JsonObject | undefined;
        target = next;
      }
      if (!target) throw new Error(`A note for an unknown field: ${id}.${path}`);
      target.description = description;
    }
  }
  return schemas;
}

/** `GET /api/Arrangement/Get/:slug` → `getApiArrangementGetSlug`. */
export const operationId = (method: string, path: string) =>
  `${method.toLowerCase()}${openApiPath(path)
    .replace(/[{}]/g, "")
    .replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? "").toUpperCase())}`;

/** The document: the calls registered from a declaration, in the order registered. */
export function openApiDocument(declared: readonly Call[]): OpenApiDocument {
  const paths: Record<string, JsonObject> = {};
  for (const call of declared) {
    const path = (paths[openApiPath(call.path)] ??= {});
    const method = call.method.toLowerCase();
    if (path[method]) throw new Error(`Registered twice: ${call.method} ${call.path}`);
    path[method] = declaredOperation(call, { operationId, parameterNotes });
  }
  const requests = componentSchemas(requestSchemas, "input");
  const answers = componentSchemas(responseSchemas, "output");
  for (const id of Object.keys(requests)) if (id in answers) throw new Error(`A schema name used for a request and an answer: ${id}`);
  return {
    openapi: "3.1.1",
    info: {
      title: "Ski Taekwondo Klubb – API",
      version: "1",
      description:
        "The calls of skitaekwondo.no: the public ones the pages use, and the admin ones behind a token in the path. " +
        "Error answers are JSON `{ error, issues? }` with Norwegian messages. Answers documented as text are plain text.",
    },
    paths,
    components: { schemas: withNotes({ ...requests, ...answers }) },
  };
}
