/** The ledger's words: its figures, kinds, methods and items as every screen and mail names them, and the money lines built from them. */
import { formatKroner } from "../format.ts";
import { moneyFigureWords, moneyMethodWord, moneyMethodWords } from "../payments/money-words.ts";
import type { LedgerFigures, MoneyMethod, LedgerEntryKind, ChargeItem } from "./camp-ledger.ts";

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
