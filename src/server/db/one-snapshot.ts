import type { Db } from "./database.ts";

/**
 * Runs the reads that make one answer (a list with its money, totals beside the rows they sum, an export) against
 * one moment of the database. On PostgreSQL every statement at READ COMMITTED sees what has committed when it
 * starts, so a payment taken at the door between two of an answer's reads would be in one figure and not in the
 * other, and a treasurer's rows would not add up to the totals beside them. A read-only REPEATABLE READ transaction
 * takes one snapshot for all of them and never blocks a write. Inside another transaction it becomes a savepoint of
 * that one, which already reads as it reads.
 */
export function readInOneSnapshot<T>(db: Db, read: (reader: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => read(tx), { isolationLevel: "repeatable read", accessMode: "read only" });
}
