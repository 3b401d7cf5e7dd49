import { sql } from "drizzle-orm";
import { receiptLines, type ReceiptLine } from "../../shared/camp/camp-ledger-receipt.ts";
import type { Db } from "../db/database.ts";
import { campRegistrationColumns } from "../db/schema/camp.ts";
import { readLedger } from "./camp-ledger-store.ts";

/**
 * A camp registration's receipt: its charges in the ledger, as priced when it was made and as changed since
 * (a companion or grading added, a cancellation, a correction), in the order they were written.
 */
export async function receiptOf(db: Pick<Db, "select">, registrationId: number): Promise<ReceiptLine[]> {
  return receiptLines(await readLedger(db, registrationId));
}

/**
 * What a camp registration costs now, the sum of its receipt, as a column of a select from
 * `campRegistrations` (the view `camp_registration_view`, named so, not aliased; drizzle leaves a single
 * source's columns unqualified, so the registration's id is spelled out): the price is written once, as the
 * ledger's charges, and every total is their sum.
 */
export const campRegistrationCharged = sql<number>`(select coalesce(sum(charge.amount), 0)::int from event_ledger_entries as charge
  where charge.order_id = "camp_registration_view"."id" and charge.kind = 'charge')`.mapWith(Number);

/** A camp registration's columns with its `total` (what it costs now), for `select(...).from(campRegistrations)`. */
export const campRegistrationWithTotal = { ...campRegistrationColumns, total: campRegistrationCharged };
