import type { FastifyReply, FastifyRequest } from "fastify";
import type { AdminArea } from "./admin-areas.ts";
import { isTokenValid } from "./admin-tokens.ts";

/** The old site's exact answer text, misspelling included: the admin pages compare against it. */
export const unauthorisedBody = { error: "Unauthroized" } as const;

/**
 * preHandler for an admin route whose path has a `:token` segment, e.g.
 *   app.get("/api/NewMemberAdmin/Get/:token", { preHandler: requireAdmin("newmember") }, handler)
 */
export function requireAdmin(area: AdminArea) {
  return async function requireAdminToken(request: FastifyRequest, reply: FastifyReply) {
    const token = (request.params as { token?: unknown } | undefined)?.token;
    const valid = typeof token === "string" && (await isTokenValid(request.server.db, area, token, request.server.now()));
    if (!valid) {
      return reply.code(401).header("cache-control", "no-store").send(unauthorisedBody);
    }
  };
}
