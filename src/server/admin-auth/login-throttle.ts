import { and, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { adminLoginAttempts } from "../db/schema/admin-auth.ts";

/**
 * Failed logins within a sliding window, counted two ways (docs/decisions/0004-admin-auth.md):
 * - per client (an IPv4 address or an IPv6 /64, see client-address.ts): too many failures lock that client
 *   out, for every area, until the window has passed;
 * - per account: many failures only slow every attempt on the account down (a growing, capped delay). An
 *   account is never locked, so strangers cannot lock the real admin out, however many addresses they have.
 */
export const loginLimits = {
  windowMs: 15 * 60 * 1000,
  perClientAddress: 10,
  /** Account failures in the window before the slow-down starts; then the delay doubles per failure. */
  slowDownAfter: 5,
  firstDelayMs: 250,
  maxDelayMs: 3000,
} as const;

/** The wait before checking a password on an account with this many recent failures (capped). */
export function accountDelayMs(recentFailures: number): number {
  if (recentFailures < loginLimits.slowDownAfter) return 0;
  const steps = Math.min(recentFailures - loginLimits.slowDownAfter, 16);
  return Math.min(loginLimits.maxDelayMs, loginLimits.firstDelayMs * 2 ** steps);
}

export type Attempt = { allowed: true; id: number; delayMs: number } | { allowed: false };

/**
 * Records the attempt before the (slow) password check and only then counts, so a burst of parallel guesses
 * sees its own rows and cannot slip past the client limit. A refused attempt does not count against the window.
 */
export async function beginLoginAttempt(db: Db, clientKey: string, account: string, now: Date): Promise<Attempt> {
  const since = new Date(now.getTime() - loginLimits.windowMs);
  const [row] = await db
    .insert(adminLoginAttempts)
    .values({ clientAddress: clientKey, account, attemptedAt: now })
    .returning({ id: adminLoginAttempts.id });
  const id = row!.id;
  const [counts] = await db
    .select({
      byClient: sql<number>`count(*) filter (where ${adminLoginAttempts.clientAddress} = ${clientKey})`.mapWith(Number),
      byAccount: sql<number>`count(*) filter (where ${adminLoginAttempts.account} = ${account} and ${ne(adminLoginAttempts.id, id)})`.mapWith(Number),
    })
    .from(adminLoginAttempts)
    .where(
      and(gt(adminLoginAttempts.attemptedAt, since), or(eq(adminLoginAttempts.clientAddress, clientKey), eq(adminLoginAttempts.account, account))),
    );
  if ((counts?.byClient ?? 0) > loginLimits.perClientAddress) {
    await forgetLoginAttempt(db, id);
    return { allowed: false };
  }
  return { allowed: true, id, delayMs: accountDelayMs(counts?.byAccount ?? 0) };
}

/** A successful login does not count as a failure. */
export async function forgetLoginAttempt(db: Db, id: number): Promise<void> {
  await db.delete(adminLoginAttempts).where(eq(adminLoginAttempts.id, id));
}

/** A failed attempt stays as it is; old rows go. */
export async function pruneLoginAttempts(db: Db, now: Date): Promise<void> {
  await db.delete(adminLoginAttempts).where(lt(adminLoginAttempts.attemptedAt, new Date(now.getTime() - loginLimits.windowMs)));
}
