/** Cancelling a camp order, or one of its people, in the ledger: the plan of charges and refunds, and how a refund splits over the payments. */
import type { ChargeLine } from "./camp-ledger-receipt.ts";
import { chargeItemLabels, chargeItemLabel } from "./camp-ledger-labels.ts";
import { type LedgerEntry, type LedgerItem, ledgerItems, type ChargeItem, type MoneyMethod, ledgerFigures } from "./camp-ledger.ts";

/**
 * A cancellation's line on the receipt: the item taken off, named by its person when `nameOf` knows them
 * («Avbestilt ledsager: Mona Hansen»), or the fee the rules keep.
 */
export function cancellationLabel(
  charge: Pick<ChargeLine, "person" | "item">,
  nameOf: (person: string) => string | undefined = () => undefined,
): string {
  if (charge.item === "cancellation-fee") return chargeItemLabels["cancellation-fee"];
  const name = charge.item === "companion" ? nameOf(charge.person) : undefined;
  return `Avbestilt ${chargeItemLabel(charge.item).toLowerCase()}${name ? `: ${name}` : ""}`;
}

export interface CancellationPlan {
  /** The cancelled items taken off, and per person what the rules keep of what was paid for it. */
  charges: ChargeLine[];
  /** What was paid for the cancelled items. */
  paidFor: number;
  /** What goes back: the rule applied to what was paid, person by person; never more than was paid. */
  refund: number;
  kept: number;
  /** The same person by person (the athlete's key, `companion-<id>`), in the order of their items: what was paid, what goes back, what is kept. */
  byPerson: PersonCancellation[];
}

export interface PersonCancellation {
  person: string;
  paid: number;
  refund: number;
  kept: number;
}

/**
 * Cancels the chosen persons' items (not the fees kept by an earlier cancellation): each item's charge is
 * taken off; of what was paid for a person's cancelled items, `refundRule` says what goes back and the rest
 * is kept under the cancellation rules. An item nobody paid for is simply removed: nothing back, nothing kept.
 */
export function planCancellation(
  entries: readonly LedgerEntry[],
  cancels: (item: Pick<LedgerItem, "person" | "item">) => boolean,
  refundRule: (paid: number) => number,
): CancellationPlan {
  const chosen = ledgerItems(entries).filter((item) => item.item !== "cancellation-fee" && item.charged !== 0 && cancels(item));
  const charges: ChargeLine[] = chosen.map((item) => ({ person: item.person, item: item.item as ChargeItem, amount: -item.charged }));
  const paidByPerson = new Map<string, number>();
  for (const item of chosen) paidByPerson.set(item.person, (paidByPerson.get(item.person) ?? 0) + item.paid);
  let refund = 0;
  let kept = 0;
  const byPerson: PersonCancellation[] = [];
  for (const [person, paid] of paidByPerson) {
    const back = Math.max(0, Math.min(paid, refundRule(paid)));
    refund += back;
    kept += paid - back;
    byPerson.push({ person, paid, refund: back, kept: paid - back });
    if (paid - back > 0) charges.push({ person, item: "cancellation-fee", amount: paid - back });
  }
  return { charges, paidFor: refund + kept, refund, kept, byPerson };
}

export interface RefundPart {
  /** The Vipps payment to refund from; null: paid back outside Vipps («Skal betales tilbake»). */
  paymentId: number | null;
  method: MoneyMethod;
  amount: number;
}

/**
 * Where a refund goes back: to the Vipps payments that still hold money for this order (newest first, never
 * more than each took in less what already went back), and whatever came in another way is owed back
 * outside Vipps, by the method it came in with.
 */
export function splitRefund(entries: readonly LedgerEntry[], amount: number): RefundPart[] {
  const held = new Map<number, number>();
  for (const entry of entries) {
    if (entry.paymentId === null || entry.method !== "vipps") continue;
    const sign = entry.kind === "payment" ? 1 : entry.kind === "refund" ? -1 : 0;
    held.set(entry.paymentId, (held.get(entry.paymentId) ?? 0) + sign * entry.amount);
  }
  const parts: RefundPart[] = [];
  let due = amount;
  for (const [paymentId, left] of [...held.entries()].sort((a, b) => b[0] - a[0])) {
    const part = Math.min(due, left);
    if (part > 0) parts.push({ paymentId, method: "vipps", amount: part });
    due -= Math.max(0, part);
  }
  if (due > 0) {
    const other = [...entries].reverse().find((entry) => entry.kind === "payment" && entry.method !== "vipps" && entry.amount > 0);
    parts.push({ paymentId: null, method: (other?.method as MoneyMethod | undefined) ?? "other", amount: due });
  }
  return parts;
}

/**
 * The refund the Vipps panel suggests: the cancellation rule on what was paid for what is still booked,
 * never more than the money held (paid less what went back or is owed back) nor than `paymentLeft`, what
 * the Vipps payment can still give back.
 */
export function suggestedRefund(entries: readonly LedgerEntry[], paymentLeft: number, refundRule: (paid: number) => number): number {
  const figures = ledgerFigures(entries);
  const held = figures.paid - figures.refunded - figures.refundOwed;
  const paidForBooked = ledgerItems(entries)
    .filter((item) => item.item !== "cancellation-fee")
    .reduce((sum, item) => sum + item.paid, 0);
  return Math.max(0, Math.min(paymentLeft, held, refundRule(paidForBooked)));
}
