/**
 * Our Vipps captures and refunds matched to Vipps's settlement report (docs/decisions/0044-vipps-payouts-matched.md).
 *
 * Ours: event_payment_actions «vipps-captured» / «vipps-refunded» of Vipps payments (event_payments, camp and
 * events alike), one per amount Vipps told us moved. Vipps's: the funds report's capture and refund lines read
 * by vipps-report-reader.ts. They are matched by the payment's reference (our event_payments.reference is the
 * ePayment `reference`) and kind, in time order, an equal amount first; when Vipps split what we saw as one, the
 * rest of that reference's lines of the kind are taken together if they add up. A capture's fee is the fees
 * report's lines with the capture's pspReference. A funds line is paid out by the first `scheduled-for-payout` at
 * or after its ledger date (a payout covers whole ledger dates, Vipps's guide).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { eventPaymentActions, eventPayments } from "../db/schema/events-money.ts";
import { vippsReportLines } from "../db/schema/vipps-report.ts";
import type { VippsMovementKind, VippsOwnMovement, VippsPayout, VippsPayoutReport } from "../../shared/accounts/vipps-payouts.ts";
import { addDateDays, osloDateText, payoutBankDate } from "../payments/vipps/vipps-dates.ts";
import { readThrough, vippsMoneyActions } from "../payments/vipps/vipps-report-reader.ts";

interface OwnMovement extends VippsOwnMovement {
  paymentId: number;
}

interface VippsLine {
  ledgerDate: string;
  position: number;
  pspReference: string;
  reference: string;
  kind: VippsMovementKind;
  /** Øre, positive (a line of the wrong sign or currency, only ever unknown to us, keeps its sign). */
  amount: number;
  fee: number;
}

interface Payout {
  ledgerDate: string;
  transferText: string;
  amount: number;
}

export interface VippsMatching {
  readThrough: string | null;
  matched: { own: OwnMovement; lines: VippsLine[]; payout: Payout | undefined }[];
  unmatchedOwn: OwnMovement[];
  unknownToUs: VippsLine[];
}

async function ownMovements(db: Db, references?: readonly string[]): Promise<OwnMovement[]> {
  const rows = await db
    .select({
      paymentId: eventPayments.id,
      reference: eventPayments.reference,
      ownerKind: eventPayments.ownerKind,
      orderId: eventPayments.orderId,
      action: eventPaymentActions.action,
      amount: eventPaymentActions.amount,
      at: eventPaymentActions.at,
    })
    .from(eventPaymentActions)
    .innerJoin(eventPayments, eq(eventPayments.id, eventPaymentActions.paymentId))
    .where(
      and(
        eq(eventPayments.method, "vipps"),
        inArray(eventPaymentActions.action, Object.keys(vippsMoneyActions)),
        references ? inArray(eventPayments.reference, [...references]) : undefined,
      ),
    )
    .orderBy(asc(eventPaymentActions.at), asc(eventPaymentActions.id));
  return rows.map((row) => ({
    paymentId: row.paymentId,
    reference: row.reference,
    ownerKind: row.ownerKind,
    orderId: row.orderId,
    kind: vippsMoneyActions[row.action as keyof typeof vippsMoneyActions],
    // Whole kroner in our tables, øre at Vipps.
    amount: row.amount * 100,
    at: new Date(row.at).toISOString(),
  }));
}

