/**
 * The rows behind the export the accounts take (docs/decisions/0045-accounts-export.md): the chart of
 * accounts with its change log, the voucher numbers, and the ledger's money movements of a period.
 */
import { and, asc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import { accountRoles, chartByRole, isoDay, type ChartAccount, type ChartAnswer, type Period } from "../../shared/accounts/accounts-chart.ts";
import { postedEntryKinds, type AccountingEntry } from "../../shared/accounts/accounts-posting.ts";
import { fieldChanges } from "../../shared/change-log.ts";
import { campYearOfSlug } from "../../shared/events/event-kinds.ts";
import { addDays, osloCalendarDate, startOfOsloDay, type CalendarDate } from "../../shared/time.ts";
import type { Db } from "../db/database.ts";
import { accountsChart, accountsChartChanges, accountsVouchers } from "../db/schema/accounts.ts";
import { eventLedgerEntries, eventPayments } from "../db/schema/events-money.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { events } from "../db/schema/events.ts";

/** The chart in the roles' order: what the club stored, the defaults for the rest. */
export async function readChart(db: Pick<Db, "select">): Promise<ChartAccount[]> {
  const rows = await db.select().from(accountsChart);
  const byRole = chartByRole(rows.map((row) => ({ role: row.role as ChartAccount["role"], number: row.number, name: row.name })));
  return accountRoles.map((role) => byRole[role]);
}

export async function chartAnswer(db: Pick<Db, "select">): Promise<ChartAnswer> {
  const changes = await db.select().from(accountsChartChanges).orderBy(asc(accountsChartChanges.id));
  return {
    accounts: await readChart(db),
    changes: changes.map((row) => ({ changedAt: row.changedAt.toISOString(), account: row.account, action: row.action, changes: row.changes })),
  };
}

const chartValues = (accounts: readonly ChartAccount[]) =>
  Object.fromEntries(accounts.map((account) => [account.role, { number: account.number, name: account.name }]));

/** Saves the whole chart (validated by ChartSchema) and logs what changed; a save that changes nothing logs nothing. */
export async function saveChart(db: Db, accounts: readonly ChartAccount[], account: string, now: Date): Promise<ChartAnswer> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('skitaekwondo:accounts-chart'))`);
    const before = await readChart(tx);
    const after = accountRoles.map((role) => accounts.find((found) => found.role === role)!);
    const changes = fieldChanges(chartValues(before), chartValues(after));
    if (changes.length === 0) return;
    for (const row of after)
      await tx
        .insert(accountsChart)
        .values({ ...row, updatedAt: now, updatedBy: account })
        .onConflictDoUpdate({ target: accountsChart.role, set: { number: row.number, name: row.name, updatedAt: now, updatedBy: account } });
    await tx.insert(accountsChartChanges).values({ changedAt: now, account, action: "updated", changes });
  });
  return chartAnswer(db);
}

/**
 * Gives every ledger entry that moves money and has no voucher number yet the next numbers, in order of entry
 * id, in one transaction under one lock: two exports at once take turns, the second numbering only what the
 * first left. Answers how many were numbered.
 */
export async function assignVouchers(db: Db, now: Date): Promise<number> {
  const kinds = sql.join(
    postedEntryKinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('skitaekwondo:accounts-vouchers'))`);
    const inserted = await tx.execute<{ number: number }>(sql`
      insert into accounts_vouchers (number, ledger_entry_id, assigned_at)
      select (select coalesce(max(number), 0) from accounts_vouchers) + row_number() over (order by e.id), e.id, ${now.toISOString()}::timestamptz
      from event_ledger_entries e
      where e.kind in (${kinds}) and e.amount <> 0
        and not exists (select 1 from accounts_vouchers v where v.ledger_entry_id = e.id)
      order by e.id
      returning number`);
    return inserted.rows.length;
  });
}

const calendarDate = (iso: string): CalendarDate => ({
  year: Number(iso.slice(0, 4)),
  month: Number(iso.slice(5, 7)),
  day: Number(iso.slice(8, 10)),
});

/** The instants a period of Oslo days covers: from the first day's midnight to the midnight after the last. */
export function periodBounds(period: Period): { start: Date; end: Date } {
  return { start: startOfOsloDay(calendarDate(period.from)), end: startOfOsloDay(addDays(calendarDate(period.to), 1)) };
}

function eventNameOf(kind: string, slug: string, title: unknown): string {
  const year = kind === "vinterleir" ? campYearOfSlug(slug) : undefined;
  if (year !== undefined) return `Vinterleir ${year}`;
  return typeof title === "string" && title.trim() !== "" ? title : slug;
}

/** The ledger's money movements written in the period, by entry id, with their event, order, payment and voucher. */
export async function accountingEntries(db: Pick<Db, "select">, period: Period): Promise<AccountingEntry[]> {
  const { start, end } = periodBounds(period);
  const rows = await db
    .select({
      id: eventLedgerEntries.id,
      at: eventLedgerEntries.at,
      kind: eventLedgerEntries.kind,
      method: eventLedgerEntries.method,
      amount: eventLedgerEntries.amount,
      paymentId: eventLedgerEntries.paymentId,
      reference: eventPayments.reference,
      paymentMethod: eventPayments.method,
      eventKind: events.kind,
      slug: events.slug,
      title: sql<unknown>`${events.definition}->'title'`,
      orderId: eventOrders.orderId,
      firstName: eventOrders.firstName,
      lastName: eventOrders.lastName,
      voucher: accountsVouchers.number,
    })
    .from(eventLedgerEntries)
    .innerJoin(eventOrders, eq(eventOrders.id, eventLedgerEntries.orderId))
    .innerJoin(events, eq(events.id, eventOrders.eventId))
    .leftJoin(eventPayments, eq(eventPayments.id, eventLedgerEntries.paymentId))
    .leftJoin(accountsVouchers, eq(accountsVouchers.ledgerEntryId, eventLedgerEntries.id))
    .where(
      and(
        inArray(eventLedgerEntries.kind, [...postedEntryKinds]),
        ne(eventLedgerEntries.amount, 0),
        gte(eventLedgerEntries.at, start),
        lt(eventLedgerEntries.at, end),
      ),
    )
    .orderBy(asc(eventLedgerEntries.id));
  // A Vipps payment's fee goes with its first money in, wherever that falls: once per payment.
  const vippsPaymentIds = [...new Set(rows.flatMap((row) => (row.paymentId !== null && row.paymentMethod === "vipps" ? [row.paymentId] : [])))];
  const firstIn =
    vippsPaymentIds.length === 0
      ? []
      : await db
          .select({ id: sql<number>`min(${eventLedgerEntries.id})`.mapWith(Number) })
          .from(eventLedgerEntries)
          .where(
            and(
              inArray(eventLedgerEntries.paymentId, vippsPaymentIds),
              eq(eventLedgerEntries.kind, "payment"),
              sql`${eventLedgerEntries.amount} > 0`,
            ),
          )
          .groupBy(eventLedgerEntries.paymentId);
  const carriers = new Set(firstIn.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    date: isoDay(osloCalendarDate(new Date(row.at))),
    kind: row.kind as AccountingEntry["kind"],
    method: row.method,
    amount: row.amount,
    eventKind: row.eventKind,
    eventName: eventNameOf(row.eventKind, row.slug, row.title),
    orderId: row.orderId,
    person: `${row.firstName} ${row.lastName}`.trim(),
    paymentReference: row.paymentMethod === "vipps" ? row.reference : null,
    carriesFee: carriers.has(row.id),
    voucher: row.voucher,
  }));
}
