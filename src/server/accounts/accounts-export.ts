/**
 * The export the accounts take («Regnskap», docs/decisions/0045-accounts-export.md): every money movement of
 * a period as a voucher of debit and credit lines, and the totals per account, as Excel and as CSV.
 */
import { accountsFileName, type AccountTotalsAnswer, type Period } from "../../shared/accounts/accounts-chart.ts";
import { accountingLines, accountTotals, importAmount, type AccountingLine } from "../../shared/accounts/accounts-posting.ts";
import type { AccountTotal } from "../../shared/accounts/accounts-chart.ts";
import type { Db } from "../db/database.ts";
import { norwegianCsv, type CsvColumn } from "../exports/csv.ts";
import { xlsxSheet, xlsxWorkbook, type XlsxColumn } from "../exports/xlsx.ts";
import { accountingEntries, assignVouchers, readChart } from "./accounts-store.ts";
import { vippsSettlementsOf } from "./vipps-settlements.ts";

/**
 * Where the Vipps fees and payout dates come from: the Report API's reader. A test may put a fixed one in for
 * its own run (the test workers share modules, so nothing mocks the module); the answer puts the old one back.
 */
let readSettlements = vippsSettlementsOf;
export function useSettlementsReader(reader: typeof vippsSettlementsOf): () => void {
  const before = readSettlements;
  readSettlements = reader;
  return () => {
    readSettlements = before;
  };
}

/** The period's lines and totals. `numbered`: give the period's (and every earlier) entries their voucher numbers first. */
export async function accountingOf(db: Db, period: Period, { numbered, now }: { numbered: boolean; now: Date }) {
  if (numbered) await assignVouchers(db, now);
  const entries = await accountingEntries(db, period);
  const references = [...new Set(entries.flatMap((entry) => (entry.paymentReference ? [entry.paymentReference] : [])))];
  // The Report API's fees are in øre; the posting works in kroner (with øre as decimals).
  const inOre = references.length > 0 ? await readSettlements(db, references) : new Map<string, { fee: number; payoutDate: string | null }>();
  const settlements = new Map([...inOre].map(([reference, settlement]) => [reference, { ...settlement, fee: settlement.fee / 100 }]));
  const lines = accountingLines(entries, await readChart(db), settlements);
  return { lines, totals: accountTotals(lines) };
}

export async function accountTotalsAnswer(db: Db, period: Period, now: Date): Promise<AccountTotalsAnswer> {
  const { totals } = await accountingOf(db, period, { numbered: false, now });
  return { from: period.from, to: period.to, ...totals };
}

/** The headers, defined once for both files. */
export const accountsHeaders = {
  date: "Dato",
  voucher: "Bilag",
  account: "Konto",
  accountName: "Kontonavn",
  text: "Tekst",
  debit: "Debet",
  credit: "Kredit",
  event: "Arrangement",
  person: "Person",
  order: "Ordre",
  method: "Betalingsmåte",
  amount: "Beløp",
  fee: "Vipps-gebyr",
  payout: "Utbetalingsdato",
  balance: "Saldo (debet − kredit)",
} as const;

const h = accountsHeaders;
const sumText = "Sum";

