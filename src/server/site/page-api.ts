import type { FastifyInstance } from "fastify";
import type { PageApiFetch } from "../../shared/site/render-context.ts";

/**
 * A working page's route loader reads the API in this process, as a GET from this machine would (the
 * production pages and the development server both render with it).
 */
export function pageApiOf(app: FastifyInstance): PageApiFetch {
  return async (apiPath) => {
    if (!apiPath.startsWith("/api/")) throw new Error(`Not an API path: ${apiPath}`);
    const answer = await app.inject({ method: "GET", url: apiPath, headers: { accept: "application/json" } });
    const type = answer.headers["content-type"];
    return new Response(answer.statusCode === 204 || answer.statusCode === 304 ? null : answer.body, {
      status: answer.statusCode,
      headers: typeof type === "string" ? { "content-type": type } : {},
    });
  };
}
