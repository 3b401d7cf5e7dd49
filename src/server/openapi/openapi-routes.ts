import type { FastifyInstance } from "fastify";
import { openApiDocument } from "./openapi-document.ts";

/** `GET /api/openapi.json`: the API's OpenAPI 3.1 document, made once per process. */
export async function registerOpenApiRoutes(app: FastifyInstance) {
  let document: string | undefined;
  app.get("/api/openapi.json", async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument());
    return reply.type("application/json; charset=utf-8").header("cache-control", "no-cache").send(document);
  });
}
