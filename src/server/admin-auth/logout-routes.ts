import type { FastifyInstance, FastifyRequest } from "fastify";
import { areaSignInCalls } from "../../shared/admin/area-sign-in-calls.ts";
import { routeCall } from "../http/call-route.ts";
import { adminAreas } from "./admin-areas.ts";
import { revokeAllTokens, revokeToken } from "./admin-tokens.ts";
import { configuredAccountName, currentCampAccount, endAccountTokens } from "./camp-account.ts";

async function endOwnCampTokens(request: FastifyRequest): Promise<number> {
  const account = await currentCampAccount(request);
  // Tokens from before named accounts belong to the configured account.
  return endAccountTokens(request.server.db, account.username, request.server.now(), account.name === configuredAccountName);
}

/**
 * Sign-out ends the token on the server, so a copied token is worthless afterwards (the calls are declared in
 * area-sign-in-calls.ts):
 * - POST /api/{area}/Logout/{token}: ends this token. Always `{"ok":true}`, known token or not, so the
 *   answer tells nothing about a token and a page can always forget its cookie.
 * - POST /api/{area}/LogoutAll/{token}: ends every token of the area (other browsers, a lost phone); in the
 *   camp area, every token of the signed-in account. Needs a valid token like every admin call (401
 *   otherwise), or a stranger could sign everyone out.
 * POST like the other admin actions: a state change must not be triggered by a prefetch or an image link.
 */
export function registerLogoutRoutes(app: FastifyInstance) {
  for (const area of adminAreas) {
    const calls = areaSignInCalls[area];
    routeCall(app, calls.signOut, {}, async (request, reply) => {
      const ended = await revokeToken(app.db, request.params.token, app.now(), area);
      request.log.info({ area, ended }, "admin logout");
      return reply.header("cache-control", "no-store").send({ ok: true });
    });
    routeCall(app, calls.signOutEverywhere, {}, async (request, reply) => {
      // A camp account ends its own sessions, not those of the other helpers.
      const ended = area === "camp" ? await endOwnCampTokens(request) : await revokeAllTokens(app.db, area, app.now());
      request.log.info({ area, ended }, "admin logout everywhere");
      return reply.header("cache-control", "no-store").send({ ok: true });
    });
  }
}
