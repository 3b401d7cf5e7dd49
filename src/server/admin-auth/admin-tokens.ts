import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { adminTokens } from "../db/schema/admin-auth.ts";
import { adminAreaConfig, type AdminArea } from "./admin-areas.ts";

/**
 * Tokens are 32 random bytes (base64url). Only their SHA-256 is stored and looked up, so neither a
 * database leak nor response timing reveals a usable token.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/** `account`: the camp account that signed in (the token is bound to it; removing the account ends it). */
export async function issueToken(db: Db, area: AdminArea, now: Date, account?: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(adminTokens).values({
    tokenHash: hashToken(token),
    area,
    account: account ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + adminAreaConfig[area].tokenLifetimeMs),
  });
  // Expired tokens are worthless; dropping them here keeps the table small without a scheduler.
  await db.delete(adminTokens).where(lt(adminTokens.expiresAt, now));
  return token;
}

/** True for a token of this area that is neither expired nor revoked. */
export async function isTokenValid(db: Db, area: AdminArea, token: string, now: Date): Promise<boolean> {
  if (!tokenShape.test(token)) return false;
  const rows = await db
    .select({ area: adminTokens.area })
    .from(adminTokens)
    .where(
      and(eq(adminTokens.tokenHash, hashToken(token)), eq(adminTokens.area, area), isNull(adminTokens.revokedAt), gt(adminTokens.expiresAt, now)),
    );
  return rows.length === 1;
}

/**
 * Ends a token at once (log-out, or a leaked token); with `area`, only a token of that area. True when it
 * existed and was still active.
 */
export async function revokeToken(db: Db, token: string, now: Date, area?: AdminArea): Promise<boolean> {
  if (!tokenShape.test(token)) return false;
  const rows = await db
    .update(adminTokens)
    .set({ revokedAt: now })
    .where(
      and(eq(adminTokens.tokenHash, hashToken(token)), isNull(adminTokens.revokedAt), area === undefined ? undefined : eq(adminTokens.area, area)),
    )
    .returning({ area: adminTokens.area });
  return rows.length > 0;
}

/** Ends every token of an area, e.g. after its password changed or on "Logg ut overalt". */
export async function revokeAllTokens(db: Db, area: AdminArea, now: Date): Promise<number> {
  const rows = await db
    .update(adminTokens)
    .set({ revokedAt: now })
    .where(and(eq(adminTokens.area, area), isNull(adminTokens.revokedAt)))
    .returning({ area: adminTokens.area });
  return rows.length;
}
