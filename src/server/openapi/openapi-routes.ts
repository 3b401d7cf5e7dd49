import type { FastifyInstance } from "fastify";
import type { Call } from "../../shared/api/call.ts";
import { openApiCalls, type OpenApiDocument } from "../../shared/api/openapi-calls.ts";
import { routeCall } from "../http/call-route.ts";
import { openApiDocument } from "./openapi-document.ts";

/**
 * `GET /api/openapi.json`: the API's OpenAPI 3.1 document, made once per process on the first request, when
 * every route is registered. Called on the root instance before the features register theirs: it hears every
 * route registered from a declaration (http/call-route.ts puts the declaration in the route's config), its
 * own included, and documents each by its declaration. There is no list of calls to keep beside the routes:
 * what is registered is what is documented.
 */
export function registerOpenApiRoutes(app: FastifyInstance) {
  const declared: Call[] = [];
  app.addHook("onRoute", (route) => {
    const call = route.config?.call;
    // Fastify adds a HEAD route beside each GET: the GET documents both.
    if (call && route.method === call.method) declared.push(call);
  });
  let document: OpenApiDocument | undefined;
  routeCall(app, openApiCalls.document, {}, async (_request, reply) => {
    document ??= openApiDocument(declared);
    return reply.header("cache-control", "no-cache").send(document);
  });
}
