/**
 * The Vipps report reading job under attack (docs/decisions/0044-vipps-payouts-matched.md): a crafted Report API
 * answer — pages that never end, duplicate lines, references that are not ours, amounts of the wrong sign, junk
 * times and amounts — must neither hang or crash the server nor count money twice.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventPaymentActions, eventPayments } from "../db/schema/events-money.ts";
import { vippsReportDays, vippsReportLines } from "../db/schema/vipps-report.ts";
import { createVippsClient } from "../payments/vipps/vipps-client.ts";
import { buildCampTestApp, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { readVippsReports, type VippsReportDeps } from "../payments/vipps/vipps-report-reader.ts";
import { vippsPayoutReport, vippsSettlementsOf } from "./vipps-settlements.ts";

type Line = Awaited<ReturnType<VippsReportDeps["client"]["getReportOfDate"]>>["items"][number];

describe("the Report API client under a crafted answer", () => {
  const credentials = { clientId: "id", clientSecret: "secret", subscriptionKey: "key", merchantSerialNumber: "123456" };
  const line: Line = { pspReference: "psp-1", time: "2026-10-15T10:00:00Z", entryType: "capture", reference: "ref-1", currency: "NOK", amount: 100 };
  function clientAnswering(page: (calls: number) => unknown) {
    let calls = 0;
    const fetch = (async (url: string | URL | Request) => {
      const text = String(url);
      if (text.endsWith("/accesstoken/get")) return new Response(JSON.stringify({ token_type: "Bearer", expires_in: 3600, access_token: "t" }));
      calls++;
      if (calls > 5_000) throw new Error("runaway");
      return new Response(JSON.stringify(page(calls)));
    }) as typeof globalThis.fetch;
    const client = createVippsClient({ ...credentials, baseUrl: "https://vipps.example", fetch, sleep: async () => {} });
    return { client, calls: () => calls };
  }

  it("a page that names itself as the next one again and again is refused, not followed for ever", async () => {
    const { client, calls } = clientAnswering(() => ({ cursor: "same", hasMore: true, items: [line] }));
    await expect(client.getReportOfDate("ledger", "funds", "2026-10-15")).rejects.toThrow(/cursor|page/i);
    expect(calls()).toBeLessThan(10);
  });

  it("pages that never end (a new cursor each time) stop at a bound", async () => {
    const { client, calls } = clientAnswering((n) => ({ cursor: `c${n}`, hasMore: true, items: [line] }));
    await expect(client.getReportOfDate("ledger", "funds", "2026-10-15")).rejects.toThrow(/page/i);
    expect(calls()).toBeLessThanOrEqual(1_000);
  });

  it("an honest report over three pages is read whole", async () => {
    const { client } = clientAnswering((n) => ({ cursor: `c${n}`, hasMore: n < 3, items: [{ ...line, pspReference: `psp-${n}` }] }));
    const report = await client.getReportOfDate("ledger", "funds", "2026-10-15");
    expect(report.items.map((item) => item.pspReference)).toEqual(["psp-1", "psp-2", "psp-3"]);
  });
});

describe.each(databaseKinds)("the report reader under a crafted report on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  const now = new Date("2026-10-17T10:00:00Z");
  const day = "2026-10-15";

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    const body = draft();
    expect((await postRegistration(app, body)).body).toBe("Done");
    const [registration] = await app.db
      .select({ id: campRegistrations.id })
      .from(campRegistrations)
      .where(eq(campRegistrations.draftId, body.draftId));
    // Ours: one Vipps payment of 1 000 kr captured on the 15th, 200 kr refunded.
    const at = new Date(`${day}T10:00:00Z`);
    const [payment] = await app.db
      .insert(eventPayments)
      .values({
        orderId: registration!.id,
        ownerKind: "camp",
        reference: "ours-1",
        method: "vipps",
        amount: 1000,
        state: "captured",
        capturedAmount: 1000,
        refundedAmount: 200,
        paidAmount: 1000,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: eventPayments.id });
    await app.db.insert(eventPaymentActions).values([
      { paymentId: payment!.id, actor: "system", action: "vipps-captured", amount: 1000, at },
      { paymentId: payment!.id, actor: "system", action: "vipps-refunded", amount: 200, at: new Date(at.getTime() + 60_000) },
    ]);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(async () => {
    await app.db.delete(vippsReportLines);
    await app.db.delete(vippsReportDays);
  });

  /** A reader whose Vipps answers `reports[date][topic]`; an empty closed report for any other closed date. */
  const deps = (reports: Record<string, { funds?: Line[]; fees?: Line[] }>): VippsReportDeps => ({
    db: app.db,
    now: () => now,
    merchantSerialNumber: "123456",
    client: {
      getLedgers: async () => ({ items: [{ ledgerId: "L1" }] }),
      getReportOfDate: async (_ledger, topic, date) => ({ tryLater: false, items: reports[date]?.[topic] ?? [] }),
    },
  });
  const capture = (psp: string, amount: number, reference: string | null = "ours-1"): Line => ({
    pspReference: psp,
    time: `${day}T10:00:00Z`,
    entryType: "capture",
    reference,
    currency: "NOK",
    amount,
  });
  const refund = (psp: string, amount: number): Line => ({ ...capture(psp, amount), entryType: "refund" });
  const fee = (psp: string, amount: number): Line => ({ ...capture(psp, amount), entryType: "capture-fee", reference: null });
  const payout = (amount: number): Line => ({ ...capture("payout-1", amount, "Vipps utbetaling"), entryType: "scheduled-for-payout" });

  it("an honest day: one capture and one refund matched, the fee once", async () => {
    await readVippsReports(
      deps({ [day]: { funds: [capture("psp-1", 100_000), refund("psp-2", -20_000), payout(-77_010)], fees: [fee("psp-1", -2990)] } }),
    );
    expect(await vippsSettlementsOf(app.db, ["ours-1"])).toEqual(new Map([["ours-1", { fee: 2990, payoutDate: "2026-10-16" }]]));
    const report = await vippsPayoutReport(app.db, "2026-10-01", "2026-10-31");
    expect(report.unknownToUs).toEqual([]);
    expect(report.payouts).toHaveLength(1);
    expect(report.payouts[0]).toMatchObject({ captured: 100_000, refunded: 20_000, fees: 2990 });
  });

  it("a line repeated (a page given twice) counts once: the fee is not doubled and no phantom capture appears", async () => {
    const funds = [capture("psp-1", 100_000), capture("psp-1", 100_000), refund("psp-2", -20_000), refund("psp-2", -20_000), payout(-77_010)];
    await readVippsReports(deps({ [day]: { funds, fees: [fee("psp-1", -2990), fee("psp-1", -2990)] } }));
    expect((await vippsSettlementsOf(app.db, ["ours-1"])).get("ours-1")).toEqual({ fee: 2990, payoutDate: "2026-10-16" });
    const report = await vippsPayoutReport(app.db, "2026-10-01", "2026-10-31");
    expect(report.unknownToUs).toEqual([]);
    expect(report.payouts[0]).toMatchObject({ captured: 100_000, refunded: 20_000, fees: 2990 });
  });

  it("a capture Vipps split in two lines of one pspReference (at different times) is taken together, not as a repeat", async () => {
    const half = (time: string) => ({ ...capture("psp-1", 50_000), time });
    const funds = [half(`${day}T10:00:00Z`), half(`${day}T10:00:01Z`), refund("psp-2", -20_000), payout(-77_010)];
    await readVippsReports(deps({ [day]: { funds, fees: [fee("psp-1", -2990)] } }));
    const report = await vippsPayoutReport(app.db, "2026-10-01", "2026-10-31");
    expect(report.unknownToUs).toEqual([]);
    expect(report.payouts[0]).toMatchObject({ captured: 100_000, refunded: 20_000, fees: 2990 });
    expect((await vippsSettlementsOf(app.db, ["ours-1"])).get("ours-1")).toEqual({ fee: 2990, payoutDate: "2026-10-16" });
  });

  it("references that are not ours are listed as unknown to us and move none of our money", async () => {
    const funds = [
      capture("psp-1", 100_000),
      capture("psp-x", 50_000, "not-ours"),
      capture("psp-y", 70_000, null),
      refund("psp-2", -20_000),
      payout(-197_010),
    ];
    await readVippsReports(deps({ [day]: { funds, fees: [fee("psp-1", -2990), fee("psp-x", -1495)] } }));
    expect((await vippsSettlementsOf(app.db, ["ours-1"])).get("ours-1")).toEqual({ fee: 2990, payoutDate: "2026-10-16" });
    const report = await vippsPayoutReport(app.db, "2026-10-01", "2026-10-31");
    expect(report.unknownToUs.map((line) => line.reference)).toEqual(["not-ours"]);
    expect(report.payouts[0]).toMatchObject({ captured: 100_000, refunded: 20_000, fees: 2990 });
  });

  it("a capture of the wrong sign (money out) does not stand for our capture, and its sign is kept in «ukjent hos oss»", async () => {
    // Vipps signs money into the account positive: a «capture» of −1 000 kr is no capture of ours.
    const funds = [capture("psp-neg", -100_000), capture("psp-1", 100_000), refund("psp-2", -20_000), payout(-77_010)];
    await readVippsReports(deps({ [day]: { funds, fees: [fee("psp-neg", -2990), fee("psp-1", -2990)] } }));
    expect((await vippsSettlementsOf(app.db, ["ours-1"])).get("ours-1")).toEqual({ fee: 2990, payoutDate: "2026-10-16" });
    const report = await vippsPayoutReport(app.db, "2026-10-01", "2026-10-31");
    expect(report.payouts[0]!.lines.map((matched) => matched.pspReference)).toEqual(["psp-1", "psp-2"]);
    expect(report.unknownToUs).toEqual([expect.objectContaining({ pspReference: "psp-neg", amount: -100_000 })]);
  });

  it("a capture in another currency does not stand for our kroner", async () => {
    const funds = [{ ...capture("psp-eur", 100_000), currency: "EUR" }, capture("psp-1", 100_000), refund("psp-2", -20_000), payout(-77_010)];
    await readVippsReports(deps({ [day]: { funds, fees: [fee("psp-eur", -2990), fee("psp-1", -1000)] } }));
    expect((await vippsSettlementsOf(app.db, ["ours-1"])).get("ours-1")).toEqual({ fee: 1000, payoutDate: "2026-10-16" });
    const report = await vippsPayoutReport(app.db, "2026-10-01", "2026-10-31");
    expect(report.unknownToUs).toEqual([expect.objectContaining({ pspReference: "psp-eur" })]);
  });

  it("a junk time or an absurd amount fails the pass whole: nothing half stored, the date read again once Vipps answers right", async () => {
    for (const bad of [
      { ...capture("psp-1", 100_000), time: "not a time" },
      { ...capture("psp-1", 100_000), amount: 2 ** 40 },
    ]) {
      await expect(readVippsReports(deps({ [day]: { funds: [bad, refund("psp-2", -20_000)], fees: [] } }))).rejects.toThrow();
      expect(await app.db.select().from(vippsReportLines)).toEqual([]);
      expect(await app.db.select().from(vippsReportDays)).toEqual([]);
    }
    const read = await readVippsReports(deps({ [day]: { funds: [capture("psp-1", 100_000), refund("psp-2", -20_000), payout(-80_000)], fees: [] } }));
    expect(read.readThrough).toBe("2026-10-16");
    expect((await vippsSettlementsOf(app.db, ["ours-1"])).get("ours-1")).toEqual({ fee: 0, payoutDate: "2026-10-16" });
  });

  it("two passes at once store each date once", async () => {
    const reports = { [day]: { funds: [capture("psp-1", 100_000), refund("psp-2", -20_000), payout(-77_010)], fees: [fee("psp-1", -2990)] } };
    const results = await Promise.allSettled([readVippsReports(deps(reports)), readVippsReports(deps(reports)), readVippsReports(deps(reports))]);
    expect(results.some((result) => result.status === "fulfilled")).toBe(true);
    const lines = await app.db.select().from(vippsReportLines);
    expect(lines.filter((row) => row.ledgerDate === day)).toHaveLength(4);
    expect((await vippsSettlementsOf(app.db, ["ours-1"])).get("ours-1")).toEqual({ fee: 2990, payoutDate: "2026-10-16" });
  });
});
