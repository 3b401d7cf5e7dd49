import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ledgerFigures, ledgerItems, type LedgerEntry } from "./camp-ledger.ts";
import { planCancellation, splitRefund, suggestedRefund } from "./camp-ledger-cancellation.ts";

const runs = Number(process.env.LEDGER_RUNS ?? 200);
const half = (paid: number) => Math.ceil(paid / 2);

/** A small order as the server writes it: charges, payments, cancellations (with their refunds). */
type Step =
  | { kind: "charge"; person: number; amount: number }
  | { kind: "pay"; amount: number; vipps: boolean }
  | { kind: "cancel"; person: number; late: boolean };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("charge" as const), person: fc.integer({ min: 0, max: 3 }), amount: fc.constantFrom(0, 350, 550, 1025, 1200) }),
  fc.record({ kind: fc.constant("pay" as const), amount: fc.integer({ min: 1, max: 2000 }), vipps: fc.boolean() }),
  fc.record({ kind: fc.constant("cancel" as const), person: fc.integer({ min: 0, max: 3 }), late: fc.boolean() }),
);

describe("the ledger's counting", () => {
  it("refunds only money received, never more than the rule on what was paid for the person; an unpaid item gives nothing back; the figures add up", () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { maxLength: 25 }), (steps) => {
        const entries: LedgerEntry[] = [];
        const add = (entry: Omit<LedgerEntry, "id">) => entries.push({ ...entry, id: entries.length + 1 });
        for (const step of steps) {
          if (step.kind === "charge")
            add({ kind: "charge", person: `p${step.person}`, item: "athlete", method: null, amount: step.amount, paymentId: null });
          if (step.kind === "pay") {
            // The server never takes more than is outstanding.
            const amount = Math.min(step.amount, ledgerFigures(entries).outstanding);
            if (amount > 0)
              add({ kind: "payment", person: null, item: null, method: step.vipps ? "vipps" : "cash", amount, paymentId: step.vipps ? 1 : null });
          }
          if (step.kind === "cancel") {
            const person = `p${step.person}`;
            const paidFor = ledgerItems(entries)
              .filter((item) => item.person === person && item.item !== "cancellation-fee")
              .reduce((sum, item) => sum + item.paid, 0);
            const rule = step.late ? half : (paid: number) => paid;
            const plan = planCancellation(entries, (item) => item.person === person, rule);
            expect(plan.refund).toBeLessThanOrEqual(rule(paidFor));
            expect(plan.paidFor).toBe(paidFor);
            if (paidFor === 0) expect(plan.refund).toBe(0);
            const before = ledgerFigures(entries);
            for (const charge of plan.charges)
              add({ kind: "charge", person: charge.person, item: charge.item, method: null, amount: charge.amount, paymentId: null });
            for (const part of splitRefund(entries, plan.refund)) {
              add({
                kind: part.paymentId === null ? "refund-owed" : "refund",
                person: null,
                item: null,
                method: part.method,
                amount: part.amount,
                paymentId: part.paymentId,
              });
            }
            // Never more back than came in, less what already went back.
            expect(plan.refund).toBeLessThanOrEqual(before.paid - before.refunded - before.refundOwed);
          }
          const figures = ledgerFigures(entries);
          expect(figures.refunded + figures.refundOwed).toBeLessThanOrEqual(figures.paid);
          const vippsIn = entries
            .filter((entry) => entry.kind === "payment" && entry.method === "vipps")
            .reduce((sum, entry) => sum + entry.amount, 0);
          const vippsOut = entries.filter((entry) => entry.kind === "refund").reduce((sum, entry) => sum + entry.amount, 0);
          expect(vippsOut).toBeLessThanOrEqual(vippsIn);
          // Held money = charges − outstanding + credit: the screens' lines explain the whole.
          expect(figures.paid - figures.refunded - figures.refundOwed).toBe(figures.charged - figures.outstanding + figures.credit);
          expect(figures.credit).toBe(0);
        }
      }),
      { numRuns: runs },
    );
  });

  it("suggests the rule on what was paid for what is still booked, never more than is held or the payment can give back", () => {
    let id = 0;
    const entry = (kind: LedgerEntry["kind"], amount: number, person: string | null = null, item: string | null = null): LedgerEntry => ({
      id: ++id,
      kind,
      person,
      item,
      method: "vipps",
      amount,
      paymentId: kind === "charge" ? null : 1,
    });
    // 1 200 kr paid for the athlete; a 550 kr companion added and not paid: the rule on 1 200, not 1 750.
    const entries = [entry("charge", 1200, "athlete", "athlete"), entry("payment", 1200), entry("charge", 550, "companion-1", "companion")];
    expect(suggestedRefund(entries, 1200, half)).toBe(600);
    expect(suggestedRefund(entries, 1200, (paid) => paid)).toBe(1200);
    // 200 kr already went back: never more than is held.
    expect(suggestedRefund([...entries, entry("refund", 200)], 1000, (paid) => paid)).toBe(1000);
    // Cancelled already: nothing booked is paid for, nothing more to suggest.
    const cancelled = [
      entry("charge", 1200, "athlete", "athlete"),
      entry("payment", 1200),
      entry("charge", -1200, "athlete", "athlete"),
      entry("charge", 600, "athlete", "cancellation-fee"),
      entry("refund", 600),
    ];
    expect(suggestedRefund(cancelled, 600, (paid) => paid)).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 3000 }),
        (charged, paid, refunded) => {
          const ledger = [entry("charge", charged, "athlete", "athlete"), entry("payment", paid), entry("refund", Math.min(refunded, paid))];
          const suggested = suggestedRefund(ledger, paid - Math.min(refunded, paid), (amount) => amount);
          expect(suggested).toBeGreaterThanOrEqual(0);
          expect(suggested).toBeLessThanOrEqual(paid - Math.min(refunded, paid));
        },
      ),
    );
  });
});
