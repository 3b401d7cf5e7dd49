import type { FastifyInstance } from "fastify";
import { signOutCall } from "../../shared/admin/admin-api.ts";
import { adminAreaConfig, adminAreas } from "./admin-areas.ts";
import { revokeAllTokens, revokeToken } from "./admin-tokens.ts";
import { requireAdmin } from "./require-admin.ts";

type TokenParams = { Params: { token: string } };

/**
 * Sign-out ends the token on the server, so a copied token is worthless afterwards:
 * - POST /api/{area}/Logout/{token}: ends this token. Always `{"ok":true}`, known token or not, so the
 *   answer tells nothing about a token and a page can always forget its cookie.
 * - POST /api/{area}/LogoutAll/{token}: ends every token of the area (other browsers, a lost phone). Needs a
 *   valid token like every admin call (401 otherwise), or a stranger could sign everyone out.
 * POST like the other admin actions: a state change must not be triggered by a prefetch or an image link.
 */
export function registerLogoutRoutes(app: FastifyInstance) {
  for (const area of adminAreas) {
    const { apiName } = adminAreaConfig[area];
    app.post<TokenParams>(`/api/${apiName}/${signOutCall.this}/:token`, async (request, reply) => {
      reply.header("cache-control", "no-store");
      const ended = await revokeToken(app.db, request.params.token, app.now(), area);
      request.log.info({ area, ended }, "admin logout");
      return { ok: true };
    });
    app.post<TokenParams>(`/api/${apiName}/${signOutCall.everywhere}/:token`, { preHandler: requireAdmin(area) }, async (request, reply) => {
      reply.header("cache-control", "no-store");
      const ended = await revokeAllTokens(app.db, area, app.now());
      request.log.info({ area, ended }, "admin logout everywhere");
      return { ok: true };
    });
  }
}
