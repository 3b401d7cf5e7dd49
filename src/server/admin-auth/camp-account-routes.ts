import type { FastifyInstance } from "fastify";
import { campAccountMessages } from "../../shared/admin/camp-accounts.ts";
import { campAccountCalls } from "../../shared/admin/camp-account-calls.ts";
import { errorMessages, type ErrorBody } from "../errors.ts";
import { routeCall, type CallReply } from "../http/call-route.ts";
import { commonPasswordMessage } from "./password-policy.ts";
import { currentCampAccount, listCampAccounts, removeCampAccount, saveCampAccount, type AccountChange } from "./camp-account.ts";

/**
 * The camp admin's accounts (declared in src/shared/admin/camp-account-calls.ts), under /api/VinterleirAdmin/ so
 * logger.ts masks the token:
 *   GET    /api/VinterleirAdmin/Me/{token}                    who is signed in (any account, any role)
 *   GET    /api/VinterleirAdmin/Accounts/{token}              the accounts (leder)
 *   POST   /api/VinterleirAdmin/Accounts/{token}              { username, name, role, password }: create or reset (leder)
 *   DELETE /api/VinterleirAdmin/Accounts/{username}/{token}   remove, ending its sessions (leder)
 */
export async function registerCampAccountRoutes(app: FastifyInstance) {
  routeCall(app, campAccountCalls.me, {}, async (request, reply) => {
    const { username, name, role } = await currentCampAccount(request);
    return reply.header("cache-control", "no-store").send({ username, name, role });
  });

  routeCall(app, campAccountCalls.accounts, {}, async (_request, reply) =>
    reply.header("cache-control", "no-store").send(await listCampAccounts(app.db, app.env)),
  );

  routeCall(app, campAccountCalls.saveAccount, {}, async (request, reply) => {
    const input = request.body;
    // The shared schema is checked on the route; the common-password list only the server holds in full.
    const problem = commonPasswordMessage(input.password);
    if (problem)
      return reply
        .code(400)
        .header("cache-control", "no-store")
        .send({ error: errorMessages.invalidInput, issues: [{ path: "password", message: problem }] } satisfies ErrorBody);
    const by = await currentCampAccount(request);
    const outcome = await saveCampAccount(app.db, app.env, input, by.username, app.now());
    if (outcome.kind === "ok") request.log.info({ role: input.role, created: outcome.created }, "camp account saved");
    return send(reply, outcome, outcome.kind === "ok" && outcome.created ? 201 : 200);
  });

  routeCall(app, campAccountCalls.removeAccount, {}, async (request, reply) => {
    const by = await currentCampAccount(request);
    const outcome = await removeCampAccount(app.db, app.env, request.params.username.slice(0, 100), by.username, app.now());
    if (outcome.kind === "ok") request.log.info("camp account removed");
    return send(reply, outcome, 200);
  });

  async function send(
    reply: CallReply<typeof campAccountCalls.saveAccount | typeof campAccountCalls.removeAccount>,
    outcome: AccountChange,
    okStatus: number,
  ) {
    reply.header("cache-control", "no-store");
    if (outcome.kind === "not-found") return reply.code(404).send({ error: campAccountMessages.notFound } satisfies ErrorBody);
    if (outcome.kind === "conflict") return reply.code(409).send({ error: outcome.message } satisfies ErrorBody);
    return reply.code(okStatus).send(await listCampAccounts(app.db, app.env));
  }
}
