import type { PageApiFetch } from "../../shared/site/render-context.ts";

/** One GET to this process's own routes, never over the network (the app's `inject`). */
export type InjectGet = (request: { method: "GET"; url: string; headers: Record<string, string> }) => Promise<{
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
}>;

/**
 * A working page's route loader reads the API in this process, as a GET from this machine would (the
 * production pages and the development server both render with it).
 */
export function pageApiOf(inject: InjectGet): PageApiFetch {
  return async (apiPath) => {
    if (!apiPath.startsWith("/api/")) throw new Error(`Not an API path: ${apiPath}`);
    const answer = await inject({ method: "GET", url: apiPath, headers: { accept: "application/json" } });
    const type = answer.headers["content-type"];
    return new Response(answer.statusCode === 204 || answer.statusCode === 304 ? null : answer.body, {
      status: answer.statusCode,
      headers: typeof type === "string" ? { "content-type": type } : {},
    });
  };
}
