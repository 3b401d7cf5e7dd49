import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { familyLinks } from "../db/schema/events-orders.ts";

/**
 * Links to a family's page (`family_links`): a random secret of 256 bits (base64url), of which only the SHA-256
 * is stored. What a link opens is its scope, exactly one of an address (a family link: the season), a camp
 * registration (a submission link: it and its group) or one event order. Each feature decides what the scope
 * shows and how long an unopened link lives (the camp: camp-personal-link.ts; an event order: event-my-order.ts).
 */

export type FamilyLinkScope = { emailKey: string } | { registrationId: number } | { orderId: number };

/** The columns of a link of `scope`: an address's link and a registration's are the camp's, by their side. */
function scopeColumns(scope: FamilyLinkScope): Pick<typeof familyLinks.$inferInsert, "emailKey" | "orderId" | "ownerKind"> {
  if ("emailKey" in scope) return { emailKey: scope.emailKey, ownerKind: "camp" };
  if ("registrationId" in scope) return { orderId: scope.registrationId, ownerKind: "camp" };
  return { orderId: scope.orderId };
}

export type FamilyLink = typeof familyLinks.$inferSelect;

export function newPersonalToken(): string {
  return randomBytes(32).toString("base64url");
}

export function personalTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The stored row of a new link of `scope` whose secret hashes to `tokenHash`. */
export function familyLinkValues(scope: FamilyLinkScope, tokenHash: string, now: Date): typeof familyLinks.$inferInsert {
  return { ...scopeColumns(scope), tokenHash, createdAt: now };
}

/** A new link of `scope` (inside the caller's transaction when there is one); answers its secret. */
export async function createFamilyLink(db: Pick<Db, "insert">, scope: FamilyLinkScope, now: Date): Promise<string> {
  const token = newPersonalToken();
  await db.insert(familyLinks).values(familyLinkValues(scope, personalTokenHash(token), now));
  return token;
}

/** The stored link whose secret is `token`, if any (the caller checks the secret's shape first). */
export async function familyLinkOf(db: Pick<Db, "select">, token: string): Promise<FamilyLink | undefined> {
  const [row] = await db
    .select()
    .from(familyLinks)
    .where(eq(familyLinks.tokenHash, personalTokenHash(token)));
  return row;
}

/** Marks a link opened (once): from then on it no longer expires unopened. */
export async function markFamilyLinkUsed(db: Pick<Db, "update">, link: Pick<FamilyLink, "id" | "usedAt">, now: Date): Promise<void> {
  if (!link.usedAt) await db.update(familyLinks).set({ usedAt: now }).where(eq(familyLinks.id, link.id));
}
