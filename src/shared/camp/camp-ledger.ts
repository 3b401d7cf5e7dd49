/**
 * The money of a camp order as one ledger (docs/decisions/0016-money-ledger.md): charges, money in and money
 * out, appended and never changed. Every amount a family, a leader, the door or the treasurer sees is
 * computed here from the entries, so no two screens can disagree. Pure: the server reads and writes the
 * rows, these functions only count.
 */

export const ledgerEntryKinds = ["charge", "payment", "refund", "refund-owed", "refund-paid"] as const;

export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

/** How money moved: Vipps, the door's two choices, the cards-or-cash of before the ledger, or another way the club marks. */
export const moneyMethods = ["vipps", "card", "cash", "card_cash", "other"] as const;

export type MoneyMethod = (typeof moneyMethods)[number];

/** What a charge is for; a person's lines are one per item. */
export const chargeItems = ["athlete", "late-fee", "grading", "companion", "cancellation-fee"] as const;

export type ChargeItem = (typeof chargeItems)[number];

/** The athlete's person key; a companion's is `companion-<id>`. */
export const athletePerson = "athlete";

export function companionPerson(companionId: number): string {
  return `companion-${companionId}`;
}

export interface LedgerEntry {
  id: number;
  kind: LedgerEntryKind;
  person: string | null;
  item: string | null;
  method: string | null;
  /** Whole kroner; a negative charge takes a charge off, a negative payment or refund corrects an earlier one. */
  amount: number;
  paymentId: number | null;
  /** A charge's line on the receipt, in Norwegian (null: the item's own word, see `receiptLines`). */
  label?: string | null;
}

export interface LedgerFigures {
  /** «Å betale»: what the order costs now, what the cancellation rules kept included. */
  charged: number;
  /** «Betalt»: all money that came in. */
  paid: number;
  /** «Tilbakebetalt»: money that went back (through Vipps, or paid back by the treasurer). */
  refunded: number;
  /** «Skal betales tilbake»: owed back outside Vipps and not paid back yet. */
  refundOwed: number;
  /** «Beholdt etter avbestillingsreglene». */
  kept: number;
  /** «Utestående»: charged and not paid yet. */
  outstanding: number;
  /** «Til gode»: held beyond what is charged (a correction the leader must look at). */
  credit: number;
  /** Money the club holds: paid − refunded. */
  net: number;
}

const sumOf = (entries: readonly LedgerEntry[], keep: (entry: LedgerEntry) => boolean) =>
  entries.reduce((sum, entry) => (keep(entry) ? sum + entry.amount : sum), 0);

/** Every figure of one order (or of several: the entries of a group or a whole camp add up the same way). */
export function ledgerFigures(entries: readonly LedgerEntry[]): LedgerFigures {
  const charged = sumOf(entries, (entry) => entry.kind === "charge");
  const kept = sumOf(entries, (entry) => entry.kind === "charge" && entry.item === "cancellation-fee");
  const paid = sumOf(entries, (entry) => entry.kind === "payment");
  const refunded = sumOf(entries, (entry) => entry.kind === "refund" || entry.kind === "refund-paid");
  const refundOwed = sumOf(entries, (entry) => entry.kind === "refund-owed") - sumOf(entries, (entry) => entry.kind === "refund-paid");
  const held = paid - refunded - refundOwed;
  return {
    charged,
    paid,
    refunded,
    refundOwed,
    kept,
    outstanding: Math.max(0, charged - held),
    credit: Math.max(0, held - charged),
    net: paid - refunded,
  };
}

/** The figures of many orders added up (the admin's totals, the treasurer's, a group's). */
export function sumFigures(all: readonly LedgerFigures[]): LedgerFigures {
  const total: LedgerFigures = { charged: 0, paid: 0, refunded: 0, refundOwed: 0, kept: 0, outstanding: 0, credit: 0, net: 0 };
  for (const figures of all) for (const key of Object.keys(total) as (keyof LedgerFigures)[]) total[key] += figures[key];
  return total;
}

export interface LedgerItem {
  person: string;
  item: string;
  /** What the item is charged now (0 once taken off). */
  charged: number;
  /** What of the money held is counted as paid for it. */
  paid: number;
}

/**
 * Each person's items with what is charged and what is paid for them. The money the club holds pays the
 * kept cancellation fees first (they were paid by definition), then the items in the order they were
 * charged: what was booked first is paid first, so an addition made later is the last to count as paid.
 */
export function ledgerItems(entries: readonly LedgerEntry[]): LedgerItem[] {
  const items = new Map<string, LedgerItem & { first: number }>();
  for (const entry of entries) {
    if (entry.kind !== "charge" || entry.person === null || entry.item === null) continue;
    const key = `${entry.person}\u0000${entry.item}`;
    const found = items.get(key) ?? { person: entry.person, item: entry.item, charged: 0, paid: 0, first: entry.id };
    found.charged += entry.amount;
    found.first = Math.min(found.first, entry.id);
    items.set(key, found);
  }
  const figures = ledgerFigures(entries);
  let held = figures.paid - figures.refunded - figures.refundOwed;
  const ordered = [...items.values()].sort(
    (a, b) => Number(b.item === "cancellation-fee") - Number(a.item === "cancellation-fee") || a.first - b.first,
  );
  return ordered.map(({ first: _first, ...item }) => {
    const paid = Math.max(0, Math.min(item.charged, held));
    held -= paid;
    return { ...item, paid };
  });
}
