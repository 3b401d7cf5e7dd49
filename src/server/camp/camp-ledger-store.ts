/**
 * Reads and appends the camp orders' entries of the one ledger (docs/decisions/0016-money-ledger.md), those
 * with a camp registration. Rows are only ever inserted: a correction is a new row. The counting is src/shared/camp/camp-ledger.ts; this module writes
 * what the counting decided, inside the caller's transaction (with the registration row locked by it).
 */
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { ledgerFigures, sumFigures, type LedgerEntry, type LedgerFigures } from "../../shared/camp/camp-ledger.ts";
import type { ChargeLine } from "../../shared/camp/camp-ledger-receipt.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventLedgerEntries } from "../db/schema/events-money.ts";

export const ledgerMessages = {
  paymentBusy: "Betalingen behandles hos Vipps akkurat nå. Prøv igjen om et minutt.",
} as const;

/** Who and why: every entry carries them. */
export interface LedgerContext {
  actor: string;
  reason: string;
  now: Date;
}

type LedgerRow = typeof eventLedgerEntries.$inferSelect;

function entryOf(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    person: row.person,
    item: row.item,
    method: row.method,
    amount: row.amount,
    paymentId: row.paymentId,
    label: row.label,
  };
}

/** Each registration's entries, oldest first. */
export async function readLedgers(db: Pick<Db, "select">, registrationIds: readonly number[]): Promise<Map<number, LedgerEntry[]>> {
  const byRegistration = new Map<number, LedgerEntry[]>(registrationIds.map((id) => [id, []]));
  if (registrationIds.length === 0) return byRegistration;
  const rows = await db
    .select()
    .from(eventLedgerEntries)
    .where(and(inArray(eventLedgerEntries.orderId, [...registrationIds]), eq(eventLedgerEntries.ownerKind, "camp")))
    .orderBy(asc(eventLedgerEntries.id));
  for (const row of rows) byRegistration.get(row.orderId)?.push(entryOf(row));
  return byRegistration;
}

export async function readLedger(db: Pick<Db, "select">, registrationId: number): Promise<LedgerEntry[]> {
  return (await readLedgers(db, [registrationId])).get(registrationId) ?? [];
}

/**
 * Takes turns within a family: two cancellations of its athletes at the same moment (the family and the
 * leader, two tabs) would each read the other as still coming, and both mails would say the rest stays. Taken
 * right after the registration's own row lock, before anything is changed; held to the end of the transaction.
 */
export async function lockGroup(tx: Pick<Db, "execute">, registration: { groupId: string | null }): Promise<void> {
  if (registration.groupId)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('skitaekwondo:camp-group'), hashtext(${registration.groupId}))`);
}

/**
 * After one athlete of a group is cancelled: how many of the others are still coming (confirmed or waiting
 * for their payment) and what they still owe together, so the mail says what is left to pay for the family.
 */
export async function groupStaying(
  db: Pick<Db, "select">,
  cancelled: { id: number; groupId: string | null; editionYear: number },
): Promise<{ staying: number; stillToPay: number; names: string[] }> {
  if (!cancelled.groupId) return { staying: 0, stillToPay: 0, names: [] };
  const others = await db
    .select({ id: campRegistrations.id, firstName: campRegistrations.firstName, lastName: campRegistrations.lastName })
    .from(campRegistrations)
    .where(
      and(
        eq(campRegistrations.groupId, cancelled.groupId),
        eq(campRegistrations.editionYear, cancelled.editionYear),
        ne(campRegistrations.id, cancelled.id),
        inArray(campRegistrations.status, ["confirmed", "pending_payment"]),
        // A forgotten athlete is no longer part of what the family sees or owes.
        isNull(campRegistrations.anonymisedAt),
      ),
    )
    .orderBy(asc(campRegistrations.id));
  const ledgers = await readLedgers(
    db,
    others.map((row) => row.id),
  );
  return {
    staying: others.length,
    stillToPay: sumFigures([...ledgers.values()].map(ledgerFigures)).outstanding,
    names: others.map((row) => `${row.firstName} ${row.lastName}`),
  };
}

/** The full rows (time, actor, reason) for the leader's history of an order. */
export async function ledgerHistory(db: Pick<Db, "select">, registrationId: number): Promise<LedgerRow[]> {
  return db
    .select()
    .from(eventLedgerEntries)
    .where(and(eq(eventLedgerEntries.orderId, registrationId), eq(eventLedgerEntries.ownerKind, "camp")))
    .orderBy(asc(eventLedgerEntries.id));
}

export async function figuresOf(db: Pick<Db, "select">, registrationId: number): Promise<LedgerFigures> {
  return ledgerFigures(await readLedger(db, registrationId));
}

/** A camp entry as its callers write it: `paymentId` is one of the camp's payments. */
interface NewEntry {
  kind: LedgerRow["kind"];
  person?: string | null;
  item?: string | null;
  label?: string | null;
  method?: string | null;
  amount: number;
  paymentId?: number | null;
  correctsId?: number | null;
}

export async function appendEntries(
  tx: Pick<Db, "insert">,
  registrationId: number,
  entries: readonly NewEntry[],
  context: LedgerContext,
): Promise<number[]> {
  if (entries.length === 0) return [];
  const rows = await tx
    .insert(eventLedgerEntries)
    .values(
      entries.map((entry) => ({
        ...entry,
        orderId: registrationId,
        ownerKind: "camp" as const,
        at: context.now,
        actor: context.actor,
        reason: context.reason,
      })),
    )
    .returning({ id: eventLedgerEntries.id });
  return rows.map((row) => row.id);
}

export async function appendCharges(
  tx: Pick<Db, "insert">,
  registrationId: number,
  charges: readonly ChargeLine[],
  context: LedgerContext,
): Promise<void> {
  await appendEntries(
    tx,
    registrationId,
    charges.map((charge) => ({
      kind: "charge" as const,
      person: charge.person,
      item: charge.item,
      label: charge.label ?? null,
      amount: charge.amount,
    })),
    context,
  );
}
