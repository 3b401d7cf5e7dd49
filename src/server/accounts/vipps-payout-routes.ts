import type { FastifyInstance } from "fastify";
import { vippsPayoutCalls } from "../../shared/accounts/vipps-payout-calls.ts";
import { CalendarDateTextSchema } from "../../shared/accounts/vipps-payouts.ts";
import { describeForLog } from "../errors.ts";
import { routeCall } from "../http/call-route.ts";
import { vippsPayoutReport } from "./vipps-settlements.ts";
import { readThrough } from "../payments/vipps/vipps-report-reader.ts";

const noStore = { "cache-control": "no-store" };
const notInUse = "Vipps er ikke i bruk.";

/**
 * The treasurer's Vipps payouts (docs/decisions/0044-vipps-payouts-matched.md), for a `leder`:
 *   GET  /api/Regnskap/Vipps/{from}/{to}/{token}   the payouts of the period, matched, and what is unmatched
 *   POST /api/Regnskap/VippsRead/{token}           read Vipps's settlement reports now
 */
export async function registerVippsPayoutRoutes(app: FastifyInstance) {
  routeCall(app, vippsPayoutCalls.report, {}, async (request, reply) => {
    reply.headers(noStore);
    const from = CalendarDateTextSchema.safeParse(request.params.from);
    const to = CalendarDateTextSchema.safeParse(request.params.to);
    if (!from.success || !to.success) return reply.code(400).send({ error: "Datoene må skrives ÅÅÅÅ-MM-DD." });
    if (from.data > to.data) return reply.code(400).send({ error: "Fra-datoen må være før til-datoen." });
    return reply.send(await vippsPayoutReport(app.db, from.data, to.data));
  });

  routeCall(app, vippsPayoutCalls.read, {}, async (request, reply) => {
    reply.headers(noStore);
    if (!app.vipps) return reply.code(503).send({ error: notInUse });
    try {
      return reply.send(await app.vipps.report.readNow());
    } catch (error) {
      request.log.warn({ err: describeForLog(error) }, "reading Vipps's settlement reports on demand failed");
      return reply
        .code(502)
        .send({ error: `Fikk ikke lest rapportene fra Vipps nå. Lest til og med: ${(await readThrough(app.db)) ?? "ingenting ennå"}.` });
    }
  });
}
