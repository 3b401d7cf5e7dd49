/**
 * The money of a camp order as one ledger (docs/decisions/0016-money-ledger.md): charges, money in and money
 * out, appended and never changed. Every amount a family, a leader, the door or the treasurer sees is
 * computed here from the entries, so no two screens can disagree. Pure: the server reads and writes the
 * rows, these functions only count.
 */

import { formatKroner } from "../format.ts";
import { moneyFigureWords, moneyMethodWord, moneyMethodWords } from "../payments/money-words.ts";

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

/** Norwegian words for the ledger, defined once for every screen, mail and export (src/shared/payments/money-words.ts). */
export const ledgerFigureLabels = {
  ...moneyFigureWords,
  kept: "Beholdt etter avbestillingsreglene",
  credit: "Til gode",
  net: "Netto",
} as const satisfies Record<keyof LedgerFigures, string>;

export const moneyMethodLabels: Record<MoneyMethod, string> = moneyMethodWords;

export function moneyMethodLabel(method: string | null | undefined): string {
  return moneyMethodWord(method);
}

export const ledgerEntryKindLabels: Record<LedgerEntryKind, string> = {
  charge: "Belastet",
  payment: "Innbetalt",
  refund: "Tilbakebetalt",
  "refund-owed": "Skal betales tilbake",
  "refund-paid": "Betalt tilbake",
};

export const chargeItemLabels: Record<ChargeItem, string> = {
  athlete: "Vinterleir",
  "late-fee": "Sen påmelding",
  grading: "Gradering",
  companion: "Ledsager",
  "cancellation-fee": "Beholdt etter avbestillingsreglene",
};

export function chargeItemLabel(item: string | null | undefined): string {
  return item && item in chargeItemLabels ? chargeItemLabels[item as ChargeItem] : "Annet";
}

/** «Netto» said in full where the camp's totals stand. */
export const netTotalLabel = "Netto (betalt minus tilbakebetalt)";

/**
 * The camp's money as the admin's «Deltakere» and «Kasserer» both show it, in one order with one set of
 * words: what is charged, what came in, what went back, what the cancellation rules kept, what is still owed
 * back, what is still to pay, and net.
 */
export function campMoneyLines(
  figures: Pick<LedgerFigures, "charged" | "paid" | "refunded" | "kept" | "refundOwed" | "outstanding" | "net">,
): { label: string; amount: number }[] {
  return [
    { label: ledgerFigureLabels.charged, amount: figures.charged },
    { label: ledgerFigureLabels.paid, amount: figures.paid },
    { label: ledgerFigureLabels.refunded, amount: figures.refunded },
    { label: ledgerFigureLabels.kept, amount: figures.kept },
    { label: ledgerFigureLabels.refundOwed, amount: figures.refundOwed },
    { label: ledgerFigureLabels.outstanding, amount: figures.outstanding },
    { label: netTotalLabel, amount: figures.net },
  ];
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

/** How what is left is paid, as a mail says it. */
export const payAtDoorLabel = "Betales ved oppmøte";

/**
 * The money lines of a mail (confirmation, correction): «Betalt» and «Utestående», or «Betales ved oppmøte»
 * for card or cash. `reserved` is money Vipps holds for the order and is taking now (a confirmation is
 * sent when Vipps has reserved the payment, before it is taken): it counts as paid, not as owed.
 */
export function mailMoneyLines(figures: Pick<LedgerFigures, "paid" | "outstanding">, method: "vipps" | "card_cash" | "free", reserved = 0): string[] {
  const paid = figures.paid + reserved;
  const left = Math.max(0, figures.outstanding - reserved);
  const lines = [`${ledgerFigureLabels.paid}: ${formatKroner(paid)}`];
  if (left === 0) lines.push(`${ledgerFigureLabels.outstanding}: ${formatKroner(0)}`);
  else if (method === "vipps") lines.push(`${ledgerFigureLabels.outstanding}: ${formatKroner(left)} (betal med Vipps på «Min påmelding»)`);
  else lines.push(`${payAtDoorLabel}: ${formatKroner(left)}`);
  return lines;
}
