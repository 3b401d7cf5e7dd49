import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ledgerFigures, ledgerItems, type LedgerEntry } from "../camp/camp-ledger.ts";
import { planCancellation, splitRefund } from "../camp/camp-ledger-cancellation.ts";
import { personMoney, sumPersonMoney } from "./person-money.ts";

const runs = Number(process.env.LEDGER_RUNS ?? 200);

type Step =
  | { kind: "charge"; person: number; amount: number }
  | { kind: "pay"; amount: number; method: "vipps" | "card" | "cash"; person: number | null }
  | { kind: "undo-pay"; amount: number }
  | { kind: "cancel"; person: number; late: boolean }
  | { kind: "refund-paid"; amount: number }
  | { kind: "refund-refused" };

const steps = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant("charge" as const), person: fc.integer({ min: 0, max: 4 }), amount: fc.constantFrom(0, 350, 550, -550, 1200) }),
    fc.record({
      kind: fc.constant("pay" as const),
      amount: fc.integer({ min: 1, max: 2000 }),
      method: fc.constantFrom("vipps" as const, "card" as const, "cash" as const),
      person: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
    }),
    fc.record({ kind: fc.constant("undo-pay" as const), amount: fc.integer({ min: 1, max: 800 }) }),
    fc.record({ kind: fc.constant("cancel" as const), person: fc.integer({ min: 0, max: 4 }), late: fc.boolean() }),
    fc.record({ kind: fc.constant("refund-paid" as const), amount: fc.integer({ min: 1, max: 800 }) }),
    fc.record({ kind: fc.constant("refund-refused" as const) }),
  ),
  { maxLength: 25 },
);

/** An order's ledger as the server writes it, from random steps. */
function ledgerOf(list: readonly Step[]): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  const add = (entry: Omit<LedgerEntry, "id">) => entries.push({ ...entry, id: entries.length + 1 });
  const money = { person: null, item: null, paymentId: null };
  for (const step of list) {
    const figures = ledgerFigures(entries);
    if (step.kind === "charge") add({ ...money, kind: "charge", person: `p${step.person}`, item: "athlete", method: null, amount: step.amount });
    if (step.kind === "pay") {
      const amount = Math.min(step.amount, figures.outstanding);
      const person = step.person === null ? null : `p${step.person}`;
      if (amount > 0) add({ ...money, kind: "payment", person, method: step.method, amount, paymentId: step.method === "vipps" ? 1 : null });
    }
    if (step.kind === "undo-pay") {
      const amount = Math.min(step.amount, figures.paid - figures.refunded - figures.refundOwed);
      if (amount > 0) add({ ...money, kind: "payment", method: "cash", amount: -amount });
    }
    if (step.kind === "cancel") {
      const person = `p${step.person}`;
      const plan = planCancellation(entries, (item) => item.person === person, step.late ? (paid) => Math.ceil(paid / 2) : (paid) => paid);
      for (const charge of plan.charges)
        add({ ...money, kind: "charge", person: charge.person, item: charge.item, method: null, amount: charge.amount });
      for (const part of splitRefund(entries, plan.refund))
        add({
          ...money,
          kind: part.paymentId === null ? "refund-owed" : "refund",
          method: part.method,
          amount: part.amount,
          paymentId: part.paymentId,
        });
    }
    if (step.kind === "refund-paid") {
      const amount = Math.min(step.amount, figures.refundOwed);
      if (amount > 0) add({ ...money, kind: "refund-paid", method: "cash", amount });
    }
    if (step.kind === "refund-refused") {
      const refund = [...entries].reverse().find((entry) => entry.kind === "refund" && entry.amount > 0);
      if (refund) {
        add({ ...money, kind: "refund", method: "vipps", amount: -refund.amount, paymentId: refund.paymentId });
        add({ ...money, kind: "refund-owed", method: "other", amount: refund.amount });
      }
    }
  }
  return entries;
}

describe("each person's money", () => {
  it("lands every krone of the order on exactly one row: the rows add up to the order's figures", () => {
    fc.assert(
      fc.property(steps, fc.integer({ min: 1, max: 5 }), (list, shown) => {
        const entries = ledgerOf(list);
        const rows = Array.from({ length: shown }, (_, index) => `p${index}`);
        const money = personMoney(entries, rows);
        expect([...money.keys()]).toEqual(rows);
        const figures = ledgerFigures(entries);
        expect(sumPersonMoney(money.values())).toEqual({
          charged: figures.charged,
          paid: figures.paid,
          refunded: figures.refunded,
          refundOwed: figures.refundOwed,
          outstanding: figures.outstanding,
        });
        for (const row of money.values()) expect(row.outstanding).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: runs },
    );
  });

  it("after a cancellation with a refund, each cancelled person's row shows what they paid and what went back", () => {
    const entries = ledgerOf([
      { kind: "charge", person: 0, amount: 550 },
      { kind: "charge", person: 1, amount: 350 },
      { kind: "pay", amount: 900, method: "vipps", person: null },
      { kind: "cancel", person: 0, late: false },
      { kind: "cancel", person: 1, late: false },
    ]);
    const money = personMoney(entries, ["p0", "p1"]);
    expect(money.get("p0")).toMatchObject({ charged: 0, paid: 550, refunded: 550, refundOwed: 0, paidWith: ["vipps"], refundedWith: ["vipps"] });
    expect(money.get("p1")).toMatchObject({ charged: 0, paid: 350, refunded: 350, refundOwed: 0, paidWith: ["vipps"], refundedWith: ["vipps"] });
  });

  it("a late cancellation keeps the fee on the person's row; a companion who neither paid nor got money back shows no method", () => {
    const entries = ledgerOf([
      { kind: "charge", person: 0, amount: 1200 },
      { kind: "charge", person: 2, amount: 0 },
      { kind: "pay", amount: 1200, method: "cash", person: null },
      { kind: "charge", person: 1, amount: 350 },
      { kind: "cancel", person: 0, late: true },
    ]);
    const money = personMoney(entries, ["p0", "p1", "p2"]);
    expect(money.get("p0")).toMatchObject({ charged: 600, paid: 1200, refunded: 0, refundOwed: 600, outstanding: 0, paidWith: ["cash"] });
    expect(money.get("p1")).toMatchObject({ charged: 350, paid: 0, refunded: 0, outstanding: 350, paidWith: [], refundedWith: [] });
    expect(money.get("p2")).toMatchObject({ charged: 0, paid: 0, refunded: 0, paidWith: [], refundedWith: [] });
    // The shared item view agrees on what is held for the kept fee.
    expect(ledgerItems(entries).find((item) => item.item === "cancellation-fee")).toMatchObject({ person: "p0", charged: 600, paid: 600 });
  });

  it("money for a person not on the list, or for nobody, lands on the first row", () => {
    const entries = ledgerOf([
      { kind: "charge", person: 3, amount: 500 },
      { kind: "pay", amount: 500, method: "vipps", person: null },
    ]);
    const money = personMoney(entries, ["p0", "p1"]);
    expect(money.get("p0")).toMatchObject({ charged: 500, paid: 500 });
    expect(money.get("p1")).toMatchObject({ charged: 0, paid: 0 });
  });
});
