import type { FastifyInstance } from "fastify";
import type { Call } from "../../shared/api/call.ts";
import { openApiDocument } from "./openapi-document.ts";

/**
 * `GET /api/openapi.json`: the API's OpenAPI 3.1 document, made once per process on the first request, when
 * every route is registered. Called on the root instance before the features register theirs: it hears every
 * route registered from a declaration (http/call-route.ts) and documents it by that declaration.
 */
export function registerOpenApiRoutes(app: FastifyInstance) {
  const declared: Call[] = [];
  app.addHook("onRoute", (route) => {
    const call = route.config?.call;
    // Fastify adds a HEAD route beside each GET: the GET documents both.
    if (call && route.method === call.method) declared.push(call);
  });
  let document: string | undefined;
  app.get("/api/openapi.json", async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument(declared));
    return reply.type("application/json; charset=utf-8").header("cache-control", "no-cache").send(document);
  });
}
