import type { Db } from "./database.ts";

/**
 * Runs the reads that make one answer (a list with its money, totals beside the rows they sum, an export) against
 * one moment of the database. On PostgreSQL every statement at READ COMMITTED sees what has committed when it
 * starts, so a payment taken at the door between two of an answer's reads would be in one figure and not in the
 * other, and a treasurer's rows would not add up to the totals beside them. A read-only REPEATABLE READ transaction
 * takes one snapshot for all of them and never blocks a write. Give it the database, never a transaction: there
 * drizzle makes it a savepoint and drops the isolation, so the reads would be neither one moment nor read only.
 */
export function readInOneSnapshot<T>(db: Db, read: (reader: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => read(tx), { isolationLevel: "repeatable read", accessMode: "read only" });
}
