/**
 * The event orders' entries of the one ledger (docs/decisions/0016-money-ledger.md), counted by the same
 * shared functions (ledgerFigures) as the camp's, so a grading's or a sale's figures mean what the camp's mean.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { ledgerFigures, type LedgerEntry, type LedgerFigures } from "../../shared/camp/camp-ledger.ts";
import type { Db } from "../db/database.ts";
import { eventLedgerEntries } from "../db/schema/events-money.ts";

/** An event order's entry: the order's own, never a camp registration's. */
type NewEntry = Omit<typeof eventLedgerEntries.$inferInsert, "id" | "orderId" | "ownerKind"> & { orderId: number };

export async function appendEventEntries(db: Pick<Db, "insert">, entries: readonly NewEntry[]): Promise<void> {
  if (entries.length > 0) await db.insert(eventLedgerEntries).values([...entries]);
}

/** Each event order's entries, oldest first. */
export async function eventLedgers(db: Pick<Db, "select">, orderIds: readonly number[]): Promise<Map<number, LedgerEntry[]>> {
  const byOrder = new Map<number, LedgerEntry[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length > 0) {
    const rows = await db
      .select()
      .from(eventLedgerEntries)
      .where(and(inArray(eventLedgerEntries.orderId, [...orderIds]), eq(eventLedgerEntries.ownerKind, "order")))
      .orderBy(asc(eventLedgerEntries.id));
    for (const row of rows)
      byOrder
        .get(row.orderId)
        ?.push({ id: row.id, kind: row.kind, person: row.person, item: row.item, method: row.method, amount: row.amount, paymentId: row.paymentId });
  }
  return byOrder;
}

export async function eventFigures(db: Pick<Db, "select">, orderIds: readonly number[]): Promise<Map<number, LedgerFigures>> {
  return new Map([...(await eventLedgers(db, orderIds))].map(([id, entries]) => [id, ledgerFigures(entries)]));
}
