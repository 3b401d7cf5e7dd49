/**
 * How the ledger's money movements are posted for the accounts (docs/decisions/0045-accounts-export.md):
 * each entry that moves money is one voucher with a debit line and a credit line of the same amount, a Vipps
 * fee known for its payment two more. Income is recognised when money comes in (cash basis): charges are not
 * posted. Pure: the server reads the entries, the chart and the settlements and writes the files.
 */
import { ledgerEntryKindLabels, moneyMethodLabel } from "../camp/camp-ledger-labels.ts";
import type { LedgerEntryKind } from "../camp/camp-ledger.ts";
import type { StoredEventKind } from "../events/event-kinds.ts";
import { chartByRole, type AccountRole, type AccountTotal, type ChartAccount } from "./accounts-chart.ts";

/** The ledger kinds that move money, and so are posted and get a voucher number. */
export const postedEntryKinds = ["payment", "refund", "refund-owed", "refund-paid"] as const satisfies readonly LedgerEntryKind[];
export type PostedEntryKind = (typeof postedEntryKinds)[number];

/** One ledger entry that moves money, with what the export says about it. */
export interface AccountingEntry {
  id: number;
  /** The Oslo day it was written, YYYY-MM-DD. */
  date: string;
  kind: PostedEntryKind;
  method: string | null;
  /** Whole kroner; negative for a correction. */
  amount: number;
  eventKind: StoredEventKind;
  eventName: string;
  /** The order's number («VL26-4F7K2Q»). */
  orderId: string;
  person: string;
  /** The Vipps payment's reference, for its fee and payout. */
  paymentReference: string | null;
  /** True on the first money-in entry of a Vipps payment: its fee is posted with it, once. */
  carriesFee: boolean;
  /** Its voucher number; null where none is given (the totals on screen). */
  voucher: number | null;
}

export interface VippsSettlement {
  /** Kroner (øre as decimals). */
  fee: number;
  payoutDate: string | null;
}

/** One line of the export: a debit or a credit on one account, with the entry's informative columns. */
export interface AccountingLine {
  date: string;
  voucher: number | null;
  entryId: number;
  account: ChartAccount;
  text: string;
  debit: number;
  credit: number;
  eventName: string;
  person: string;
  orderId: string;
  method: string;
  /** The entry's amount (the fee's on a fee line). */
  amount: number;
  fee: number | null;
  payoutDate: string | null;
  /** A Vipps fee's line (not the money itself). */
  isFee: boolean;
}

const incomeRole: Record<StoredEventKind, AccountRole> = {
  vinterleir: "income-vinterleir",
  gradering: "income-gradering",
  kurs: "income-kurs",
  salg: "income-salg",
};

/** Where money of a method is: Vipps's clearing account, the door's card terminal or cash, else the bank. */
export function moneyRole(method: string | null): AccountRole {
  if (method === "vipps") return "vipps";
  if (method === "card") return "card";
  if (method === "cash" || method === "card_cash") return "cash";
  return "bank";
}

/** The debit and the credit role of an entry of a positive amount (a negative one swaps them). */
export function postingRoles(entry: Pick<AccountingEntry, "kind" | "method" | "eventKind">): { debit: AccountRole; credit: AccountRole } {
  const income = incomeRole[entry.eventKind];
  switch (entry.kind) {
    case "payment":
      return { debit: moneyRole(entry.method), credit: income };
    case "refund":
      return { debit: income, credit: moneyRole(entry.method ?? "vipps") };
    case "refund-owed":
      return { debit: income, credit: "refunds-owed" };
    case "refund-paid":
      return { debit: "refunds-owed", credit: moneyRole(entry.method) };
  }
}

/** Kroner to øre and back: fees may hold øre, and sums of them must not drift. */
const toOre = (kroner: number) => Math.round(kroner * 100);
const fromOre = (ore: number) => ore / 100;

/** The lines of the entries, in the order given (by entry id), two per entry and two more per known fee. */
export function accountingLines(
  entries: readonly AccountingEntry[],
  chart: readonly ChartAccount[],
  settlements: ReadonlyMap<string, VippsSettlement>,
): AccountingLine[] {
  const accounts = chartByRole(chart);
  const lines: AccountingLine[] = [];
  for (const entry of entries) {
    if (entry.amount === 0) continue;
    const settlement = entry.paymentReference ? settlements.get(entry.paymentReference) : undefined;
    const roles = postingRoles(entry);
    const [debit, credit] = entry.amount > 0 ? [roles.debit, roles.credit] : [roles.credit, roles.debit];
    const size = Math.abs(entry.amount);
    const text = `${ledgerEntryKindLabels[entry.kind]} ${moneyMethodLabel(entry.method)}: ${entry.eventName}, ${entry.orderId}${entry.amount < 0 ? " (retting)" : ""}`;
    const common = {
      date: entry.date,
      voucher: entry.voucher,
      entryId: entry.id,
      eventName: entry.eventName,
      person: entry.person,
      orderId: entry.orderId,
      method: moneyMethodLabel(entry.method),
      amount: entry.amount,
      fee: settlement && entry.carriesFee ? settlement.fee : null,
      payoutDate: settlement?.payoutDate ?? null,
      isFee: false,
    };
    lines.push({ ...common, account: accounts[debit], text, debit: size, credit: 0 });
    lines.push({ ...common, account: accounts[credit], text, debit: 0, credit: size });
    const fee = settlement && entry.carriesFee ? fromOre(toOre(settlement.fee)) : 0;
    if (fee !== 0) {
      const feeText = `Vipps-gebyr: ${entry.eventName}, ${entry.orderId}`;
      const [feeDebit, feeCredit] = fee > 0 ? (["fees", "vipps"] as const) : (["vipps", "fees"] as const);
      const feeCommon = { ...common, amount: fee, isFee: true, text: feeText };
      lines.push({ ...feeCommon, account: accounts[feeDebit], debit: Math.abs(fee), credit: 0 });
      lines.push({ ...feeCommon, account: accounts[feeCredit], debit: 0, credit: Math.abs(fee) });
    }
  }
  return lines;
}

/** Debit and credit per account number (in number order), and the whole's; debit always equals credit. */
export function accountTotals(lines: readonly AccountingLine[]): { accounts: AccountTotal[]; debit: number; credit: number } {
  const byNumber = new Map<string, { name: string; debit: number; credit: number }>();
  let debit = 0;
  let credit = 0;
  for (const line of lines) {
    const found = byNumber.get(line.account.number) ?? { name: line.account.name, debit: 0, credit: 0 };
    found.debit += toOre(line.debit);
    found.credit += toOre(line.credit);
    byNumber.set(line.account.number, found);
    debit += toOre(line.debit);
    credit += toOre(line.credit);
  }
  const accounts = [...byNumber.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([number, sums]) => ({ number, name: sums.name, debit: fromOre(sums.debit), credit: fromOre(sums.credit) }));
  return { accounts, debit: fromOre(debit), credit: fromOre(credit) };
}

/** An amount as the files write it for an import: two decimals, a decimal comma, no thousands separator. */
export function importAmount(kroner: number): string {
  const ore = toOre(kroner);
  const sign = ore < 0 ? "-" : "";
  const whole = Math.floor(Math.abs(ore) / 100);
  return `${sign}${whole},${String(Math.abs(ore) % 100).padStart(2, "0")}`;
}
