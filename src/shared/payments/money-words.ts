import { formatKroner } from "../format.ts";

/**
 * One vocabulary of money (docs/decisions/0043-one-vocabulary-of-money.md): the words for the ledger's figures
 * and for the ways money moves, defined once for every screen, export and mail. «Å betale» is what is charged
 * (the price, after changes and cancellations); «Utestående» is what of it is not paid yet.
 */

export const moneyFigureWords = {
  /** What is charged now. */
  charged: "Å betale",
  /** All money that came in. */
  paid: "Betalt",
  /** Money that went back (through Vipps, or paid back by the treasurer). */
  refunded: "Tilbakebetalt",
  /** Owed back outside Vipps and not paid back yet. */
  refundOwed: "Skal betales tilbake",
  /** Charged and not paid yet. */
  outstanding: "Utestående",
} as const;
export type MoneyFigureKey = keyof typeof moneyFigureWords;

/**
 * The ways money moves, as a ledger entry records them: a payment is listed under the one method it was taken
 * with, a refund under the one it went back by. «card_cash» is money marked paid at the door before the door
 * said which of the two (and what the treasurer marked the same way); «other» a bank transfer or the like.
 */
export const moneyMethodWords = {
  vipps: "Vipps",
  card: "Kort",
  cash: "Kontant",
  card_cash: "Kort eller kontant (ikke oppgitt)",
  other: "Annen betaling",
} as const;

export function moneyMethodWord(method: string | null | undefined): string {
  return method && method in moneyMethodWords ? moneyMethodWords[method as keyof typeof moneyMethodWords] : moneyMethodWords.other;
}

/** The family's chosen way to pay at the door: a plan, never a method money moved by. */
export const payAtDoorWords = "Betales ved oppmøte (kort eller kontant)";

/** How a registration or order is to be paid (its payment row's method): a plan, not money that moved. */
export const paymentPlanWords = {
  vipps: "Vipps",
  card_cash: "Ved oppmøte (kort eller kontant)",
  free: "Gratis",
} as const;

/**
 * A row's own money in one line, in these words: what is charged and paid, and what went back, is owed back
 * or is still to pay when there is any («Å betale 700 kr, betalt 700 kr, tilbakebetalt 700 kr»).
 */
export function moneyRowText(row: { charged: number; paid: number; refunded: number; refundOwed: number; outstanding: number }): string {
  const parts: [string, number][] = [
    [moneyFigureWords.charged, row.charged],
    [moneyFigureWords.paid, row.paid],
  ];
  for (const key of ["refunded", "refundOwed", "outstanding"] as const) if (row[key] !== 0) parts.push([moneyFigureWords[key], row[key]]);
  return parts.map(([label, amount], index) => `${index === 0 ? label : label.toLocaleLowerCase("nb-NO")} ${formatKroner(amount)}`).join(", ");
}
