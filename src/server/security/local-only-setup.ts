import type { FastifyInstance } from "fastify";
import { isLocalRequest } from "./local-request.ts";

/**
 * Makes every route of this (encapsulated) scope answer only requests from this machine itself. Anyone else
 * gets the app's ordinary 404, exactly as for a path that does not exist: a 403 would tell a stranger that
 * the development pages are there.
 */
export function answerOnlyLocalRequests(scope: FastifyInstance) {
  scope.addHook("onRequest", async (request, reply) => {
    if (isLocalRequest(request)) return;
    reply.callNotFound();
    // Returning the reply tells Fastify it has been answered and the route must not run.
    return reply;
  });
}