export async function accountsXlsx(db: Db, period: Period, now: Date): Promise<{ name: string; body: Buffer }> {
  const { lines, totals } = await accountingOf(db, period, { numbered: true, now });
  const lineColumns: XlsxColumn<AccountingLine>[] = [
    { header: h.date, value: (line) => line.date, width: 12 },
    { header: h.voucher, type: "number", value: (line) => line.voucher, width: 8 },
    { header: h.account, value: (line) => line.account.number, width: 8 },
    { header: h.accountName, value: (line) => line.account.name, width: 26 },
    { header: h.text, value: (line) => line.text, width: 48 },
    { header: h.debit, type: "kronerOre", value: (line) => (line.debit === 0 ? null : line.debit), width: 12 },
    { header: h.credit, type: "kronerOre", value: (line) => (line.credit === 0 ? null : line.credit), width: 12 },
    { header: h.event, value: (line) => line.eventName, width: 24 },
    { header: h.person, value: (line) => line.person, width: 22 },
    { header: h.order, value: (line) => line.orderId, width: 14 },
    { header: h.method, value: (line) => line.method, width: 14 },
    { header: h.amount, type: "kronerOre", value: (line) => line.amount, width: 12 },
    { header: h.fee, type: "kronerOre", value: (line) => line.fee, width: 12 },
    { header: h.payout, value: (line) => line.payoutDate, width: 14 },
  ];
  type TotalRow = AccountTotal & { balance: number };
  const totalRows: TotalRow[] = [
    ...totals.accounts.map((account) => ({ ...account, balance: account.debit - account.credit })),
    { number: sumText, name: "", debit: totals.debit, credit: totals.credit, balance: totals.debit - totals.credit },
  ];
  const totalColumns: XlsxColumn<TotalRow>[] = [
    { header: h.account, value: (row) => row.number, width: 8 },
    { header: h.accountName, value: (row) => row.name, width: 28 },
    { header: h.debit, type: "kronerOre", value: (row) => row.debit, width: 14 },
    { header: h.credit, type: "kronerOre", value: (row) => row.credit, width: 14 },
    { header: h.balance, type: "kronerOre", value: (row) => Math.round(row.balance * 100) / 100, width: 22 },
  ];
  const body = await xlsxWorkbook(
    [xlsxSheet({ name: "Bilag", columns: lineColumns, rows: lines }), xlsxSheet({ name: "Kontosummer", columns: totalColumns, rows: totalRows })],
    { title: `Regnskap ${period.from} – ${period.to}` },
  );
  return { name: accountsFileName(period, "xlsx"), body };
}

/** One CSV row: a line, or an account's total (and the sum) after the lines. */
type CsvRow = { line: AccountingLine } | { total: AccountTotal };

export async function accountsCsv(db: Db, period: Period, now: Date): Promise<{ name: string; body: string }> {
  const { lines, totals } = await accountingOf(db, period, { numbered: true, now });
  const of = <T>(row: CsvRow, line: (line: AccountingLine) => T, total?: (total: AccountTotal) => T) =>
    "line" in row ? line(row.line) : total?.(row.total);
  const columns: CsvColumn<CsvRow>[] = [
    { header: h.date, value: (row) => of(row, (line) => line.date) },
    { header: h.voucher, value: (row) => of(row, (line) => line.voucher ?? "") },
    {
      header: h.account,
      value: (row) =>
        of(
          row,
          (line) => line.account.number,
          (total) => total.number,
        ),
    },
    {
      header: h.text,
      value: (row) =>
        of(
          row,
          (line) => line.text,
          (total) => (total.number === sumText ? sumText : `${sumText} ${total.name}`),
        ),
    },
    {
      header: h.debit,
      value: (row) =>
        of(
          row,
          (line) => (line.debit === 0 ? "" : importAmount(line.debit)),
          (total) => importAmount(total.debit),
        ),
    },
    {
      header: h.credit,
      value: (row) =>
        of(
          row,
          (line) => (line.credit === 0 ? "" : importAmount(line.credit)),
          (total) => importAmount(total.credit),
        ),
    },
    { header: h.event, value: (row) => of(row, (line) => line.eventName) },
    { header: h.person, value: (row) => of(row, (line) => line.person) },
    { header: h.order, value: (row) => of(row, (line) => line.orderId) },
    { header: h.method, value: (row) => of(row, (line) => line.method) },
    // A whole number as a number (a correction's minus is no formula); a fee's øre with a decimal comma.
    { header: h.amount, value: (row) => of(row, (line) => (Number.isInteger(line.amount) ? line.amount : importAmount(line.amount))) },
    { header: h.fee, value: (row) => of(row, (line) => (line.fee === null ? "" : importAmount(line.fee))) },
    { header: h.payout, value: (row) => of(row, (line) => line.payoutDate ?? "") },
  ];
  const rows: CsvRow[] = [
    ...lines.map((line) => ({ line })),
    ...totals.accounts.map((total) => ({ total })),
    { total: { number: sumText, name: "", debit: totals.debit, credit: totals.credit } },
  ];
  return { name: accountsFileName(period, "csv"), body: norwegianCsv(columns, rows) };
}
