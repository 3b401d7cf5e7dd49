/**
 * The simulator's Report API (Vipps MobilePay Report API v2; docs/decisions/0044-vipps-payouts-matched.md):
 * the settlement ledger of the club's one sales unit, made from
 * the simulator's own captures and refunds, with a fee per capture and a daily net payout.
 *
 * - One ledger (`GET /settlement/v1/ledgers`) settling for `api:{msn}`.
 * - A ledger date is an Oslo calendar day, midnight to midnight; it is closed (readable) once it has ended:
 *   before that `GET /report/v2/ledgers/{ledgerId}/{topic}/dates/{ledgerDate}` answers `tryLater: true` with no
 *   items, as Vipps does.
 * - `funds`: each capture (+) and refund (−) of the day in time order, then `fees-retained` (−, the day's fees,
 *   net settlement) and, when the balance is positive, `scheduled-for-payout` (−, the balance), both timed at
 *   the next midnight. A negative balance is carried over to the next day, as at Vipps.
 * - `fees`: one `capture-fee` (−) per capture with the capture's pspReference, then `fees-retained` (+).
 * - Pages of `pageSize` items (1000 as at Vipps): `hasMore` and `cursor` while more is left.
 * Computed from the payments' events on each call, so it is the same report every time (immutable, as Vipps).
 */
import { startOfOsloDay, addDays } from "../../../shared/time.ts";
import { osloDateText } from "./vipps-dates.ts";
import { problem, SimError } from "./vipps-simulator-problems.ts";
import type { SimPayment } from "./vipps-simulator-types.ts";

/**
 * The simulator's price: Vipps MobilePay's list price for online payments (2,99 % of each capture, no fixed
 * part, rounded to whole øre). Refunds give no fee back. The one place the rate is set.
 */
export const simulatorCaptureFee = { rate: 0.0299, fixedOre: 0 } as const;

export const simulatorLedgerId = "302321";

/** The first payout's number; the next is one more (the bank transfer's text names it, as at Vipps). */
const firstPayoutNumber = 2000001;

export interface ReportTransaction {
  pspReference: string;
  time: string;
  ledgerDate: string;
  entryType: string;
  reference?: string;
  currency: string;
  amount: number;
  balanceBefore: number;
  balanceAfter: number;
  recipientHandle?: string;
}

export function captureFeeOre(amountOre: number): number {
  return Math.round(amountOre * simulatorCaptureFee.rate) + simulatorCaptureFee.fixedOre;
}

function nextMidnight(ledgerDate: string): Date {
  const [year, month, day] = ledgerDate.split("-").map(Number) as [number, number, number];
  return startOfOsloDay(addDays({ year, month, day }, 1));
}

/** Vipps's form: UTC with microseconds. */
const timeText = (instant: Date) => instant.toISOString().replace(/Z$/, "000Z");

interface Movement {
  reference: string;
  pspReference: string;
  at: Date;
  kind: "capture" | "refund";
  amountOre: number;
}

