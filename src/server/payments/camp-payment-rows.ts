import { and, eq, getTableColumns, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { eventPayments } from "../db/schema/events-money.ts";

/**
 * A camp registration's payment as the camp reads it. It is stored in the engine's `event_payments` as a payment
 * of the registration's order with `owner_kind` «camp»; every camp query reads and writes only such rows, so an
 * event's payment with the same id or reference is never the camp's.
 */
// The owner columns stay out: a camp payment's owner is its registration, and `owner_kind` is the database's check.
const { orderId: _orderId, ownerKind: _ownerKind, ...shared } = getTableColumns(eventPayments);

/** The columns of a camp payment, for `db.select(campPaymentColumns).from(eventPayments)`. */
export const campPaymentColumns = {
  ...shared,
  registrationId: eventPayments.orderId,
};

export type CampPayment = Omit<typeof eventPayments.$inferSelect, "orderId" | "ownerKind"> & { registrationId: number };

/** The camp's payments (never an event order's). */
export const isCampPayment: SQL = eq(eventPayments.ownerKind, "camp");

/** The camp payment with this id (or, in a join, the id in that column). */
export function campPaymentWithId(id: number | AnyColumn): SQL {
  return and(eq(eventPayments.id, id), isCampPayment)!;
}

/** The payments of the registrations given; with a method, only those paid (or to be paid) that way. */
export function campPaymentsOf(registrationIds: number | readonly number[], method?: CampPayment["method"]): SQL {
  const owned =
    typeof registrationIds === "number" ? eq(eventPayments.orderId, registrationIds) : inArray(eventPayments.orderId, [...registrationIds]);
  return and(owned, isCampPayment, method ? eq(eventPayments.method, method) : undefined)!;
}

/** `select … from event_payments where <camp payment> and where`, for ordering and limiting further. */
export function selectCampPayments(db: Pick<Db, "select">, where?: SQL) {
  return db
    .select(campPaymentColumns)
    .from(eventPayments)
    .where(where ? and(isCampPayment, where) : isCampPayment);
}

/** The camp payment with this id, if there is one. */
export async function campPayment(db: Pick<Db, "select">, id: number): Promise<CampPayment | undefined> {
  const [row] = await selectCampPayments(db, eq(eventPayments.id, id));
  return row;
}

/** Locks a camp payment's row for the rest of the transaction. */
export async function lockCampPayment(tx: Pick<Db, "execute">, id: number): Promise<void> {
  await tx.execute(sql`select id from event_payments where id = ${id} and owner_kind = 'camp' for update`);
}
