import type { FastifyInstance } from "fastify";
import { PeriodSchema } from "../../shared/accounts/accounts-chart.ts";
import { accountsCalls } from "../../shared/accounts/accounts-calls.ts";
import { currentCampAccount } from "../admin-auth/camp-account.ts";
import { parseWith } from "../errors.ts";
import { xlsxContentType } from "../exports/xlsx.ts";
import { routeCall } from "../http/call-route.ts";
import { accountsCsv, accountsXlsx, accountTotalsAnswer } from "./accounts-export.ts";
import { chartAnswer, saveChart } from "./accounts-store.ts";

/**
 * «Regnskap» (docs/decisions/0045-accounts-export.md), declared in src/shared/accounts/accounts-calls.ts, all
 * for a `leder`: the chart of accounts, a period's totals per account, and the exports, which give the
 * money movements their voucher numbers.
 */
export async function registerAccountsRoutes(app: FastifyInstance) {
  const noStore = { "cache-control": "no-store" };
  const attachment = (name: string) => ({ ...noStore, "content-disposition": `attachment; filename="${name}"` });

  routeCall(app, accountsCalls.chart, {}, async (_request, reply) => reply.headers(noStore).send(await chartAnswer(app.db)));

  routeCall(app, accountsCalls.saveChart, { bodyLimit: 16 * 1024 }, async (request, reply) => {
    const { username } = await currentCampAccount(request);
    return reply.headers(noStore).send(await saveChart(app.db, request.body.accounts, username, app.now()));
  });

  routeCall(app, accountsCalls.totals, {}, async (request, reply) => {
    const period = parseWith(PeriodSchema, { from: request.params.from, to: request.params.to });
    return reply.headers(noStore).send(await accountTotalsAnswer(app.db, period, app.now()));
  });

  routeCall(app, accountsCalls.xlsx, {}, async (request, reply) => {
    const period = parseWith(PeriodSchema, { from: request.params.from, to: request.params.to });
    const file = await accountsXlsx(app.db, period, app.now());
    return reply.headers(attachment(file.name)).type(xlsxContentType).send(file.body);
  });

  routeCall(app, accountsCalls.csv, {}, async (request, reply) => {
    const period = parseWith(PeriodSchema, { from: request.params.from, to: request.params.to });
    const file = await accountsCsv(app.db, period, app.now());
    return reply.headers(attachment(file.name)).type("text/csv; charset=utf-8").send(file.body);
  });
}
