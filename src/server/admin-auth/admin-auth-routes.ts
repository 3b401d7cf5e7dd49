import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { adminAreaConfig, type AdminArea } from "./admin-areas.ts";
import { findUsableCredential } from "./admin-credentials.ts";
import { issueToken } from "./admin-tokens.ts";
import { beginLoginAttempt, forgetLoginAttempt, loginLimits, pruneLoginAttempts } from "./login-throttle.ts";
import { isPasswordDigest, safeEqual, verifyPasswordDigest } from "./password-hash.ts";

export const adminAuthMessages = {
  tooManyAttempts: "For mange mislykkede innloggingsforsøk. Vent et kvarter og prøv igjen.",
  notConfigured: "Innlogging er ikke satt opp for denne delen av nettstedet. Kontakt klubben.",
} as const;

/** The spec's login calls (§7): a plain-text token, or a JSON body (the client tests for a leading brace). */
export async function registerAdminAuthRoutes(app: FastifyInstance) {
  app.get<{ Params: { username: string; passwordHash: string } }>(
    "/api/VinterleirAdmin/GetToken/:username/:passwordHash",
    (request, reply) => login(app, request, reply, "camp", request.params.passwordHash, request.params.username),
  );
  app.get<{ Params: { passwordHash: string } }>("/api/NewMemberAdmin/GetToken/:passwordHash", (request, reply) =>
    login(app, request, reply, "newmember", request.params.passwordHash),
  );
  app.get<{ Params: { passwordHash: string } }>("/api/Invoice/GetToken/:passwordHash", (request, reply) =>
    login(app, request, reply, "invoice", request.params.passwordHash),
  );
}

async function login(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  area: AdminArea,
  passwordDigest: string,
  username?: string,
) {
  reply.header("cache-control", "no-store");
  const credential = await findUsableCredential(app.db, area, app.env);
  if (!credential) {
    request.log.error({ area }, "admin login refused: no credential configured for this area");
    return reply.code(503).send({ error: adminAuthMessages.notConfigured });
  }

  const now = app.now();
  const account = username === undefined ? area : `${area}:${username.slice(0, 100).toLowerCase()}`;
  const attempt = await beginLoginAttempt(app.db, request.ip, account, now);
  if (!attempt.allowed) {
    request.log.warn({ area }, "admin login throttled");
    return reply
      .code(429)
      .header("retry-after", String(loginLimits.windowMs / 1000))
      .send({ error: adminAuthMessages.tooManyAttempts });
  }

  // Both checks always run, so the answer time does not tell whether the username was right.
  const digestOk = isPasswordDigest(passwordDigest) && (await verifyPasswordDigest(passwordDigest, credential.passwordHash));
  const usernameOk = credential.username === null || safeEqual(username ?? "", credential.username);
  if (!(digestOk && usernameOk)) {
    await pruneLoginAttempts(app.db, now);
    request.log.info({ area }, "admin login failed");
    return reply.code(401).send({ error: adminAreaConfig[area].wrongCredentialsMessage });
  }

  await forgetLoginAttempt(app.db, attempt.id);
  const token = await issueToken(app.db, area, now);
  request.log.info({ area }, "admin login");
  return reply.type("text/plain; charset=utf-8").send(token);
}
