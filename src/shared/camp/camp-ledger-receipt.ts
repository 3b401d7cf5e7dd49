/** A camp order's receipt as the ledger gives it: the charge lines, their labels and the total. */
import type { ChargeItem, LedgerEntry } from "./camp-ledger.ts";
import { chargeItemLabel } from "./camp-ledger-labels.ts";

/** A charge to write: the server adds time, actor and reason. */
export interface ChargeLine {
  person: string;
  item: ChargeItem;
  amount: number;
  /** Its line on the receipt («Ledsager: Mona Hansen»); without one the receipt says what the item is. */
  label?: string;
}

/** One line of an order's receipt. */
export interface ReceiptLine {
  label: string;
  amount: number;
}

/**
 * The receipt: every charge in the order it was written, a cancellation's lines included, so the lines add up
 * to what the order costs now (`ledgerFigures(...).charged`). The price is written once, in the ledger.
 */
export function receiptLines(entries: readonly LedgerEntry[]): ReceiptLine[] {
  return entries
    .filter((entry) => entry.kind === "charge")
    .map((entry) => ({ label: entry.label ?? chargeItemLabel(entry.item), amount: entry.amount }));
}

/** A leader's correction of an item, as its line on the receipt («Rettet av leirledelsen: gradering»). */
export function correctionLabel(item: ChargeItem): string {
  return `Rettet av leirledelsen: ${chargeItemLabel(item).toLowerCase()}`;
}

/** What the receipt adds up to: what the order costs now (the charges' sum, as `ledgerFigures` counts it). */
export function receiptTotal(lines: readonly ReceiptLine[]): number {
  return lines.reduce((sum, line) => sum + line.amount, 0);
}
