import type { FastifyInstance, FastifyReply } from "fastify";
import { CampAccountInputSchema, campAccountMessages } from "../../shared/admin/camp-accounts.ts";
import { parseWith, type ErrorBody } from "../errors.ts";
import { commonPasswordMessage } from "./password-policy.ts";
import {
  currentCampAccount,
  listCampAccounts,
  removeCampAccount,
  requireAnyAccount,
  requireCampRole,
  saveCampAccount,
  type AccountChange,
} from "./camp-account.ts";

/** The shared schema, and the common-password list only the server holds in full. */
const CampAccountOnServerSchema = CampAccountInputSchema.superRefine((input, ctx) => {
  const problem = commonPasswordMessage(input.password);
  if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
});

/**
 * The camp admin's accounts, under /api/VinterleirAdmin/ so logger.ts masks the token:
 *   GET    /api/VinterleirAdmin/Me/{token}                    who is signed in (any account, any role)
 *   GET    /api/VinterleirAdmin/Accounts/{token}              the accounts (leder)
 *   POST   /api/VinterleirAdmin/Accounts/{token}              { username, name, role, password }: create or reset (leder)
 *   DELETE /api/VinterleirAdmin/Accounts/{username}/{token}   remove, ending its sessions (leder)
 */
export async function registerCampAccountRoutes(app: FastifyInstance) {
  const leder = { preHandler: requireCampRole("leder") };

  app.get("/api/VinterleirAdmin/Me/:token", { preHandler: requireAnyAccount() }, async (request, reply) => {
    const { username, name, role } = await currentCampAccount(request);
    return reply.header("cache-control", "no-store").send({ username, name, role });
  });

  app.get("/api/VinterleirAdmin/Accounts/:token", leder, async (_request, reply) =>
    reply.header("cache-control", "no-store").send(await listCampAccounts(app.db, app.env)),
  );

  app.post("/api/VinterleirAdmin/Accounts/:token", leder, async (request, reply) => {
    const input = parseWith(CampAccountOnServerSchema, request.body);
    const by = await currentCampAccount(request);
    const outcome = await saveCampAccount(app.db, app.env, input, by.username, app.now());
    if (outcome.kind === "ok") request.log.info({ role: input.role, created: outcome.created }, "camp account saved");
    return send(reply, outcome, outcome.kind === "ok" && outcome.created ? 201 : 200);
  });

  app.delete<{ Params: { username: string } }>("/api/VinterleirAdmin/Accounts/:username/:token", leder, async (request, reply) => {
    const by = await currentCampAccount(request);
    const outcome = await removeCampAccount(app.db, app.env, request.params.username.slice(0, 100), by.username, app.now());
    if (outcome.kind === "ok") request.log.info("camp account removed");
    return send(reply, outcome, 200);
  });

  async function send(reply: FastifyReply, outcome: AccountChange, okStatus: number) {
    reply.header("cache-control", "no-store");
    if (outcome.kind === "not-found") return reply.code(404).send({ error: campAccountMessages.notFound } satisfies ErrorBody);
    if (outcome.kind === "conflict") return reply.code(409).send({ error: outcome.message } satisfies ErrorBody);
    return reply.code(okStatus).send(await listCampAccounts(app.db, app.env));
  }
}
