import { z } from "zod";
import { pathParamNames, type Call } from "../../shared/api/call.ts";
import { requestSchemas, responseSchemas } from "./api-schemas.ts";

/**
 * The OpenAPI operation of a declared call (src/shared/api/call.ts), made from the declaration the route was
 * registered with: its path parameters, query, body (or an upload's bytes and headers), answer and errors. A schema that is one of the named
 * schemas (api-schemas.ts) is described by reference, a list of one as an array of references; any other is
 * described in place.
 */

type JsonObject = { [key: string]: unknown };

const names = new Map<z.ZodType, string>(
  [...Object.entries(requestSchemas), ...Object.entries(responseSchemas)].map(([name, schema]) => [schema as z.ZodType, name]),
);

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonObject {
  const name = names.get(schema);
  if (name) return ref(name);
  if (schema instanceof z.ZodArray) return { type: "array", items: jsonSchemaOf(schema.element as z.ZodType, io) };
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional) return jsonSchemaOf(schema.unwrap() as z.ZodType, io);
  const { $schema: _schema, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonObject;
  return rest;
}

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;
const errorContent = { "application/json": { schema: ref("ErrorBody") } };

function answerContent(call: Call): JsonObject | undefined {
  const answer = call.answer;
  switch (answer.kind) {
    case "json":
      return { "application/json": { schema: jsonSchemaOf(answer.schema, "output") } };
    case "text":
      return { "text/plain": { schema: answer.values ? { type: "string", enum: answer.values } : { type: "string" } } };
    case "file":
      return { [answer.contentType]: { schema: { type: "string", contentMediaType: answer.contentType } } };
  }
}

function responses(call: Call): JsonObject {
  const content = answerContent(call);
  const statuses = call.answer.kind === "json" ? (call.answer.statuses ?? [200]) : [200];
  const result: JsonObject = {};
  for (const status of statuses) result[String(status)] = { description: call.answer.description, ...(content ? { content } : {}) };
  for (const [status, description] of Object.entries(call.errors ?? {})) result[status] = { description, content: errorContent };
  if (call.access.kind !== "public") result["401"] = { description: "Innloggingen mangler, er utløpt eller er logget ut.", content: errorContent };
  if (pathParamNames(call.path).length > 0 || call.body || call.upload)
    result["400"] ??= { description: "Ugyldige opplysninger: en melding på norsk, og meldingen for hvert felt.", content: errorContent };
  return result;
}

function queryParameters(query: z.ZodType | undefined): JsonObject[] {
  if (!(query instanceof z.ZodObject)) return [];
  return Object.entries(query.shape as Record<string, z.ZodType>).map(([name, field]) => ({
    name,
    in: "query",
    required: !accepts(field, undefined),
    schema: jsonSchemaOf(field, "input"),
    ...(field.description ? { description: field.description } : {}),
  }));
}

export interface OperationNaming {
  operationId: (method: string, path: string) => string;
  /** What a path parameter means, by its name. */
  parameterNotes: Record<string, string>;
}

export function declaredOperation(call: Call, naming: OperationNaming): JsonObject {
  const parameters = [
    ...pathParamNames(call.path).map((name) => ({
      name,
      in: "path",
      required: true,
      schema: { type: "string" },
      ...(naming.parameterNotes[name] ? { description: naming.parameterNotes[name] } : {}),
    })),
    ...queryParameters(call.query),
    ...Object.entries(call.upload?.headers ?? {}).map(([name, description]) => ({
      name,
      in: "header",
      required: false,
      schema: { type: "string" },
      description,
    })),
  ];
  const uploadType = call.upload?.contentType ?? "application/octet-stream";
  // JSON the route takes as bytes (a signed webhook's) is still an object of someone else's format; anything
  // else is the bytes themselves.
  const uploadSchema = /^application\/([\w.-]+\+)?json$/.test(uploadType) ? { type: "object" } : { type: "string", contentMediaType: uploadType };
  return {
    operationId: naming.operationId(call.method, call.path),
    summary: call.summary,
    ...(call.description ? { description: call.description } : {}),
    tags: [call.tag],
    ...(parameters.length ? { parameters } : {}),
    ...(call.body
      ? {
          requestBody: {
            required: !accepts(call.body, undefined),
            content: { "application/json": { schema: jsonSchemaOf(call.body, "input") } },
          },
        }
      : {}),
    ...(call.upload
      ? {
          requestBody: {
            required: true,
            description: call.upload.description,
            content: { [uploadType]: { schema: uploadSchema } },
          },
        }
      : {}),
    responses: responses(call),
  };
}
