import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { myRegistrationLinkPath, personalTokenPattern } from "../../shared/camp/camp-my-registration.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { campPersonalLinks } from "../db/schema/camp-self-service.ts";

/**
 * The personal link to "Min påmelding": a random secret of 256 bits (base64url), of which only the SHA-256
 * is stored. A link works while its registration is not anonymised (retention deletes the rows then, and an
 * anonymised registration is never found by one).
 */
export function newPersonalToken(): string {
  return randomBytes(32).toString("base64url");
}

export function personalTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function personalLinkUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}${myRegistrationLinkPath(token)}`;
}

/** Makes a new link for the registration (inside the caller's transaction when there is one); answers its secret. */
export async function createPersonalLink(db: Pick<Db, "insert">, registrationId: number, now: Date): Promise<string> {
  const token = newPersonalToken();
  await db.insert(campPersonalLinks).values({ registrationId, tokenHash: personalTokenHash(token), createdAt: now });
  return token;
}

/** The registration behind a link, or undefined for a malformed, unknown or anonymised one. */
export async function registrationIdOfLink(db: Pick<Db, "select">, token: string): Promise<number | undefined> {
  if (!personalTokenPattern.test(token)) return undefined;
  const [row] = await db
    .select({ id: campRegistrations.id })
    .from(campPersonalLinks)
    .innerJoin(campRegistrations, eq(campRegistrations.id, campPersonalLinks.registrationId))
    .where(and(eq(campPersonalLinks.tokenHash, personalTokenHash(token)), isNull(campRegistrations.anonymisedAt)));
  return row?.id;
}