function movements(payments: Iterable<SimPayment>, msn: string): Movement[] {
  const list: Movement[] = [];
  for (const payment of payments) {
    if (payment.msn !== msn) continue;
    for (const event of payment.events) {
      if (event.name !== "CAPTURED" && event.name !== "REFUNDED") continue;
      list.push({
        reference: payment.reference,
        pspReference: event.pspReference,
        at: new Date(event.timestamp),
        kind: event.name === "CAPTURED" ? "capture" : "refund",
        amountOre: event.amount.value,
      });
    }
  }
  // Stable: events of one instant keep their order.
  return list.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** Both topics of every ledger date up to and including `until` that has movements, with balances carried over. */
export function simulatedReport(
  payments: Iterable<SimPayment>,
  msn: string,
  until: string,
): Map<string, { funds: ReportTransaction[]; fees: ReportTransaction[] }> {
  const byDate = new Map<string, Movement[]>();
  for (const movement of movements(payments, msn)) {
    const date = osloDateText(movement.at);
    if (date > until) continue;
    byDate.set(date, [...(byDate.get(date) ?? []), movement]);
  }
  const handle = `api:${msn}`;
  const report = new Map<string, { funds: ReportTransaction[]; fees: ReportTransaction[] }>();
  let balance = 0;
  let payoutNumber = firstPayoutNumber;
  let feeNumber = 1;
  for (const date of [...byDate.keys()].sort()) {
    const funds: ReportTransaction[] = [];
    const fees: ReportTransaction[] = [];
    let feeBalance = 0;
    const line = (entry: Omit<ReportTransaction, "ledgerDate" | "currency" | "balanceBefore" | "balanceAfter">, account: "funds" | "fees") => {
      const before = account === "funds" ? balance : feeBalance;
      const after = before + entry.amount;
      if (account === "funds") balance = after;
      else feeBalance = after;
      (account === "funds" ? funds : fees).push({ ...entry, ledgerDate: date, currency: "NOK", balanceBefore: before, balanceAfter: after });
    };
    for (const movement of byDate.get(date)!) {
      const common = { pspReference: movement.pspReference, time: timeText(movement.at), reference: movement.reference, recipientHandle: handle };
      if (movement.kind === "capture") {
        line({ ...common, entryType: "capture", amount: movement.amountOre }, "funds");
        line({ ...common, entryType: "capture-fee", amount: -captureFeeOre(movement.amountOre) }, "fees");
      } else {
        line({ ...common, entryType: "refund", amount: -movement.amountOre }, "funds");
      }
    }
    const closing = timeText(nextMidnight(date));
    if (feeBalance !== 0) {
      const feeReference = `${simulatorLedgerId}-${feeNumber++}`;
      const owed = -feeBalance;
      line({ pspReference: feeReference, time: closing, entryType: "fees-retained", amount: owed }, "fees");
      line({ pspReference: feeReference, time: closing, entryType: "fees-retained", amount: -owed }, "funds");
    }
    if (balance > 0) {
      const number = payoutNumber++;
      line(
        {
          pspReference: `${simulatorLedgerId}-${number}`,
          time: closing,
          entryType: "scheduled-for-payout",
          reference: `Vipps utbet. ${number} Vippsnr ${msn}`,
          amount: -balance,
        },
        "funds",
      );
    }
    report.set(date, { funds, fees });
  }
  return report;
}

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** One page of a ledger date's report, as `GET /report/v2/ledgers/{ledgerId}/{topic}/dates/{ledgerDate}` answers. */
export function reportPage(
  payments: Iterable<SimPayment>,
  request: { msn: string; ledgerId: string; topic: string; ledgerDate: string; cursor?: string; now: Date; pageSize: number },
) {
  if (request.ledgerId !== simulatorLedgerId) throw new SimError(404, problem(404, "Ledger not found"));
  if (request.topic !== "funds" && request.topic !== "fees") throw new SimError(400, problem(400, "Unknown topic"));
  if (!datePattern.test(request.ledgerDate) || Number.isNaN(Date.parse(`${request.ledgerDate}T00:00:00Z`)))
    throw new SimError(400, { ...problem(400, "Bad Request"), detail: "ledgerDate must be YYYY-MM-DD" });
  // Not closed yet: no data until the whole ledger date is over.
  if (request.ledgerDate >= osloDateText(request.now)) return { items: [], tryLater: true };
  let offset = 0;
  if (request.cursor) {
    const parsed = Number(Buffer.from(request.cursor, "base64").toString("utf8"));
    if (!Number.isInteger(parsed) || parsed < 0) throw new SimError(400, { ...problem(400, "Bad Request"), detail: "Invalid cursor" });
    offset = parsed;
  }
  const day = simulatedReport(payments, request.msn, request.ledgerDate).get(request.ledgerDate);
  const all = day ? day[request.topic] : [];
  const items = all.slice(offset, offset + request.pageSize);
  const next = offset + items.length;
  const hasMore = next < all.length;
  return { ...(hasMore ? { cursor: Buffer.from(String(next)).toString("base64") } : {}), hasMore, tryLater: false, items };
}

/** `GET /settlement/v1/ledgers`: the one ledger, or none when the filter names another sales unit. */
export function ledgers(msn: string, settlesForRecipientHandles: string | undefined) {
  const handle = `api:${msn}`;
  const items =
    settlesForRecipientHandles && settlesForRecipientHandles !== handle
      ? []
      : [
          {
            ledgerId: simulatorLedgerId,
            currency: "NOK",
            payoutBankAccount: { scheme: "BBAN:NO", id: "86011117947" },
            owner: { scheme: "business:NO:ORG", id: "987654321" },
            settlesForRecipientHandles: [handle],
          },
        ];
  return { cursor: "", items };
}
