/**
 * Reads Vipps's settlement reports (Report API, "Method 1: a complete report for each date") into
 * vipps_report_days and vipps_report_lines: every closed ledger date not read yet, from the first day we took
 * money with Vipps, both topics (funds, fees) of a date in one transaction, each date once (a closed date's
 * report never changes). The job runs hourly and on demand; it stops at the first date Vipps says to try later.
 */
import type { Logger } from "../../log.ts";
import { and, desc, eq, inArray, min } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { eventPaymentActions, eventPayments } from "../../db/schema/events-money.ts";
import { vippsReportDays, vippsReportLines } from "../../db/schema/vipps-report.ts";
import { PeriodicJob } from "../../jobs/periodic-job.ts";
import { addDateDays, osloDateText } from "./vipps-dates.ts";

/** A line of the Report API as the client parses it. */
interface ReportLine {
  pspReference: string;
  time: string;
  entryType: string;
  reference?: string | null;
  currency: string;
  amount: number;
  recipientHandle?: string | null;
}

/** A pass reads at most this many dates (a long gap is caught up over a few passes, gently). */
const maxDatesPerPass = 92;

export interface VippsReportDeps {
  db: Db;
  /** The Vipps client's Report API calls (payments/vipps/vipps-client.ts). */
  client: {
    getLedgers(settlesForRecipientHandle?: string): Promise<{ items: { ledgerId: string }[] }>;
    getReportOfDate(ledgerId: string, topic: "funds" | "fees", ledgerDate: string): Promise<{ tryLater: boolean; items: ReportLine[] }>;
  };
  now: () => Date;
  merchantSerialNumber: string;
}

/** The Vipps actions that move money (event_payment_actions.action): what the report's captures and refunds match. */
export const vippsMoneyActions = { "vipps-captured": "capture", "vipps-refunded": "refund" } as const;

/** The last ledger date read (funds and fees), for every ledger; null before the first. */
export async function readThrough(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ ledgerDate: vippsReportDays.ledgerDate })
    .from(vippsReportDays)
    .where(eq(vippsReportDays.topic, "fees"))
    .orderBy(desc(vippsReportDays.ledgerDate))
    .limit(1);
  return row?.ledgerDate ?? null;
}

async function firstMoneyDate(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ first: min(eventPaymentActions.at) })
    .from(eventPaymentActions)
    .innerJoin(eventPayments, eq(eventPayments.id, eventPaymentActions.paymentId))
    .where(and(eq(eventPayments.method, "vipps"), inArray(eventPaymentActions.action, Object.keys(vippsMoneyActions))));
  return row?.first ? osloDateText(new Date(row.first)) : null;
}

/** One pass: reads the closed dates not read yet; answers how many dates it read and through which. */
export async function readVippsReports(deps: VippsReportDeps, signal?: AbortSignal): Promise<{ datesRead: number; readThrough: string | null }> {
  const { db, client } = deps;
  const last = await readThrough(db);
  const yesterday = addDateDays(osloDateText(deps.now()), -1);
  let date = last ? addDateDays(last, 1) : await firstMoneyDate(db);
  if (!date || date > yesterday) return { datesRead: 0, readThrough: last };
  const ledgers = await client.getLedgers(`api:${deps.merchantSerialNumber}`);
  const ledger = ledgers.items[0];
  if (!ledger) throw new Error(`Vipps Report API: no ledger settles for api:${deps.merchantSerialNumber}`);
  let datesRead = 0;
  let through = last;
  while (date <= yesterday && datesRead < maxDatesPerPass && !signal?.aborted) {
    const funds = await client.getReportOfDate(ledger.ledgerId, "funds", date);
    if (funds.tryLater) break;
    const fees = await client.getReportOfDate(ledger.ledgerId, "fees", date);
    if (fees.tryLater) break;
    const readAt = deps.now();
    const ledgerDate = date;
    await db.transaction(async (tx) => {
      for (const [topic, report] of [
        ["funds", funds],
        ["fees", fees],
      ] as const) {
        const inserted = await tx
          .insert(vippsReportDays)
          .values({ ledgerId: ledger.ledgerId, topic, ledgerDate, readAt, lineCount: report.items.length })
          .onConflictDoNothing()
          .returning({ ledgerDate: vippsReportDays.ledgerDate });
        // Read by another pass meanwhile: its lines are there already.
        if (inserted.length === 0 || report.items.length === 0) continue;
        await tx.insert(vippsReportLines).values(
          report.items.map((item, position) => ({
            ledgerId: ledger.ledgerId,
            topic,
            ledgerDate,
            position,
            entryType: item.entryType,
            pspReference: item.pspReference,
            reference: item.reference ?? null,
            currency: item.currency,
            amount: item.amount,
            time: new Date(item.time),
            recipientHandle: item.recipientHandle ?? null,
          })),
        );
      }
    });
    datesRead++;
    through = date;
    date = addDateDays(date, 1);
  }
  return { datesRead, readThrough: through };
}

/** The job: hourly (as the Report API's guide asks); `readNow` when the treasurer asks. */
export class VippsReportJob extends PeriodicJob<{ datesRead: number; readThrough: string | null }> {
  constructor(
    private readonly deps: VippsReportDeps,
    options: { intervalMs: number; log: Logger },
  ) {
    super({
      intervalMs: options.intervalMs,
      log: options.log,
      failureMessage: "reading Vipps's settlement reports failed",
      idleUntilStarted: true,
      run: (signal) => readVippsReports(deps, signal),
    });
  }

  /**
   * A pass now, its failure thrown (the treasurer is told). Safe beside a running pass of the job: a date
   * read twice at once is stored once.
   */
  readNow() {
    return readVippsReports(this.deps);
  }
}
