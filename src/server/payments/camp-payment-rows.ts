import { and, eq, getTableColumns, inArray, isNotNull, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { eventPayments } from "../db/schema/events.ts";

/**
 * A camp registration's payment as the camp reads it. It is stored in the engine's `event_payments` beside its
 * registration (`camp_registration_id`, the order's column empty) until the registration is an order; every
 * camp query reads and writes only such rows, so an event's payment with the same id or reference is never
 * the camp's.
 */
// The owner columns stay out: a camp payment's owner is its registration, and `owner_kind` is the database's check.
const { orderId: _orderId, campRegistrationId: _campRegistrationId, ownerKind: _ownerKind, ...shared } = getTableColumns(eventPayments);

/** The columns of a camp payment, for `db.select(campPaymentColumns).from(eventPayments)`. */
export const campPaymentColumns = {
  ...shared,
  registrationId: sql<number>`${eventPayments.campRegistrationId}`.mapWith(Number),
};

export type CampPayment = Omit<typeof eventPayments.$inferSelect, "orderId" | "campRegistrationId" | "ownerKind"> & { registrationId: number };

/** The camp's payments (never an event order's). */
export const isCampPayment: SQL = isNotNull(eventPayments.campRegistrationId);

/** The camp payment with this id (or, in a join, the id in that column). */
export function campPaymentWithId(id: number | AnyColumn): SQL {
  return and(eq(eventPayments.id, id), isCampPayment)!;
}

/** The payments of the registrations given; with a method, only those paid (or to be paid) that way. */
export function campPaymentsOf(registrationIds: number | readonly number[], method?: CampPayment["method"]): SQL {
  const owned =
    typeof registrationIds === "number"
      ? eq(eventPayments.campRegistrationId, registrationIds)
      : inArray(eventPayments.campRegistrationId, [...registrationIds]);
  return method ? and(owned, eq(eventPayments.method, method))! : owned;
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
  await tx.execute(sql`select id from event_payments where id = ${id} and camp_registration_id is not null for update`);
}
