import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultChart, type ChartAccount } from "./accounts-chart.ts";
import { accountingLines, accountTotals, importAmount, type AccountingEntry, type VippsSettlement } from "./accounts-posting.ts";

const entry = (overrides: Partial<AccountingEntry>): AccountingEntry => ({
  id: 1,
  date: "2026-03-01",
  kind: "payment",
  method: "vipps",
  amount: 500,
  eventKind: "gradering",
  eventName: "Gradering vår",
  orderId: "GR26-AAAA",
  person: "Ola Nordmann",
  paymentReference: "ref-1",
  carriesFee: true,
  voucher: 1,
  ...overrides,
});

const numberOf = (role: ChartAccount["role"]) => defaultChart.find((account) => account.role === role)!.number;

/** Realistic entries: Vipps refunds go back through Vipps, money owed back is paid back in cash or by the bank. */
const entries = fc
  .array(
    fc.record({
      kind: fc.constantFrom("payment", "refund", "refund-owed", "refund-paid" as const),
      method: fc.constantFrom("vipps", "card", "cash", "card_cash", "other"),
      amount: fc.integer({ min: -3000, max: 3000 }),
      eventKind: fc.constantFrom("vinterleir", "gradering", "kurs", "salg" as const),
      payment: fc.integer({ min: 1, max: 4 }),
      carriesFee: fc.boolean(),
    }),
    { maxLength: 40 },
  )
  .map((rows) =>
    rows.map((row, index) => {
      const method = row.kind === "refund" ? "vipps" : row.kind === "refund-paid" ? (row.method === "vipps" ? "other" : row.method) : row.method;
      return entry({
        id: index + 1,
        voucher: index + 1,
        kind: row.kind,
        method,
        amount: row.amount,
        eventKind: row.eventKind,
        paymentReference: method === "vipps" ? `ref-${row.payment}` : null,
        carriesFee: method === "vipps" && row.kind === "payment" && row.carriesFee,
      });
    }),
  );
const settlements = fc
  .dictionary(
    fc.constantFrom("ref-1", "ref-2", "ref-3", "ref-4"),
    fc.record({ fee: fc.integer({ min: 0, max: 5000 }).map((ore) => ore / 100), payoutDate: fc.option(fc.constant("2026-03-05"), { nil: null }) }),
  )
  .map((record) => new Map<string, VippsSettlement>(Object.entries(record)));

describe("accountingLines", () => {
  it("a Vipps payment: debit Vipps, credit the event kind's income; its fee: debit fees, credit Vipps", () => {
    const lines = accountingLines([entry({})], defaultChart, new Map([["ref-1", { fee: 8.25, payoutDate: "2026-03-04" }]]));
    expect(lines.map((line) => [line.voucher, line.account.number, line.debit, line.credit])).toEqual([
      [1, "1925", 500, 0],
      [1, "3200", 0, 500],
      [1, "7770", 8.25, 0],
      [1, "1925", 0, 8.25],
    ]);
    expect(lines[0]).toMatchObject({
      fee: 8.25,
      payoutDate: "2026-03-04",
      method: "Vipps",
      person: "Ola Nordmann",
      text: "Innbetalt Vipps: Gradering vår, GR26-AAAA",
    });
  });

  it("no fee line when no fee is known, nor on a later capture of the same payment", () => {
    const lines = accountingLines(
      [entry({}), entry({ id: 2, voucher: 2, carriesFee: false })],
      defaultChart,
      new Map([["ref-2", { fee: 3, payoutDate: null }]]),
    );
    expect(lines.filter((line) => line.isFee)).toEqual([]);
  });

  it("cash at the door, owed back, and paid back: through the till and the liability", () => {
    const lines = accountingLines(
      [
        entry({ id: 1, method: "cash", eventKind: "vinterleir", paymentReference: null, carriesFee: false }),
        entry({ id: 2, kind: "refund-owed", method: "cash", amount: 200, eventKind: "vinterleir", paymentReference: null, carriesFee: false }),
        entry({ id: 3, kind: "refund-paid", method: "other", amount: 200, eventKind: "vinterleir", paymentReference: null, carriesFee: false }),
        entry({ id: 4, method: "card", amount: -100, eventKind: "salg", paymentReference: null, carriesFee: false }),
      ],
      defaultChart,
      new Map(),
    );
    expect(lines.map((line) => [line.entryId, line.account.number, line.debit, line.credit])).toEqual([
      [1, numberOf("cash"), 500, 0],
      [1, numberOf("income-vinterleir"), 0, 500],
      [2, numberOf("income-vinterleir"), 200, 0],
      [2, numberOf("refunds-owed"), 0, 200],
      [3, numberOf("refunds-owed"), 200, 0],
      [3, numberOf("bank"), 0, 200],
      // A correction (an undone door payment) turns the posting round.
      [4, numberOf("income-salg"), 100, 0],
      [4, numberOf("card"), 0, 100],
    ]);
  });

  it("property: debit equals credit, in all and voucher by voucher", () => {
    fc.assert(
      fc.property(entries, settlements, (all, known) => {
        const lines = accountingLines(all, defaultChart, known);
        const totals = accountTotals(lines);
        expect(totals.debit).toBe(totals.credit);
        const byVoucher = new Map<number | null, number>();
        for (const line of lines)
          byVoucher.set(line.voucher, (byVoucher.get(line.voucher) ?? 0) + Math.round(line.debit * 100) - Math.round(line.credit * 100));
        for (const balance of byVoucher.values()) expect(balance).toBe(0);
        for (const line of lines) expect(line.debit === 0 || line.credit === 0).toBe(true);
      }),
    );
  });

  it("property: the Vipps account's money lines add up to the Vipps payments' net (captures minus refunds), less the fees", () => {
    fc.assert(
      fc.property(entries, settlements, (all, known) => {
        const lines = accountingLines(all, defaultChart, known);
        const vipps = numberOf("vipps");
        const ore = (kroner: number) => Math.round(kroner * 100);
        const net = (keep: (line: (typeof lines)[number]) => boolean) =>
          lines.filter((line) => line.account.number === vipps && keep(line)).reduce((sum, line) => sum + ore(line.debit) - ore(line.credit), 0);
        const captured = all.filter((e) => e.kind === "payment" && e.method === "vipps").reduce((sum, e) => sum + e.amount, 0);
        const refunded = all.filter((e) => e.kind === "refund").reduce((sum, e) => sum + e.amount, 0);
        const fees = all
          .filter((e) => e.carriesFee && e.amount !== 0 && e.paymentReference && known.has(e.paymentReference))
          .reduce((sum, e) => sum + ore(known.get(e.paymentReference!)!.fee), 0);
        expect(net((line) => !line.isFee)).toBe(ore(captured - refunded));
        expect(net(() => true)).toBe(ore(captured - refunded) - fees);
      }),
    );
  });

  it("the chart's numbers are the club's: a changed number is posted to", () => {
    const chart = defaultChart.map((account) => (account.role === "vipps" ? { ...account, number: "1926", name: "Vipps" } : account));
    expect(accountingLines([entry({})], chart, new Map())[0]!.account).toEqual({ role: "vipps", number: "1926", name: "Vipps" });
  });
});

describe("importAmount", () => {
  it("two decimals and a decimal comma, no thousands separator", () => {
    expect([importAmount(1234), importAmount(8.25), importAmount(0.1 + 0.2), importAmount(-3.5)]).toEqual(["1234,00", "8,25", "0,30", "-3,50"]);
  });
});
