/**
 * Vipps's payouts matched (docs/decisions/0044-vipps-payouts-matched.md): the simulator's Report API in the
 * shapes of Vipps's OpenAPI file, and the reading job end to end against it: a day of captures and a refund is
 * read the next morning and the treasurer's view matches each of them to its payout, with fees and net.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { parse as parseYaml } from "yaml";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { vippsReportDays, vippsReportLines } from "../db/schema/vipps-report.ts";
import { databaseKinds } from "../test-support/database.ts";
import { campAdminToken } from "../test-support/camp.ts";
import { reconcile, startVippsPayment, useVippsCampSuite } from "../test-support/vipps.ts";
import { captureFeeOre, simulatorLedgerId } from "../payments/vipps/vipps-simulator-report.ts";
import { VippsPayoutReportSchema } from "../../shared/accounts/vipps-payouts.ts";
import { addDateDays, payoutBankDate } from "../payments/vipps/vipps-dates.ts";
import { vippsSettlementsOf } from "./vipps-settlements.ts";
import { accountsHeaders } from "./accounts-export.ts";

const swagger = parseYaml(
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "../payments/vipps/openapi/report-swagger.yaml"), "utf8"),
) as { paths: Record<string, { get: { responses: Record<string, unknown> } }> };
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema(swagger, "report");
function validate(pointer: string, value: unknown) {
  const check = ajv.getSchema(`report#${pointer}`);
  if (!check) throw new Error(`no schema ${pointer}`);
  return check(value) ? [] : (check.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}
const reportResponse = "/components/responses/200/content/application~1json/schema";
const ledgersResponse = "/paths/~1settlement~1v1~1ledgers/get/responses/200/content/application~1json/schema";

// Thursday 15 October 2026, noon in Oslo.
const day = "2026-10-15";
const start = new Date("2026-10-15T10:00:00Z");

describe.each(databaseKinds)("Vipps payouts matched (%s)", (kind) => {
  const suite = useVippsCampSuite(kind, start);

  async function clearReport() {
    await suite.app.db.delete(vippsReportLines);
    await suite.app.db.delete(vippsReportDays);
  }

  /** Two registrations paid with Vipps and captured today, one of them refunded 100 kr. */
  async function aDayOfPayments() {
    await clearReport();
    const first = await startVippsPayment(suite.app);
    const second = await startVippsPayment(suite.app, { firstName: "Ola", email: "ola@example.com" });
    // A minute apart, so the day's lines have one order.
    for (const paid of [first, second]) {
      suite.now = new Date(suite.now.getTime() + 60_000);
      suite.sim.approve(paid.reference);
      await suite.sim.settled();
      await reconcile(suite.service);
    }
    suite.now = new Date(suite.now.getTime() + 60_000);
    await suite.service.refund(first.registrationId, { amount: 100 }, "camp-admin");
    await suite.sim.settled();
    await reconcile(suite.service);
    return { first, second };
  }

  async function simGet(url: string) {
    const token = await suite.app.vipps!.service["client"].accessToken();
    return suite.app.inject({
      url: `/vipps-sim${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        "ocp-apim-subscription-key": suite.sim.credentials.subscriptionKey,
        "merchant-serial-number": suite.sim.credentials.merchantSerialNumber,
      },
    });
  }

  it("the simulator's Report API answers in the swagger's shapes: ledgers, funds and fees by date, pages, try later", async () => {
    const { first, second } = await aDayOfPayments();

    const ledgers = await simGet("/settlement/v1/ledgers");
    expect(ledgers.statusCode).toBe(200);
    expect(validate(ledgersResponse, ledgers.json())).toEqual([]);
    expect(ledgers.json().items).toEqual([expect.objectContaining({ ledgerId: simulatorLedgerId, settlesForRecipientHandles: ["api:123456"] })]);
    expect((await simGet("/settlement/v1/ledgers?settlesForRecipientHandles=NO:99999")).json().items).toEqual([]);

    // The day is not closed yet.
    const early = await simGet(`/report/v2/ledgers/${simulatorLedgerId}/funds/dates/${day}`);
    expect(early.json()).toEqual({ items: [], tryLater: true });

    suite.now = new Date("2026-10-16T06:00:00Z");
    const funds = (await simGet(`/report/v2/ledgers/${simulatorLedgerId}/funds/dates/${day}`)).json();
    expect(validate(reportResponse, funds)).toEqual([]);
    for (const item of funds.items) expect(validate("/components/schemas/Transaction", item)).toEqual([]);
    const fee = captureFeeOre(108000);
    expect(
      funds.items.map((item: { entryType: string; amount: number; reference?: string }) => [item.entryType, item.amount, item.reference]),
    ).toEqual([
      ["capture", 108000, first.reference],
      ["capture", 108000, second.reference],
      ["refund", -10000, first.reference],
      ["fees-retained", -2 * fee, undefined],
      ["scheduled-for-payout", -(2 * 108000 - 10000 - 2 * fee), expect.stringMatching(/^Vipps utbet\. \d+ Vippsnr 123456$/)],
    ]);
    expect(funds.hasMore).toBe(false);
    // Balances run from zero back to zero.
    expect(funds.items[0].balanceBefore).toBe(0);
    for (let i = 1; i < funds.items.length; i++) expect(funds.items[i].balanceBefore).toBe(funds.items[i - 1].balanceAfter);
    expect(funds.items.at(-1).balanceAfter).toBe(0);

    const fees = (await simGet(`/report/v2/ledgers/${simulatorLedgerId}/fees/dates/${day}`)).json();
    expect(validate(reportResponse, fees)).toEqual([]);
    expect(fees.items.map((item: { entryType: string; amount: number }) => [item.entryType, item.amount])).toEqual([
      ["capture-fee", -fee],
      ["capture-fee", -fee],
      ["fees-retained", 2 * fee],
    ]);
    // A capture's fee carries the capture's pspReference.
    expect(fees.items[0].pspReference).toBe(funds.items[0].pspReference);

    // Pages: the cursor while more is left, the same items in all.
    suite.sim.reportPageSize = 2;
    const pages = [];
    let url = `/report/v2/ledgers/${simulatorLedgerId}/funds/dates/${day}`;
    for (;;) {
      const page = (await simGet(url)).json();
      expect(validate(reportResponse, page)).toEqual([]);
      pages.push(...page.items);
      if (!page.hasMore) {
        expect(page.cursor).toBeUndefined();
        break;
      }
      url = `/report/v2/ledgers/${simulatorLedgerId}/funds/dates/${day}?cursor=${encodeURIComponent(page.cursor)}`;
    }
    expect(pages).toEqual(funds.items);

    // The same access token as the rest: none, none answered.
    const stranger = await suite.app.inject({ url: `/vipps-sim/report/v2/ledgers/${simulatorLedgerId}/funds/dates/${day}` });
    expect(stranger.statusCode).toBe(401);
    // A day without payments is empty, and the ledger must be ours.
    expect((await simGet(`/report/v2/ledgers/${simulatorLedgerId}/funds/dates/2026-10-14`)).json()).toEqual({
      hasMore: false,
      tryLater: false,
      items: [],
    });
    expect((await simGet(`/report/v2/ledgers/999/funds/dates/${day}`)).statusCode).toBe(404);
  });

  it("the job reads a day the next morning, and the treasurer sees each capture and refund matched to its payout", async () => {
    const { first, second } = await aDayOfPayments();
    // Signed in afresh on each call: the clock moves by days.
    const view = async (from: string, to: string) => {
      const res = await suite.app.inject({ url: `/api/Regnskap/Vipps/${from}/${to}/${await campAdminToken(suite.app)}` });
      expect(res.statusCode, res.body).toBe(200);
      return VippsPayoutReportSchema.parse(res.json());
    };

    // The same day: nothing to read yet, everything «not paid out yet».
    expect(await suite.app.vipps!.report.readNow()).toEqual({ datesRead: 0, readThrough: null });
    const before = await view(day, day);
    expect(before.payouts).toEqual([]);
    expect(before.notPaidOut.map((line) => [line.reference, line.kind, line.amount])).toEqual([
      [first.reference, "capture", 108000],
      [second.reference, "capture", 108000],
      [first.reference, "refund", 10000],
    ]);

    // The next morning, on demand.
    suite.now = new Date("2026-10-16T07:00:00Z");
    const read = await suite.app.inject({ method: "POST", url: `/api/Regnskap/VippsRead/${await campAdminToken(suite.app)}` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ datesRead: 1, readThrough: day });
    // Read once: again reads nothing.
    expect(await suite.app.vipps!.report.readNow()).toEqual({ datesRead: 0, readThrough: day });

    const fee = captureFeeOre(108000);
    const after = await view(day, addDateDays(day, 3));
    expect(after.payouts).toHaveLength(1);
    const payout = after.payouts[0]!;
    expect(payout).toMatchObject({
      payoutDate: payoutBankDate(day),
      ledgerDate: day,
      captured: 216000,
      refunded: 10000,
      fees: 2 * fee,
      net: 216000 - 10000 - 2 * fee,
      amount: 216000 - 10000 - 2 * fee,
      matchedCount: 3,
    });
    expect(payout.payoutDate).toBe("2026-10-16");
    expect(payout.lines.map((line) => [line.reference, line.kind, line.fee])).toEqual([
      [first.reference, "capture", fee],
      [second.reference, "capture", fee],
      [first.reference, "refund", 0],
    ]);
    expect(after).toMatchObject({ notPaidOut: [], unknownAtVipps: [], unknownToUs: [], readThrough: day });

    // For the accounting export: fee in øre and the payout's bank date, per reference.
    const settlements = await vippsSettlementsOf(suite.app.db, [first.reference, second.reference, "ukjent-1"]);
    expect(Object.fromEntries(settlements)).toEqual({
      [first.reference]: { fee, payoutDate: "2026-10-16" },
      [second.reference]: { fee, payoutDate: "2026-10-16" },
    });

    // The accounts' CSV posts each capture's fee, as read from the Report API, with its payout date: fee lines
    // from the fees account to Vipps clearing, in kroner with øre.
    const csv = await suite.app.inject({ url: `/api/Regnskap/GetCsv/${day}/${day}/${await campAdminToken(suite.app)}` });
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = parse(csv.body.replace(/^\uFEFF/, ""), { delimiter: ";", columns: true }) as Record<string, string>[];
    const feeText = (value: string) => value.replace(/\s/g, "");
    const feeLines = rows.filter((row) => row[accountsHeaders.text]?.startsWith("Vipps-gebyr"));
    expect(feeLines).toHaveLength(4);
    expect(feeLines.map((row) => feeText(row[accountsHeaders.debit] || row[accountsHeaders.credit] || ""))).toEqual(
      Array(4).fill(feeText((fee / 100).toFixed(2).replace(".", ","))),
    );
    const captureLines = rows.filter((row) => row[accountsHeaders.method] && !row[accountsHeaders.text]?.startsWith("Vipps-gebyr"));
    expect(new Set(captureLines.map((row) => row[accountsHeaders.payout]))).toContain("2026-10-16");

    // A line Vipps has that we do not, and so one of ours Vipps does not have once the day after is read too.
    await suite.app.db
      .update(vippsReportLines)
      .set({ reference: "fremmed-1" })
      .where(and(eq(vippsReportLines.reference, second.reference), eq(vippsReportLines.entryType, "capture")));
    suite.now = new Date("2026-10-18T07:00:00Z");
    expect(await suite.app.vipps!.report.readNow()).toEqual({ datesRead: 2, readThrough: "2026-10-17" });
    const mismatched = await view(day, addDateDays(day, 3));
    expect(mismatched.unknownToUs.map((line) => [line.reference, line.kind, line.amount])).toEqual([["fremmed-1", "capture", 108000]]);
    expect(mismatched.unknownAtVipps.map((line) => [line.reference, line.kind])).toEqual([[second.reference, "capture"]]);
    expect(mismatched.payouts[0]!.matchedCount).toBe(2);
  });

  it("the period is two real dates in order, and the calls are a leder's", async () => {
    const token = await campAdminToken(suite.app);
    for (const [from, to] of [
      ["2026-02-30", "2026-03-01"],
      ["2026-10-15", "2026-10-14"],
      ["15.10.2026", "2026-10-16"],
    ])
      expect((await suite.app.inject({ url: `/api/Regnskap/Vipps/${from}/${to}/${token}` })).statusCode).toBe(400);
    expect((await suite.app.inject({ url: `/api/Regnskap/Vipps/${day}/${day}/not-a-token` })).statusCode).toBe(401);
    expect((await suite.app.inject({ method: "POST", url: `/api/Regnskap/VippsRead/not-a-token` })).statusCode).toBe(401);
  });
});

describe("a payout's bank date", () => {
  it("is the next weekday after the ledger date", () => {
    expect(payoutBankDate("2026-10-15")).toBe("2026-10-16");
    expect(payoutBankDate("2026-10-16")).toBe("2026-10-19");
    expect(payoutBankDate("2026-10-17")).toBe("2026-10-19");
    fc.assert(
      fc.property(fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }), (instant) => {
        const date = instant.toISOString().slice(0, 10);
        const payout = payoutBankDate(date);
        const weekday = new Date(`${payout}T12:00:00Z`).getUTCDay();
        return payout > date && payout <= addDateDays(date, 3) && weekday >= 1 && weekday <= 5;
      }),
    );
  });
});
