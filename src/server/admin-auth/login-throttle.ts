import { and, eq, lt, or, gt, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { adminLoginAttempts } from "../db/schema/admin-auth.ts";

/**
 * Failed logins are limited per client address and per account within a sliding window. The account limit
 * is higher than the address limit so one address alone cannot lock the real admin out.
 */
export const loginLimits = { windowMs: 15 * 60 * 1000, perClientAddress: 10, perAccount: 20 } as const;

export type Attempt = { allowed: true; id: number } | { allowed: false };

/**
 * Records the attempt before the (slow) password check and only then counts, so a burst of parallel guesses
 * sees its own rows and cannot slip past the limit. A refused attempt does not count against the window.
 */
export async function beginLoginAttempt(db: Db, clientAddress: string, account: string, now: Date): Promise<Attempt> {
  const since = new Date(now.getTime() - loginLimits.windowMs);
  const [row] = await db
    .insert(adminLoginAttempts)
    .values({ clientAddress, account, attemptedAt: now })
    .returning({ id: adminLoginAttempts.id });
  const [counts] = await db
    .select({
      byAddress: sql<number>`count(*) filter (where ${adminLoginAttempts.clientAddress} = ${clientAddress})`.mapWith(Number),
      byAccount: sql<number>`count(*) filter (where ${adminLoginAttempts.account} = ${account})`.mapWith(Number),
    })
    .from(adminLoginAttempts)
    .where(
      and(
        gt(adminLoginAttempts.attemptedAt, since),
        or(eq(adminLoginAttempts.clientAddress, clientAddress), eq(adminLoginAttempts.account, account)),
      ),
    );
  if ((counts?.byAddress ?? 0) > loginLimits.perClientAddress || (counts?.byAccount ?? 0) > loginLimits.perAccount) {
    await forgetLoginAttempt(db, row!.id);
    return { allowed: false };
  }
  return { allowed: true, id: row!.id };
}

/** A successful login does not count as a failure. */
export async function forgetLoginAttempt(db: Db, id: number): Promise<void> {
  await db.delete(adminLoginAttempts).where(eq(adminLoginAttempts.id, id));
}

/** A failed attempt stays as it is; old rows go. */
export async function pruneLoginAttempts(db: Db, now: Date): Promise<void> {
  await db.delete(adminLoginAttempts).where(lt(adminLoginAttempts.attemptedAt, new Date(now.getTime() - loginLimits.windowMs)));
}
