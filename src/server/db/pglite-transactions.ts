import type { PGlite, Transaction } from "@electric-sql/pglite";

/**
 * PGlite's transaction object does not say which database it belongs to, and a named statement
 * (prepared-statement.ts) needs the database's own protocol calls. `trackTransactions` makes every
 * transaction of `client` remembered with it for as long as the transaction object lives.
 */
const databaseOf = new WeakMap<Transaction, PGlite>();

export function trackTransactions(client: PGlite): void {
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      databaseOf.set(tx, client);
      return callback(tx);
    });
}

/** The database of a transaction of a tracked PGlite; undefined for anything else. */
export function pgliteOfTransaction(tx: unknown): PGlite | undefined {
  return typeof tx === "object" && tx !== null ? databaseOf.get(tx as Transaction) : undefined;
}