/** Every line of the funds and fees reports read (club scale: a few thousand a year). */
async function reportLines(db: Db) {
  const rows = await db
    .select()
    .from(vippsReportLines)
    .orderBy(asc(vippsReportLines.ledgerDate), asc(vippsReportLines.topic), asc(vippsReportLines.position));
  // A pspReference names one movement at Vipps: a line repeated whole in a date's report (a page given twice)
  // counts once. Lines that differ in anything but their place (a movement Vipps split in two) all count.
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = JSON.stringify([
      row.ledgerId,
      row.topic,
      row.ledgerDate,
      row.entryType,
      row.pspReference,
      row.reference,
      row.amount,
      new Date(row.time).getTime(),
    ]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A line that can stand for a movement of ours: in kroner (ours are; the Report API's amounts are in the ledger's
 * currency), and signed as Vipps signs money into the account, positive: a capture more than 0, a refund less.
 */
const canBeOurs = (line: { entryType: string; amount: number; currency: string }) =>
  line.currency === "NOK" && (line.entryType === "capture" ? line.amount > 0 : line.amount < 0);

/** Matches ours to Vipps's lines; `references` narrows ours (Vipps's lines unknown to us are then not told). */
export async function matchVipps(db: Db, references?: readonly string[]): Promise<VippsMatching> {
  const [own, lines, through] = await Promise.all([ownMovements(db, references), reportLines(db), readThrough(db)]);

  const feeOf = new Map<string, number>();
  for (const line of lines) {
    if (line.topic === "fees" && line.entryType !== "fees-retained" && line.entryType !== "fees-invoiced")
      feeOf.set(line.pspReference, (feeOf.get(line.pspReference) ?? 0) - line.amount);
  }

  // Each funds date's payout: the first scheduled-for-payout at or after it.
  const funds = lines.filter((line) => line.topic === "funds");
  const payoutOfDate = new Map<string, Payout>();
  let waiting: string[] = [];
  for (const line of funds) {
    if (!waiting.includes(line.ledgerDate)) waiting.push(line.ledgerDate);
    if (line.entryType === "scheduled-for-payout") {
      const payout = { ledgerDate: line.ledgerDate, transferText: line.reference ?? line.pspReference, amount: -line.amount };
      for (const date of waiting) payoutOfDate.set(date, payout);
      waiting = [];
    }
  }

  const movements = funds.filter((line) => (line.entryType === "capture" || line.entryType === "refund") && line.reference);
  // A capture's fee goes with the first line of its pspReference (a capture split in two lines pays one fee).
  const feeTaken = new Set<string>();
  const feeOnce = (line: (typeof movements)[number]) => {
    if (line.entryType !== "capture" || feeTaken.has(line.pspReference)) return 0;
    feeTaken.add(line.pspReference);
    return feeOf.get(line.pspReference) ?? 0;
  };
  const vippsLine = (line: (typeof movements)[number]): VippsLine => ({
    ledgerDate: line.ledgerDate,
    position: line.position,
    pspReference: line.pspReference,
    reference: line.reference!,
    kind: line.entryType as VippsMovementKind,
    amount: Math.abs(line.amount),
    fee: feeOnce(line),
  });
  const vippsLines = movements.filter(canBeOurs).map(vippsLine);
  // A capture or refund of the wrong sign (or currency) stands for none of ours: unknown to us, its sign as Vipps gave it.
  const strange = movements.filter((line) => !canBeOurs(line)).map((line) => ({ ...vippsLine(line), amount: line.amount }));
  const open = new Map<string, VippsLine[]>();
  for (const line of vippsLines) {
    const key = `${line.kind}:${line.reference}`;
    open.set(key, [...(open.get(key) ?? []), line]);
  }

  const matched: VippsMatching["matched"] = [];
  const unmatchedOwn: OwnMovement[] = [];
  for (const movement of own) {
    const key = `${movement.kind}:${movement.reference}`;
    const candidates = open.get(key) ?? [];
    const equal = candidates.findIndex((line) => line.amount === movement.amount);
    let taken: VippsLine[] = [];
    if (equal >= 0) taken = candidates.splice(equal, 1);
    else if (candidates.length > 0 && candidates.reduce((sum, line) => sum + line.amount, 0) === movement.amount) taken = candidates.splice(0);
    if (taken.length === 0) {
      unmatchedOwn.push(movement);
      continue;
    }
    const last = taken[taken.length - 1]!;
    matched.push({ own: movement, lines: taken, payout: payoutOfDate.get(last.ledgerDate) });
  }
  const unknownToUs = references ? [] : [...[...open.values()].flat(), ...strange];
  return { readThrough: through, matched, unmatchedOwn, unknownToUs };
}

/**
 * For the accounting export: each of these Vipps payment references' fee and payout date.
 * - `fee`: in ØRE (an integer; 2,99 % of a capture is rarely whole kroner), the sum of Vipps's fees on the
 *   reference's captures that are in the reports read so far; 0 when none is.
 * - `payoutDate`: YYYY-MM-DD, the bank day of the payout that holds the reference's latest matched capture or
 *   refund; null while not paid out (or not in a report read yet).
 * A reference with no Vipps capture or refund of ours is not in the map.
 */
export async function vippsSettlementsOf(db: Db, paymentReferences: string[]): Promise<Map<string, { fee: number; payoutDate: string | null }>> {
  const result = new Map<string, { fee: number; payoutDate: string | null }>();
  if (paymentReferences.length === 0) return result;
  const matching = await matchVipps(db, paymentReferences);
  for (const movement of matching.unmatchedOwn) if (!result.has(movement.reference)) result.set(movement.reference, { fee: 0, payoutDate: null });
  for (const { own, lines, payout } of matching.matched) {
    const entry = result.get(own.reference) ?? { fee: 0, payoutDate: null };
    entry.fee += lines.reduce((sum, line) => sum + line.fee, 0);
    const date = payout ? payoutBankDate(payout.ledgerDate) : null;
    if (date && (!entry.payoutDate || date > entry.payoutDate)) entry.payoutDate = date;
    result.set(own.reference, entry);
  }
  return result;
}

const ownOut = ({ paymentId: _paymentId, ...movement }: OwnMovement): VippsOwnMovement => movement;

/**
 * The treasurer's view of a period (dates YYYY-MM-DD, both included): the payouts whose bank date is in it with
 * their matched lines, fees and net; ours of the period not paid out yet, or unknown at Vipps once Vipps's
 * report of the day after has been read without it; Vipps's captures and refunds of the period unknown to us.
 */
export async function vippsPayoutReport(db: Db, from: string, to: string): Promise<VippsPayoutReport> {
  const matching = await matchVipps(db);
  const inPeriod = (date: string) => date >= from && date <= to;

  const payouts = new Map<string, VippsPayout>();
  const notPaidOut: VippsOwnMovement[] = [];
  for (const { own, lines, payout } of matching.matched) {
    if (!payout) {
      if (inPeriod(osloDateText(new Date(own.at)))) notPaidOut.push(ownOut(own));
      continue;
    }
    const payoutDate = payoutBankDate(payout.ledgerDate);
    if (!inPeriod(payoutDate)) continue;
    const key = `${payout.ledgerDate}:${payout.transferText}`;
    const entry = payouts.get(key) ?? {
      payoutDate,
      ledgerDate: payout.ledgerDate,
      transferText: payout.transferText,
      amount: payout.amount,
      captured: 0,
      refunded: 0,
      fees: 0,
      net: 0,
      matchedCount: 0,
      lines: [],
    };
    for (const line of lines) {
      if (line.kind === "capture") entry.captured += line.amount;
      else entry.refunded += line.amount;
      entry.fees += line.fee;
      entry.lines.push({ ...ownOut(own), amount: line.amount, pspReference: line.pspReference, fee: line.fee, ledgerDate: line.ledgerDate });
    }
    entry.matchedCount++;
    entry.net = entry.captured - entry.refunded - entry.fees;
    payouts.set(key, entry);
  }

  const unknownAtVipps: VippsOwnMovement[] = [];
  for (const own of matching.unmatchedOwn) {
    const date = osloDateText(new Date(own.at));
    if (!inPeriod(date)) continue;
    // Vipps dates a capture we saw just after midnight the day before: a day's grace.
    const vippsHasRead = matching.readThrough !== null && addDateDays(date, 1) <= matching.readThrough;
    (vippsHasRead ? unknownAtVipps : notPaidOut).push(ownOut(own));
  }

  return {
    from,
    to,
    readThrough: matching.readThrough,
    payouts: [...payouts.values()].sort((a, b) => a.payoutDate.localeCompare(b.payoutDate) || a.ledgerDate.localeCompare(b.ledgerDate)),
    notPaidOut,
    unknownAtVipps,
    unknownToUs: matching.unknownToUs
      .filter((line) => inPeriod(line.ledgerDate))
      .map(({ reference, pspReference, kind, amount, ledgerDate }) => ({ reference, pspReference, kind, amount, ledgerDate })),
  };
}
