import { setTimeout as sleepFor } from "node:timers/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { areaSignInCalls } from "../../shared/admin/area-sign-in-calls.ts";
import { routeCall } from "../http/call-route.ts";
import { isLocalRequest } from "../security/local-request.ts";
import { adminAreaConfig, adminAreas, type AdminArea } from "./admin-areas.ts";
import { findUsableCredential } from "./admin-credentials.ts";
import { findCampAccount } from "./camp-account.ts";
import { issueToken } from "./admin-tokens.ts";
import { throttleKey } from "./client-address.ts";
import { beginLoginAttempt, forgetLoginAttempt, loginLimits, pruneLoginAttempts } from "./login-throttle.ts";
import { registerLogoutRoutes } from "./logout-routes.ts";
import { registerCampAccountRoutes } from "./camp-account-routes.ts";
import { isPasswordDigest, safeEqual, verifyPasswordDigest } from "./password-hash.ts";

export const adminAuthMessages = {
  tooManyAttempts: "For mange mislykkede innloggingsforsøk. Vent et kvarter og prøv igjen.",
  notConfigured: "Innlogging er ikke satt opp for denne delen av nettstedet. Kontakt klubben.",
} as const;

export interface AdminAuthOptions {
  /** How the slow-down on a much-attacked account waits (tests pass a recorder instead of real time). */
  sleep?: (ms: number) => Promise<void>;
}

/** The login calls: a plain-text token, or a JSON body (the client tests for a leading brace); and log-out. */
export async function registerAdminAuthRoutes(app: FastifyInstance, { sleep = (ms) => sleepFor(ms) }: AdminAuthOptions) {
  const login = (request: FastifyRequest, reply: FastifyReply, area: AdminArea, digest: string, username?: string) =>
    logIn(app, { request, reply, area, digest, username, sleep });
  // Every area signs in by its declared call (area-sign-in-calls.ts); the camp's names the account too.
  for (const area of adminAreas) {
    routeCall(app, areaSignInCalls[area].signIn, {}, async (request, reply) => {
      const { params } = request;
      await login(request, reply, area, params.passwordHash, "username" in params ? params.username : undefined);
      return reply;
    });
  }
  registerLogoutRoutes(app);
  await registerCampAccountRoutes(app);
}

interface LoginCall {
  request: FastifyRequest;
  reply: FastifyReply;
  area: AdminArea;
  digest: string;
  username: string | undefined;
  sleep: (ms: number) => Promise<void>;
}

async function logIn(app: FastifyInstance, { request, reply, area, digest, username, sleep }: LoginCall) {
  reply.header("cache-control", "no-store");
  const credential = await findUsableCredential(app.db, area, app.env);
  if (!credential) {
    request.log.error({ area }, "admin login refused: no credential configured for this area");
    return reply.code(503).send({ error: adminAuthMessages.notConfigured });
  }

  const now = app.now();
  const account = username === undefined ? area : `${area}:${username.slice(0, 100).toLowerCase()}`;
  const attempt = await beginLoginAttempt(app.db, throttleKey(request.ip), account, now);
  if (!attempt.allowed) {
    request.log.warn({ area }, "admin login throttled");
    return reply
      .code(429)
      .header("retry-after", String(loginLimits.windowMs / 1000))
      .send({ error: adminAuthMessages.tooManyAttempts });
  }
  if (attempt.delayMs > 0) await sleep(attempt.delayMs);

  // A camp username other than the configured one names a helper account (camp-account.ts).
  const configuredName = credential.username === null || safeEqual(username ?? "", credential.username);
  const helper = area === "camp" && !configuredName && username !== undefined ? await findCampAccount(app.db, username.slice(0, 100)) : undefined;
  // Every check always runs, so the answer time does not tell which one failed.
  const digestOk = isPasswordDigest(digest) && (await verifyPasswordDigest(digest, helper?.passwordHash ?? credential.passwordHash));
  const usernameOk = configuredName || helper !== undefined;
  // A generated development password was shown on this machine's console: it opens nothing from elsewhere.
  const originOk = helper !== undefined || credential.source !== "development" || isLocalRequest(request);
  if (!(digestOk && usernameOk && originOk)) {
    await pruneLoginAttempts(app.db, now);
    request.log.info({ area }, "admin login failed");
    return reply.code(401).send({ error: adminAreaConfig[area].wrongCredentialsMessage });
  }

  await forgetLoginAttempt(app.db, attempt.id);
  const token = await issueToken(app.db, area, now, area === "camp" ? (helper?.username ?? credential.username ?? undefined) : undefined);
  request.log.info({ area }, "admin login");
  return reply.type("text/plain; charset=utf-8").send(token);
}
